/**
 * The action log of one game (issue 18): with the session (options, seats, seed, start time) it
 * is enough to rebuild every state with the engine. Times are milliseconds since the game started,
 * exactly the `now` the room gave the engine, so a rebuild replays the same calls.
 */
import type { Seat } from '../games/contract.js';

export type LogEntry =
  /**
   * An applied action; `r` marks a race claim (the order of these is the race outcome), and `c`,
   * when claims carried the same time, is the room's tie coin: [this claim's rank, claims tied].
   */
  | { k: 'a'; s: Seat; a: unknown; t: number; r?: 1; c?: [number, number] }
  /** The clock ran out: `advance` at t (time-outs, windows closing). */
  | { k: 'x'; t: number }
  /** A race claim the engine refused because another claim was applied first (it lost the race). */
  | { k: 'l'; s: Seat; a: unknown; t: number; e: string; c?: [number, number] };

export interface SessionSetup {
  /** The engine options exactly as setup() received them. */
  options: { variant: string; players: number } & Record<string, unknown>;
  seats: number;
  seed: number;
  startedAt: number;
}
