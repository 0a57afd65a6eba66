/**
 * Survivors take over the tables of a process whose lease is gone (issue 24, several processes).
 * Every `intervalMs` each process lists the running journaled sessions, asks Redis which owners
 * still hold a lease, and reopens the orphans (server/journal/resume.ts `reopenSession`). Claims
 * are spread: an orphan is first claimed only by its preferred survivor (rendezvous hash of the
 * table id over the live lease holders); any survivor claims it once it has stayed an orphan for
 * `shareAfterMs` (the preferred one died too, or is slow). The store's fenced claim decides when
 * two try at once: only the one that read the current token wins.
 *
 * A store or Redis error skips the pass (tried again at the next one); a claim whose table could
 * not be read or opened is kept and tried again (its own claim is superseded by the next): a
 * table is never opened from a journal read in part.
 */
import { createHash } from 'node:crypto';
import { matchMaker } from '@colyseus/core';
import type { Store } from '../store/index.js';
import { PROCESS_OWNER } from './committer.js';
import { reopenSession } from './resume.js';
import type { ProcessLease } from './lease.js';
import { localTables } from './localTables.js';
import { logger } from '../ops/logger.js';
import { inParallel } from '../inParallel.js';

/** Tables reopened at once by one process (each is a rebuild and a room creation). */
const PARALLEL = 4;

export interface TakeoverDeps {
  store: Store;
  lease: ProcessLease;
  internalKey: string;
  intervalMs: number;
  shareAfterMs: number;
  /** A draining process takes nothing over. */
  draining: () => boolean;
}

export class Takeover {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  /** Orphan id → when this process first saw it orphaned. */
  private readonly seen = new Map<string, number>();
  /** Tables this process claimed and has not opened yet (a store error): its own to retry. */
  private readonly owed = new Set<string>();
  /** Tables reopened here (for tests and the bench). */
  reopened = 0;

  constructor(private readonly deps: TakeoverDeps) {}

  start(): void {
    this.timer = setInterval(() => void this.pass(), this.deps.intervalMs);
    this.timer.unref();
    void this.pass();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One pass; never two at once. */
  pass(): Promise<void> {
    this.running ??= this.scan()
      .catch((error: unknown) => logger.warn({ err: error }, 'takeover: pass failed; tried again at the next one'))
      .finally(() => { this.running = null; });
    return this.running;
  }

  private async scan(): Promise<void> {
    if (this.deps.draining() || !this.deps.lease.held) return;
    const sessions = await this.deps.store.listResumableSessions();
    const owners = [...new Set(sessions.map((s) => s.owner).filter((o) => o !== PROCESS_OWNER))];
    const alive = await this.deps.lease.alive(owners);
    const now = Date.now();
    const orphans = sessions.filter((s) => {
      if (matchMaker.getLocalRoomById(s.id)) return false;
      return s.owner === PROCESS_OWNER ? this.owed.has(s.id) : !alive.has(s.owner);
    });
    const orphanIds = new Set(orphans.map((s) => s.id));
    for (const id of this.seen.keys()) if (!orphanIds.has(id)) this.seen.delete(id);
    if (orphans.length === 0) return;
    const holders = await this.deps.lease.holders();
    const mine = orphans.filter((s) => {
      const first = this.seen.get(s.id) ?? now;
      this.seen.set(s.id, first);
      return s.owner === PROCESS_OWNER || preferred(s.id, holders) === PROCESS_OWNER || now - first >= this.deps.shareAfterMs;
    });
    await inParallel(mine, PARALLEL, async (next) => {
      if (!this.deps.draining()) await this.reopen(next.id, next.game, next.fence);
    });
  }

  private async reopen(id: string, game: string, fence: number): Promise<void> {
    try {
      const outcome = await reopenSession(this.deps.store, this.deps.internalKey, id, game, fence);
      this.owed.delete(id);
      this.seen.delete(id);
      if (outcome === 'resumed') {
        this.reopened++;
        logger.info({ room: id, game }, 'takeover: table reopened here from its journal');
      }
    } catch (error) {
      // Claimed (perhaps) and not opened: ours to open at the next pass, under a new claim.
      this.owed.add(id);
      logger.warn({ room: id, err: error }, 'takeover: reopening failed; tried again at the next pass');
    }
  }
}

/** The live holder that should claim this table first: highest hash of (table, holder). */
export function preferred(tableId: string, holders: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestScore = '';
  for (const holder of holders) {
    const score = createHash('sha1').update(`${tableId}\n${holder}`).digest('hex');
    if (score > bestScore) { bestScore = score; best = holder; }
  }
  return best;
}

/**
 * After this process lost its lease (frozen, cut off): the tables whose token moved on in the store
 * belong to another process now; their copies here close and send their clients there. Tables that
 * commit find out by themselves (the fenced commit); this catches the idle ones.
 */
export async function closeMovedTables(store: Pick<Store, 'sessionFences'>): Promise<number> {
  const tables = localTables.all();
  try {
    const fences = await store.sessionFences(tables.map((t) => t.roomId));
    const moved = tables.filter((t) => { const fence = fences.get(t.roomId); return fence !== undefined && fence !== t.journalFence(); });
    for (const table of moved) table.movedAway();
    return moved.length;
  } catch (error) {
    logger.warn({ err: error }, 'takeover: could not check which tables moved; their next commit will tell');
    return 0;
  }
}
