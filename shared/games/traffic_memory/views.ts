/**
 * What the table shows. A face-down card is only a position: its identity reaches no view until it is
 * opened ("When you open cards, all players must be able to see them"). Everything opened is public, so
 * a seat sees nothing more than a spectator.
 */
import type { TrafficcarsCard } from '../trafficcars_deck/cards.js';
import type { MemoryPhase, TrafficMemoryState } from './state.js';

export type MemoryCell =
  | { pos: number; state: 'down' }
  | { pos: number; state: 'up'; card: TrafficcarsCard }
  | { pos: number; state: 'gone' };

export interface TrafficMemoryPublicView {
  phase: MemoryPhase;
  /** Whose turn it is. */
  turn: number;
  columns: number;
  cells: MemoryCell[];
  /** Positions opened this turn, in order. */
  opened: number[];
  /** Cards each seat has taken, in the order taken. */
  piles: TrafficcarsCard[][];
  faceDown: number;
  range: { from: number; to: number };
  wilds: boolean;
  flipBy: number | null;
  revealUntil: number | null;
}

export interface TrafficMemorySeatView {
  seat: number;
  myTurn: boolean;
  /** Positions this seat may open now. */
  canOpen: number[];
}

export function trafficMemoryPublicView(s: TrafficMemoryState): TrafficMemoryPublicView {
  const cells = s.grid.map((card, pos): MemoryCell => {
    if (card === null) return { pos, state: 'gone' };
    if (s.opened.includes(pos)) return { pos, state: 'up', card };
    return { pos, state: 'down' };
  });
  return {
    phase: s.phase,
    turn: s.turn,
    columns: s.columns,
    cells,
    opened: [...s.opened],
    piles: s.piles.map((p) => [...p]),
    faceDown: cells.filter((c) => c.state === 'down').length,
    range: { from: s.options.from, to: s.options.to },
    wilds: s.options.wilds,
    flipBy: s.flipBy,
    revealUntil: s.revealUntil,
  };
}

export function trafficMemorySeatView(s: TrafficMemoryState, seat: number): TrafficMemorySeatView {
  const myTurn = s.phase === 'flip' && s.turn === seat;
  return {
    seat,
    myTurn,
    canOpen: myTurn ? s.grid.flatMap((c, pos) => (c !== null && !s.opened.includes(pos) ? [pos] : [])) : [],
  };
}
