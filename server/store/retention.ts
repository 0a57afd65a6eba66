/**
 * Replay retention (REPLAY_RETENTION_DAYS): sessions and action logs older than that are deleted
 * once an hour; results, ratings and history lines stay (a profile then shows the game without a
 * replay). Several processes may prune at once: deleting is idempotent.
 */
import type { Store } from './index.js';
import { logger } from '../ops/logger.js';

const EVERY_MS = 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

export function keepReplaysFor(store: Store, days: number, now: () => number = Date.now): { stop(): void } {
  if (days <= 0) return { stop: () => undefined };
  const prune = () => {
    store.pruneGameLogs(now() - days * DAY_MS)
      .then((n) => { if (n > 0) logger.info({ sessions: n }, 'old replays deleted'); })
      .catch((error: unknown) => logger.warn({ err: error }, 'pruning old replays failed'));
  };
  prune();
  const timer = setInterval(prune, EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
