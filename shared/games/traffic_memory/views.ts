/**
 * What the table shows. A face-down card is only a position: its identity reaches no view until it is
 * opened ("When you open cards, all players must be able to see them"). Everything opened is public, so
 * a seat sees nothing more than a spectator.
 */
import type { TrafficcarsCard } from '../trafficcars_deck/cards.js';
import { memoOn } from '../memo.js';
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

// Parts are memoised on the pieces of state they come from (shared/games/memo.ts), so an
// unchanged grid, cell or list keeps its view's reference and the mirror skips it. Cards and
// lists of the state are never changed in place, so the view shows them as they are.
const cellView = memoOn((card: TrafficcarsCard, pos: number, up: boolean): MemoryCell => (up ? { pos, state: 'up', card } : { pos, state: 'down' }));
const cellsView = memoOn((grid: readonly (TrafficcarsCard | null)[], opened: readonly number[]) =>
  grid.map((card, pos): MemoryCell => (card === null ? { pos, state: 'gone' } : cellView(card, pos, opened.includes(pos)))));

const seatView = memoOn((grid: readonly (TrafficcarsCard | null)[], opened: readonly number[], seat: number, myTurn: boolean): TrafficMemorySeatView => ({
  seat,
  myTurn,
  canOpen: myTurn ? grid.flatMap((c, pos) => (c !== null && !opened.includes(pos) ? [pos] : [])) : [],
}));

export function trafficMemoryPublicView(s: TrafficMemoryState): TrafficMemoryPublicView {
  const cells = cellsView(s.grid, s.opened);
  return {
    phase: s.phase,
    turn: s.turn,
    columns: s.columns,
    cells,
    opened: s.opened,
    piles: s.piles,
    faceDown: cells.filter((c) => c.state === 'down').length,
    range: { from: s.options.from, to: s.options.to },
    wilds: s.options.wilds,
    flipBy: s.flipBy,
    revealUntil: s.revealUntil,
  };
}

export function trafficMemorySeatView(s: TrafficMemoryState, seat: number): TrafficMemorySeatView {
  return seatView(s.grid, s.opened, seat, s.phase === 'flip' && s.turn === seat);
}
