/**
 * Re-runs a game from its session and action log with the same engine calls the room made. Any
 * divergence (an action the engine now refuses, a lost race it would now accept) throws: a replay
 * that does not match the game that was played is worse than none.
 */
import type { AnyGame, GameEvent, GameResult } from '../games/contract.js';
import { isEngineEntry, type EngineEntry, type LogEntry, type SessionSetup } from './log.js';

export interface ReplayStep {
  entry: EngineEntry | null;
  /** Absolute time of this step (session start + entry time). */
  now: number;
  state: unknown;
  events: GameEvent[];
}

export class ReplayDivergence extends Error {}

/** Calls `visit` with the start state, then after every log entry; returns the final state and result. */
export function rebuild(game: AnyGame, setup: SessionSetup, log: readonly LogEntry[],
  visit?: (step: ReplayStep) => void): { state: unknown; result: GameResult | null } {
  let state = game.setup(setup.options, setup.seats, setup.seed, setup.startedAt);
  visit?.({ entry: null, now: setup.startedAt, state, events: [] });
  log.forEach((entry, index) => {
    if (!isEngineEntry(entry)) return; // the table's own records (heartbeats, clock offsets, resignations)
    const now = setup.startedAt + entry.t;
    const outcome = entry.k === 'x' ? game.advance(state, now) : game.apply(state, entry.s, entry.a, now);
    if (entry.k === 'l') {
      if (outcome.ok) throw new ReplayDivergence(`entry ${index}: a lost race claim is now accepted`);
      visit?.({ entry, now, state, events: [] });
      return;
    }
    if (!outcome.ok) throw new ReplayDivergence(`entry ${index}: refused (${outcome.error.code})`);
    state = outcome.state;
    visit?.({ entry, now, state, events: outcome.events });
  });
  return { state, result: game.result(state) };
}
