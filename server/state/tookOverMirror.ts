/** Writes Took Over!'s views into its schema (server/state/tookOverSchema.ts). */
import type { TookOverPublicView, TookOverSeatView } from '../../shared/games/took_over/views.js';
import { fromNull } from '../../shared/wire/contract.js';
import { defineMirror, unchanged } from './mirror.js';
import { syncItems, syncValues } from './sync.js';
import { syncCards } from './trafficcarsSchema.js';
import { TookOverGapState, TookOverLatestState, TookOverPlayerState, TookOverSeatState, TookOverTableState } from './tookOverSchema.js';

export const tookOverMirror = defineMirror({
  createTable: () => new TookOverTableState(),
  writeTable(t: TookOverTableState, v: TookOverPublicView) {
    t.phase = v.phase;
    if (!unchanged(t.line, v.line)) syncCards(t.line, v.line);
    t.active = v.active;
    t.taker = fromNull(v.taker);
    if (!v.latest) t.latest = undefined;
    else {
      const latest = t.latest ?? (t.latest = new TookOverLatestState());
      if (!unchanged(latest, v.latest)) {
        latest.id = v.latest.id;
        latest.side = v.latest.side;
        latest.at = v.latest.at;
      }
    }
    if (!v.gap) t.gap = undefined;
    else {
      const gap = t.gap ?? (t.gap = new TookOverGapState());
      gap.low = v.gap.low;
      gap.high = v.gap.high;
    }
    t.paceUntil = v.paceUntil;
    t.idleUntil = v.idleUntil;
    t.passes = v.passes;
    if (!unchanged(t.players, v.players)) syncItems(t.players, v.players, () => new TookOverPlayerState(), (p, view) => { p.hand = view.hand; p.stack = view.stack; });
    t.discarded = v.discarded;
    t.setAside = v.setAside;
    t.winner = fromNull(v.winner);
    t.paceMs = v.paceMs;
  },
  createSeat: () => new TookOverSeatState(),
  writeSeat(s: TookOverSeatState, v: TookOverSeatView) {
    if (unchanged(s, v)) return;
    s.seat = v.seat;
    syncCards(s.hand, v.hand);
    syncValues(s.canPlace, v.canPlace);
    syncValues(s.canTakeOver, v.canTakeOver);
    s.canPass = v.canPass;
  },
});
