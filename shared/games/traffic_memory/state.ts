import type { RngState } from '../../random.js';
import type { TrafficcarsCard } from '../trafficcars_deck/cards.js';
import type { TrafficMemoryOptions } from './options.js';

export type MemoryPhase = 'flip' | 'reveal' | 'over';

export interface TrafficMemoryState {
  options: TrafficMemoryOptions;
  seats: number;
  rng: RngState;
  /** The layout, row by row; null where a card was taken. */
  grid: (TrafficcarsCard | null)[];
  columns: number;
  /** Positions opened this turn, in opening order (face up for everyone). */
  opened: number[];
  /** Whose turn it is. */
  turn: number;
  phase: MemoryPhase;
  /** Deadline for the next card to open (flip phase, when the clock is on). */
  flipBy: number | null;
  /** When the opened cards are turned back and the turn passes (reveal phase). */
  revealUntil: number | null;
  /** When the last card was opened or the turn began: bots time their reaction from it. */
  lastFlipAt: number;
  /** Cards each seat has taken (public: they were shown when opened). */
  piles: TrafficcarsCard[][];
  /**
   * Per position, the flip count at which everyone last saw its card, or null if never opened.
   * Never in a view: it feeds the bots' memory model, which may only recall what was shown.
   */
  seenAt: (number | null)[];
  /** Cards opened since the game began. */
  flips: number;
}
