/**
 * Retention sweeps, once an hour (several processes may sweep at once: deleting is idempotent).
 *  - Replays (REPLAY_RETENTION_DAYS): sessions and action logs older than that are deleted;
 *    results, ratings and history lines stay (a profile then shows the game without a replay).
 *  - Guests (GUEST_RETENTION_DAYS): a guest that never finished a game is deleted that long after
 *    it was made (store `pruneIdleGuests`), in batches of GUEST_BATCH, at most GUEST_BATCHES per
 *    sweep, so one sweep never holds the database for long; what is left waits for the next hour.
 */
import type { Store } from './index.js';
import { logger } from '../ops/logger.js';

const EVERY_MS = 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;
export const GUEST_BATCH = 500;
const GUEST_BATCHES = 20;

export interface Sweep { stop(): void }

function hourly(run: () => void): Sweep {
  run();
  const timer = setInterval(run, EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

export function keepReplaysFor(store: Store, days: number, now: () => number = Date.now): Sweep {
  if (days <= 0) return { stop: () => undefined };
  return hourly(() => {
    store.pruneGameLogs(now() - days * DAY_MS)
      .then((n) => { if (n > 0) logger.info({ sessions: n }, 'old replays deleted'); })
      .catch((error: unknown) => logger.warn({ err: error }, 'pruning old replays failed'));
  });
}

/** One guest sweep: batches until one comes back short or the sweep's share is done. Returns how many went. */
export async function sweepIdleGuests(store: Store, days: number, now: () => number = Date.now): Promise<number> {
  const before = now() - days * DAY_MS;
  let total = 0;
  for (let batch = 0; batch < GUEST_BATCHES; batch++) {
    const n = await store.pruneIdleGuests(before, GUEST_BATCH);
    total += n;
    if (n < GUEST_BATCH) break;
  }
  return total;
}

export function expireIdleGuests(store: Store, days: number, now: () => number = Date.now): Sweep {
  if (days <= 0) return { stop: () => undefined };
  let running = false;
  return hourly(() => {
    if (running) return;
    running = true;
    sweepIdleGuests(store, days, now)
      .then((n) => { if (n > 0) logger.info({ guests: n }, 'idle guests deleted'); })
      .catch((error: unknown) => logger.warn({ err: error }, 'deleting idle guests failed'))
      .finally(() => { running = false; });
  });
}
