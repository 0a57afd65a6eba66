/**
 * What each client may see (RULES-NOTES 4.3: hands face up by default). With `hiddenHands` a hand's
 * cards are only in its owner's seat view; everybody sees the counts. A claimed card is public.
 */
import type { Board } from './board.js';
import { cardById, type Card } from './cards.js';
import type { BipVariant } from './options.js';
import { memoOn } from '../memo.js';
import type { BipState, MoveRecord, Phase, Review, ShownClaim } from './state.js';

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

// Each part is memoised on the pieces of state it comes from (shared/games/memo.ts), so an
// unchanged player, claim or list keeps its view's reference and the mirror skips it.
const claimView = memoOn((c: ShownClaim) => ({ ...c, face: cardById(c.card) }));
const reviewsView = memoOn((reviews: readonly Review[]): PublicReview[] =>
  reviews.map(({ seat, card, cars, at, until, board }) => ({ seat, card, cars, at, until, board })));

const playerView = memoOn((hand: readonly number[], seat: number, claimed: number[], blockedUntil: number, scores: readonly number[][], hidden: boolean): PublicPlayer => {
  const roundScores = scores.map((r) => r[seat]);
  return {
    seat, handCount: hand.length,
    ...(hidden ? {} : { hand: hand.map(cardById) }),
    claimed, blockedUntil,
    roundScores, total: roundScores.reduce((a, b) => a + b, 0),
  };
});
const playersView = memoOn((hands: readonly number[][], claimed: readonly number[][], blockedUntil: readonly number[], scores: readonly number[][], hidden: boolean) =>
  hands.map((h, seat) => playerView(h, seat, claimed[seat], blockedUntil[seat], scores, hidden)));

const seatView = memoOn((hand: readonly number[], seat: number, blockedUntil: number): BipSeatView => ({ seat, hand: hand.map(cardById), blockedUntil }));
const NO_HAND: number[] = [];

export function bipPublicView(s: BipState): BipPublicView {
  return {
    variant: s.variant, phase: s.phase, round: s.round, rounds: s.rounds, startsAt: s.startsAt,
    board: s.board, boardVersion: s.boardVersion, light: s.light, lastMove: s.lastMove,
    frozenUntil: s.frozenUntil,
    lastClaim: s.lastClaim && claimView(s.lastClaim),
    reviews: reviewsView(s.reviews),
    swap: s.swap, nextRoundAt: s.nextRoundAt, roundWinners: s.roundWinners,
    hiddenHands: s.rules.hiddenHands, manualReferee: s.rules.manualReferee,
    players: playersView(s.hands, s.claimed, s.blockedUntil, s.scores, s.rules.hiddenHands),
  };
}

export function bipSeatView(s: BipState, seat: number): BipSeatView {
  return seatView(s.hands[seat] ?? NO_HAND, seat, s.blockedUntil[seat] ?? 0);
}
