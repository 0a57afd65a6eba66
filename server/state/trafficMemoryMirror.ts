/** Writes Traffic-Memory's views into its schema (server/state/trafficMemorySchema.ts). */
import type { TrafficMemoryPublicView, TrafficMemorySeatView } from '../../shared/games/traffic_memory/views.js';
import { fromNull } from '../../shared/wire/contract.js';
import { defineMirror, unchanged } from './mirror.js';
import { syncItems, syncValues } from './sync.js';
import { MemoryCellState, TrafficMemorySeatState, TrafficMemoryTableState } from './trafficMemorySchema.js';
import { CardRowState, TrafficcarsCardState, syncCards, writeCard } from './trafficcarsSchema.js';

export const trafficMemoryMirror = defineMirror({
  createTable: () => new TrafficMemoryTableState(),
  writeTable(t: TrafficMemoryTableState, v: TrafficMemoryPublicView) {
    t.phase = v.phase;
    t.turn = v.turn;
    t.columns = v.columns;
    if (!unchanged(t.cells, v.cells)) syncItems(t.cells, v.cells, () => new MemoryCellState(), (cell, view) => {
      if (unchanged(cell, view)) return;
      cell.pos = view.pos;
      cell.state = view.state;
      if (view.state !== 'up') cell.card = undefined;
      else writeCard(cell.card ?? (cell.card = new TrafficcarsCardState()), view.card);
    });
    if (!unchanged(t.opened, v.opened)) syncValues(t.opened, v.opened);
    if (!unchanged(t.piles, v.piles)) {
      syncItems(t.piles, v.piles, () => new CardRowState(), (row, cards) => { if (!unchanged(row, cards)) syncCards(row.cards, cards); });
    }
    t.faceDown = v.faceDown;
    t.rangeFrom = v.range.from;
    t.rangeTo = v.range.to;
    t.wilds = v.wilds;
    t.flipBy = fromNull(v.flipBy);
    t.revealUntil = fromNull(v.revealUntil);
  },
  createSeat: () => new TrafficMemorySeatState(),
  writeSeat(s: TrafficMemorySeatState, v: TrafficMemorySeatView) {
    if (unchanged(s, v)) return;
    s.seat = v.seat;
    s.myTurn = v.myTurn;
    syncValues(s.canOpen, v.canOpen);
  },
});
