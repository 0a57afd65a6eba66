/** Writes Bip! Bip!'s views into its schema (server/state/bipBipSchema.ts). */
import type { Board } from '../../shared/games/bip_bip/board.js';
import type { ShownClaim } from '../../shared/games/bip_bip/state.js';
import type { BipPublicView, BipSeatView } from '../../shared/games/bip_bip/views.js';
import { fromNull } from '../../shared/wire/contract.js';
import { BipClaimState, BipMoveState, BipPlayerState, BipReviewState, BipSeatState, BipSwapState, BipTableState } from './bipBipSchema.js';
import { defineMirror, unchanged } from './mirror.js';
import { syncItems, syncValues } from './sync.js';

const cells = (board: Board): string[] => board.map((c) => c ?? '');
const ids = (cards: readonly { id: number }[]): number[] => cards.map((c) => c.id);

function writeClaim(target: BipClaimState, claim: ShownClaim): void {
  target.seat = claim.seat;
  target.card = claim.card;
  syncValues(target.cars, claim.cars);
  target.at = claim.at;
}

export const bipBipMirror = defineMirror({
  createTable: () => new BipTableState(),
  writeTable(t: BipTableState, v: BipPublicView) {
    t.variant = v.variant;
    t.phase = v.phase;
    t.round = v.round;
    t.rounds = v.rounds;
    t.startsAt = v.startsAt;
    if (!unchanged(t.board, v.board)) syncValues(t.board, cells(v.board));
    t.boardVersion = v.boardVersion;
    t.light = fromNull(v.light);
    if (!v.lastMove) t.lastMove = undefined;
    else {
      const move = t.lastMove ?? (t.lastMove = new BipMoveState());
      if (!unchanged(move, v.lastMove)) {
        move.seat = v.lastMove.seat;
        move.from = v.lastMove.from;
        move.to = v.lastMove.to;
        move.swapped = v.lastMove.swapped;
      }
    }
    t.frozenUntil = v.frozenUntil;
    if (!v.lastClaim) t.lastClaim = undefined;
    else {
      const claim = t.lastClaim ?? (t.lastClaim = new BipClaimState());
      if (!unchanged(claim, v.lastClaim)) writeClaim(claim, v.lastClaim);
    }
    if (!unchanged(t.reviews, v.reviews)) syncItems(t.reviews, v.reviews, () => new BipReviewState(), (r, view) => {
      if (unchanged(r, view)) return;
      writeClaim(r, view);
      r.until = view.until;
      syncValues(r.board, cells(view.board));
    });
    if (!v.swap) t.swap = undefined;
    else {
      const swap = t.swap ?? (t.swap = new BipSwapState());
      swap.leader = v.swap.leader;
      swap.count = v.swap.count;
      swap.until = v.swap.until;
    }
    t.nextRoundAt = fromNull(v.nextRoundAt);
    syncValues(t.roundWinners, v.roundWinners);
    t.hiddenHands = v.hiddenHands;
    t.manualReferee = v.manualReferee;
    if (!unchanged(t.players, v.players)) syncItems(t.players, v.players, () => new BipPlayerState(), (p, view) => {
      if (unchanged(p, view)) return;
      p.seat = view.seat;
      p.handCount = view.handCount;
      p.handShown = view.hand !== undefined;
      syncValues(p.hand, ids(view.hand ?? []));
      syncValues(p.claimed, view.claimed);
      p.blockedUntil = view.blockedUntil;
      syncValues(p.roundScores, view.roundScores);
      p.total = view.total;
    });
  },
  createSeat: () => new BipSeatState(),
  writeSeat(s: BipSeatState, v: BipSeatView) {
    if (unchanged(s, v)) return;
    s.seat = v.seat;
    syncValues(s.hand, ids(v.hand));
    s.blockedUntil = v.blockedUntil;
  },
});
