/**
 * Test-only: bots whose reactions wait for the test's cue instead of their human-like delay. A
 * browser on a loaded machine can be slower than any bot, and a test that races bots tests the
 * machine, not the product. On only when the test process passes `BOTS_ON_CUE: true` to
 * startJunction (never read from the environment); no client message reaches it.
 */
import type { TimerClock } from './tableClocks.js';

const waiting = new Set<() => void>();

/** A clock for a room's BotDriver: each reaction is held until `cueBots`, then runs on the room's own timers. */
export function cuedClock(roomTimers: TimerClock): TimerClock {
  return {
    setTimeout(fn) {
      const release = () => {
        waiting.delete(release);
        roomTimers.setTimeout(fn, 0);
      };
      waiting.add(release);
      return { clear: () => waiting.delete(release) };
    },
  };
}

/** Lets every held bot reaction in this process act now (each decides again on the table as it is); how many were held. */
export function cueBots(): number {
  const due = [...waiting];
  for (const release of due) release();
  return due.length;
}
