/**
 * What each client may see (RULES-NOTES 4.3: hands face up by default). With `hiddenHands` a hand's
 * cards are only in its owner's seat view; everybody sees the counts. A claimed card is public.
 */
import type { Board } from './board.js';
import { cardById, type Card } from './cards.js';
import type { BipVariant } from './options.js';
import type { BipState, MoveRecord, Phase, ShownClaim } from './state.js';

export type CardFace = Card;

export interface PublicPlayer {
  seat: number;
  handCount: number;
  /** Present only when hands lie face up. */
  hand?: CardFace[];
  /** Cards this seat got rid of this round, in order (public: each was shown). */
  claimed: number[];
  /** Claims refused until then (after a wrong claim). */
  blockedUntil: number;
  /** Cards left at the end of each finished round, and their sum. */
  roundScores: number[];
  total: number;
}

export interface PublicReview extends ShownClaim { until: number; board: Board }

export interface BipPublicView {
  variant: BipVariant;
  phase: Phase;
  round: number;
  rounds: number;
  startsAt: number;
  /** 16 intersections, index = row * 4 + column (a1 = 0): 'R' | 'B' | 'Y' | null. */
  board: Board;
  /** Send it back as `seen` in moves and claims. */
  boardVersion: number;
  /** Who holds the green light (may not move until someone else has). */
  light: number | null;
  lastMove: MoveRecord | null;
  /** Moves are refused until then (a valid claim is being shown). */
  frozenUntil: number;
  /** The latest claim: its card and the cars (shown to all during the freeze). */
  lastClaim: (ShownClaim & { face: CardFace }) | null;
  /** manualReferee: claims still open to a "Wrong!" challenge. */
  reviews: PublicReview[];
  swap: { leader: number; count: number; until: number } | null;
  nextRoundAt: number | null;
  roundWinners: number[];
  hiddenHands: boolean;
  manualReferee: boolean;
  players: PublicPlayer[];
}

export interface BipSeatView {
  seat: number;
  hand: CardFace[];
  blockedUntil: number;
}

export function bipPublicView(s: BipState): BipPublicView {
  return {
    variant: s.variant, phase: s.phase, round: s.round, rounds: s.rounds, startsAt: s.startsAt,
    board: s.board.slice(), boardVersion: s.boardVersion, light: s.light, lastMove: s.lastMove,
    frozenUntil: s.frozenUntil,
    lastClaim: s.lastClaim && { ...s.lastClaim, face: cardById(s.lastClaim.card) },
    reviews: s.reviews.map(({ seat, card, cars, at, until, board }) => ({ seat, card, cars, at, until, board })),
    swap: s.swap, nextRoundAt: s.nextRoundAt, roundWinners: s.roundWinners,
    hiddenHands: s.rules.hiddenHands, manualReferee: s.rules.manualReferee,
    players: s.hands.map((h, seat) => {
      const roundScores = s.scores.map((r) => r[seat]);
      return {
        seat, handCount: h.length,
        ...(s.rules.hiddenHands ? {} : { hand: h.map(cardById) }),
        claimed: s.claimed[seat], blockedUntil: s.blockedUntil[seat],
        roundScores, total: roundScores.reduce((a, b) => a + b, 0),
      };
    }),
  };
}

export function bipSeatView(s: BipState, seat: number): BipSeatView {
  return { seat, hand: (s.hands[seat] ?? []).map(cardById), blockedUntil: s.blockedUntil[seat] ?? 0 };
}
