/** Traffic-Memory on the wire: cells as state + card, piles as card rows. */
import type { MemoryCell, TrafficMemoryPublicView, TrafficMemorySeatView } from '../games/traffic_memory/views.js';
import { list, orNull, type ViewReader, type WireList } from './contract.js';
import { cardOf, cardsOf, type CardRowWire, type TrafficcarsCardWire } from './trafficcars.js';

export interface MemoryCellWire { pos: number; state: string; card?: TrafficcarsCardWire }

export interface TrafficMemoryTableWire {
  phase: string; turn: number; columns: number;
  cells: WireList<MemoryCellWire>;
  opened: WireList<number>;
  piles: WireList<CardRowWire>;
  faceDown: number; rangeFrom: number; rangeTo: number; wilds: boolean;
  flipBy: number; revealUntil: number;
}

export interface TrafficMemorySeatWire { seat: number; myTurn: boolean; canOpen: WireList<number> }

function cellOf(c: MemoryCellWire): MemoryCell {
  if (c.state === 'up' && c.card) return { pos: c.pos, state: 'up', card: cardOf(c.card) };
  return { pos: c.pos, state: c.state === 'gone' ? 'gone' : 'down' };
}

export const trafficMemoryReader: ViewReader<TrafficMemoryPublicView, TrafficMemorySeatView | null> = {
  publicView(wire) {
    const w = wire as TrafficMemoryTableWire;
    return {
      phase: w.phase as TrafficMemoryPublicView['phase'], turn: w.turn, columns: w.columns,
      cells: list(w.cells).map(cellOf), opened: list(w.opened), piles: list(w.piles).map((p) => cardsOf(p.cards)),
      faceDown: w.faceDown, range: { from: w.rangeFrom, to: w.rangeTo }, wilds: w.wilds,
      flipBy: orNull(w.flipBy), revealUntil: orNull(w.revealUntil),
    };
  },
  seatView(wire) {
    const w = wire as TrafficMemorySeatWire | undefined;
    return w ? { seat: w.seat, myTurn: w.myTurn, canOpen: list(w.canOpen) } : null;
  },
};
