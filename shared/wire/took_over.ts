/** Took Over! on the wire. Hands are counts in the table; a hand's cards only in its owner's seat view. */
import type { TookOverPublicView, TookOverSeatView } from '../games/took_over/views.js';
import { list, orNull, type ViewReader, type WireList } from './contract.js';
import { numberedOf, type TrafficcarsCardWire } from './trafficcars.js';

export interface TookOverLatestWire { id: string; side: string; at: number }
export interface TookOverGapWire { low: number; high: number }
export interface TookOverPlayerWire { hand: number; stack: number }

export interface TookOverTableWire {
  phase: string;
  line: WireList<TrafficcarsCardWire>;
  active: number; taker: number;
  latest?: TookOverLatestWire; gap?: TookOverGapWire;
  paceUntil: number; idleUntil: number; passes: number;
  players: WireList<TookOverPlayerWire>;
  discarded: number; setAside: number; winner: number; paceMs: number;
}

export interface TookOverSeatWire {
  seat: number;
  hand: WireList<TrafficcarsCardWire>;
  canPlace: WireList<string>; canTakeOver: WireList<string>; canPass: boolean;
}

export const tookOverReader: ViewReader<TookOverPublicView, TookOverSeatView | null> = {
  publicView(wire) {
    const w = wire as TookOverTableWire;
    return {
      phase: w.phase as TookOverPublicView['phase'], line: list(w.line).map(numberedOf), active: w.active, taker: orNull(w.taker),
      latest: w.latest ? { id: w.latest.id, side: w.latest.side as 'left' | 'right', at: w.latest.at } : null,
      gap: w.gap ? { low: w.gap.low, high: w.gap.high } : null,
      paceUntil: w.paceUntil, idleUntil: w.idleUntil, passes: w.passes,
      players: list(w.players).map((p) => ({ hand: p.hand, stack: p.stack })),
      discarded: w.discarded, setAside: w.setAside, winner: orNull(w.winner), paceMs: w.paceMs,
    };
  },
  seatView(wire) {
    const w = wire as TookOverSeatWire | undefined;
    if (!w) return null;
    return { seat: w.seat, hand: list(w.hand).map(numberedOf), canPlace: list(w.canPlace), canTakeOver: list(w.canTakeOver), canPass: w.canPass };
  },
};
