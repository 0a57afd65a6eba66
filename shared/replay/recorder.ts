/**
 * Test and benchmark helper: wraps an engine so that every successful apply/advance (and every
 * refused race claim) is written to a log in the room's format (server/rooms/actionLog.ts).
 */
import type { AnyGame } from '../games/contract.js';
import type { LogEntry } from './log.js';

export function recordingEngine(game: AnyGame, startedAt: number, log: LogEntry[]): Pick<AnyGame, 'apply' | 'advance' | 'nextDeadline'> {
  return {
    nextDeadline: (state) => game.nextDeadline(state),
    apply(state, seat, action, now) {
      const outcome = game.apply(state, seat, action, now);
      const race = game.isRace(action);
      if (outcome.ok) log.push(race ? { k: 'a', s: seat, a: action, t: now - startedAt, r: 1 } : { k: 'a', s: seat, a: action, t: now - startedAt });
      else if (race) log.push({ k: 'l', s: seat, a: action, t: now - startedAt, e: outcome.error.code });
      return outcome;
    },
    advance(state, now) {
      const outcome = game.advance(state, now);
      if (outcome.ok) log.push({ k: 'x', t: now - startedAt });
      return outcome;
    },
  };
}
