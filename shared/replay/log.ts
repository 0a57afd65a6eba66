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
  | { k: 'l'; s: Seat; a: unknown; t: number; e: string; c?: [number, number] }
  | TableEntry;

/**
 * What the table itself records beside the engine's calls (issue 24); a rebuild passes over them,
 * the room reads them back when it reopens the table:
 * - `h`: the table was shown alive at t (a heartbeat while a deadline runs): a table reopened after
 *   its process died goes on from the last such time, so its clocks have the time left they had;
 * - `o`: from t on, the table's time is the wall clock minus `d` ms (the time no process held it);
 * - `r`: seat `s` resigned at t (a bot plays it to the end; last place in the result).
 */
export type TableEntry =
  | { k: 'h'; t: number }
  | { k: 'o'; t: number; d: number }
  | { k: 'r'; s: Seat; t: number };

/** The engine's own calls: an applied action, a clock step, a lost race. */
export type EngineEntry = Exclude<LogEntry, TableEntry>;

export function isEngineEntry(entry: LogEntry): entry is EngineEntry {
  return entry.k === 'a' || entry.k === 'x' || entry.k === 'l';
}

export interface SessionSetup {
  /** The engine options exactly as setup() received them. */
  options: { variant: string; players: number } & Record<string, unknown>;
  seats: number;
  seed: number;
  startedAt: number;
}
