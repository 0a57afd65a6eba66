/**
 * Waking sleeping turn-based tables (issue 25). A table asleep in the store is open on no process;
 * it wakes on the process that claims it first (`claimSleepingSession`: a new fencing token and a
 * lease, so exactly one process reopens it, and a waker that died is replaced when its lease
 * passes), rebuilt from its journal with the same id (server/journal/resume.ts `reopenClaimed`):
 * - when a player opens it (`open`, behind POST /api/games/:id/wake), then they join it by id;
 * - when its deadline comes (the poller, every `pollMs` on every process), so its clock's default
 *   move applies even with nobody there; it then goes back to sleep.
 */
import type { Store } from '../store/index.js';
import { PROCESS_OWNER } from '../journal/committer.js';
import { reopenClaimed } from '../journal/resume.js';
import { logger } from '../ops/logger.js';
import { inParallel } from '../inParallel.js';

export interface WakeDeps {
  store: Pick<Store, 'getGameSession' | 'claimSleepingSession' | 'markAwake' | 'listDueSleepingSessions'> & Store;
  internalKey: string;
  /** Whether a room with this id is open on some process (Colyseus' listing: every process with Redis). */
  isOpen(id: string): Promise<boolean>;
  /** How long a waker holds a table before another process may try. */
  leaseMs: number;
  /** How long `open` waits for a table on its way to sleep or being woken elsewhere. */
  waitMs: number;
}

export type OpenOutcome = 'open' | 'not_found' | 'busy';

const STEP_MS = 100;
const DUE_BATCH = 50;
const WAKE_AT_ONCE = 4;

export class TableWaker {
  private timer: ReturnType<typeof setInterval> | null = null;
  private polling: Promise<void> | null = null;

  constructor(private readonly deps: WakeDeps) {}

  /** Makes sure the table is open on some process (waking it here if it sleeps); `not_found` for no running table. */
  async open(id: string): Promise<OpenOutcome> {
    const until = Date.now() + this.deps.waitMs;
    while (Date.now() < until) {
      const session = await this.deps.store.getGameSession(id);
      if (!session || session.status !== 'running') return 'not_found';
      const open = await this.deps.isOpen(id);
      if (!session.sleeping) {
        if (open) return 'open';
        // Not asleep and open nowhere: a live table that is gone (the abandoned sweep's case).
        return 'not_found';
      }
      // Asleep but still listed: its room is on its way out. Asleep and not listed: wake it here.
      if (!open && await this.wake(id, false)) return 'open';
      await new Promise((r) => setTimeout(r, STEP_MS));
    }
    return 'busy';
  }

  /** Every `everyMs`: wakes the sleeping tables whose deadline has come. */
  start(everyMs: number): void {
    this.timer = setInterval(() => void this.pollOnce(), everyMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One pass of the deadline poller (never two at once). */
  pollOnce(): Promise<void> {
    this.polling ??= this.wakeDue().finally(() => { this.polling = null; });
    return this.polling;
  }

  private async wakeDue(): Promise<void> {
    try {
      const due = await this.deps.store.listDueSleepingSessions(Date.now(), DUE_BATCH);
      // A few at once: deadlines that fall together (or passed during a restart) each fire within seconds.
      await inParallel(due, WAKE_AT_ONCE, async ({ id }) => {
        if (await this.deps.isOpen(id)) return; // still closing after its sleep: next pass
        await this.wake(id, true).catch((error: unknown) => logger.warn({ room: id, err: error }, 'turn-based: waking a due table failed; the next pass tries again'));
      });
    } catch (error) {
      logger.warn({ err: error }, 'turn-based: waking due tables failed; the next pass tries again');
    }
  }

  /** Claims and reopens one sleeping table; false when another process holds it (or, `due`, its deadline has not come). */
  private async wake(id: string, due: boolean): Promise<boolean> {
    const now = Date.now();
    const claim = await this.deps.store.claimSleepingSession(id, PROCESS_OWNER, now, now + this.deps.leaseMs, due);
    if (!claim) return false;
    const outcome = await reopenClaimed(this.deps.store, this.deps.internalKey, id, claim.game, claim, 'ran');
    if (outcome === 'resumed') await this.deps.store.markAwake(id, claim.fence);
    logger.info({ room: id, game: claim.game, by: due ? 'deadline' : 'player', outcome }, 'turn-based: table woken');
    return true;
  }
}
