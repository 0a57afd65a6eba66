/** Bip! Bip! on the wire: cards by id (the deck is fixed), board cells as 'R' | 'B' | 'Y' | '' (empty). */
import type { Board } from '../games/bip_bip/board.js';
import { cardById, type Colour } from '../games/bip_bip/cards.js';
import type { BipPublicView, BipSeatView, PublicPlayer } from '../games/bip_bip/views.js';
import { list, orNull, type ViewReader, type WireList } from './contract.js';

export interface BipMoveWire { seat: number; from: number; to: number; swapped: boolean }
export interface BipClaimWire { seat: number; card: number; cars: WireList<number>; at: number }
export interface BipReviewWire extends BipClaimWire { until: number; board: WireList<string> }
export interface BipSwapWire { leader: number; count: number; until: number }
export interface BipPlayerWire {
  seat: number; handCount: number;
  /** Hands lie face up: `hand` is public. */
  handShown: boolean;
  hand: WireList<number>; claimed: WireList<number>; blockedUntil: number; roundScores: WireList<number>; total: number;
}

export interface BipTableWire {
  variant: string; phase: string; round: number; rounds: number; startsAt: number;
  board: WireList<string>; boardVersion: number; light: number;
  lastMove?: BipMoveWire; frozenUntil: number; lastClaim?: BipClaimWire;
  reviews: WireList<BipReviewWire>; swap?: BipSwapWire; nextRoundAt: number;
  roundWinners: WireList<number>; hiddenHands: boolean; manualReferee: boolean;
  players: WireList<BipPlayerWire>;
}

export interface BipSeatWire { seat: number; hand: WireList<number>; blockedUntil: number }

export const boardOf = (cells: WireList<string>): Board => list(cells).map((c) => (c === '' ? null : c as Colour));
const claimOf = (c: BipClaimWire) => ({ seat: c.seat, card: c.card, cars: list(c.cars), at: c.at });

function playerOf(p: BipPlayerWire): PublicPlayer {
  return {
    seat: p.seat, handCount: p.handCount, ...(p.handShown ? { hand: list(p.hand).map(cardById) } : {}),
    claimed: list(p.claimed), blockedUntil: p.blockedUntil, roundScores: list(p.roundScores), total: p.total,
  };
}

export const bipReader: ViewReader<BipPublicView, BipSeatView | null> = {
  publicView(wire) {
    const w = wire as BipTableWire;
    return {
      variant: w.variant as BipPublicView['variant'], phase: w.phase as BipPublicView['phase'], round: w.round, rounds: w.rounds,
      startsAt: w.startsAt, board: boardOf(w.board), boardVersion: w.boardVersion, light: orNull(w.light),
      lastMove: w.lastMove ? { seat: w.lastMove.seat, from: w.lastMove.from, to: w.lastMove.to, swapped: w.lastMove.swapped } : null,
      frozenUntil: w.frozenUntil,
      lastClaim: w.lastClaim ? { ...claimOf(w.lastClaim), face: cardById(w.lastClaim.card) } : null,
      reviews: list(w.reviews).map((r) => ({ ...claimOf(r), until: r.until, board: boardOf(r.board) })),
      swap: w.swap ? { leader: w.swap.leader, count: w.swap.count, until: w.swap.until } : null,
      nextRoundAt: orNull(w.nextRoundAt), roundWinners: list(w.roundWinners),
      hiddenHands: w.hiddenHands, manualReferee: w.manualReferee, players: list(w.players).map(playerOf),
    };
  },
  seatView(wire) {
    const w = wire as BipSeatWire | undefined;
    return w ? { seat: w.seat, hand: list(w.hand).map(cardById), blockedUntil: w.blockedUntil } : null;
  },
};
