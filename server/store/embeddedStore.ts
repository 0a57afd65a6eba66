/**
 * The embedded store (PGlite, one process): the SQL store with its journal commits spooled
 * (server/store/journalSpool.ts). PGlite runs in the game's own event loop, and one statement per
 * turn of the loop with a few rows cost more CPU than the games themselves (docs/benchmarks.md,
 * "Journal"); a line appended to a file costs microseconds. Fencing stays exact: this process is
 * the only writer of its data directory, so the tokens it has seen or set are the current ones; a
 * claim moves the spool in and holds back commits of its table until the new token is known.
 */
import type { Kysely } from 'kysely';
import type { LogEntry } from '../../shared/replay/log.js';
import type { Database } from './schema.js';
import type { GameRecord, JournalCommit, TurnRecord } from './types.js';
import { SqlStore } from './sqlStore.js';
import { JournalSpool, mergedRows, type SpoolChunk } from './journalSpool.js';
import { logger } from '../ops/logger.js';

/** How often the spool is moved into the store by default (and so about how old an unmoved entry gets). */
export const MOVE_EVERY_MS = 1_000;
/** Entries that make the spool move in at once, whatever the time. */
const MOVE_AT_ENTRIES = 4_096;
/** The token cache is dropped (and reloaded on demand) beyond this many tables. */
const MAX_CACHED_TOKENS = 20_000;

export class EmbeddedStore extends SqlStore {
  /** Current fencing token per session this process has written or claimed (0: no such session). */
  private readonly tokens = new Map<string, number>();
  /** Tables being claimed: their commits wait for the new token. */
  private readonly claiming = new Map<string, Promise<unknown>>();
  private moving: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;
  private closed = false;

  private constructor(db: Kysely<Database>, private readonly spool: JournalSpool, moveEveryMs: number) {
    super('embedded', db);
    this.timer = setInterval(() => { if (this.spool.pendingEntries > 0) this.moveInBackground(); }, moveEveryMs);
    this.timer.unref();
  }

  /** Opens over a migrated database; segments a killed process left are moved in before anything reads a log. */
  static async open(db: Kysely<Database>, spoolDir: string | null, moveEveryMs = MOVE_EVERY_MS): Promise<EmbeddedStore> {
    const store = new EmbeddedStore(db, JournalSpool.open(spoolDir), moveEveryMs);
    await store.moveIn();
    return store;
  }

  override async commitJournal(commit: JournalCommit): Promise<{ fenced: string[] }> {
    if (commit.sessions.length > 0) {
      await super.commitJournal({ sessions: commit.sessions, chunks: [] });
      for (const s of commit.sessions) this.tokens.delete(s.session.id);
    }
    if (commit.chunks.length === 0) return { fenced: [] };
    await this.tokensKnown(commit.chunks);
    // From here to the append nothing awaits: no claim can move a token in between.
    const fenced = new Set<string>();
    const accepted: SpoolChunk[] = [];
    for (const c of commit.chunks) {
      if (this.tokens.get(c.gameId) === c.fence) accepted.push(c);
      else fenced.add(c.gameId);
    }
    this.spool.append(accepted);
    if (this.spool.pendingEntries >= MOVE_AT_ENTRIES) this.moveInBackground();
    return { fenced: [...fenced] };
  }

  override async readGameLog(gameId: string): Promise<LogEntry[]> {
    await this.moveIn();
    return super.readGameLog(gameId);
  }

  override async gameLogBytes(gameId: string): Promise<number> {
    await this.moveIn();
    return super.gameLogBytes(gameId);
  }

  override claimGameSession(id: string, owner: string, expectFence?: number): ReturnType<SqlStore['claimGameSession']> {
    return this.claim(id, () => super.claimGameSession(id, owner, expectFence), (claimed) => claimed.fence);
  }

  override takeOverSession(id: string, owner: string, expectFence?: number): ReturnType<SqlStore['takeOverSession']> {
    return this.claim(id, () => super.takeOverSession(id, owner, expectFence), (taken) => taken.claim.fence);
  }

  override claimSleepingSession(id: string, owner: string, now: number, leaseUntil: number, due: boolean): ReturnType<SqlStore['claimSleepingSession']> {
    return this.claim(id, () => super.claimSleepingSession(id, owner, now, leaseUntil, due), (claimed) => claimed.fence);
  }

  override async openFillingSession(...args: Parameters<SqlStore['openFillingSession']>): Promise<void> {
    this.tokens.delete(args[0].id);
    await super.openFillingSession(...args);
  }

  override async dropFillingSession(id: string, fence: number): Promise<boolean> {
    this.tokens.delete(id);
    return super.dropFillingSession(id, fence);
  }

  override async sleepGameSession(id: string, fence: number, turn: TurnRecord): Promise<boolean> {
    const slept = await super.sleepGameSession(id, fence, turn);
    this.tokens.delete(id);
    return slept;
  }

  override async saveGameResult(r: GameRecord): Promise<void> {
    await super.saveGameResult(r);
    this.tokens.delete(r.id);
  }

  override async pruneGameLogs(before: number): Promise<number> {
    await this.moveIn();
    const pruned = await super.pruneGameLogs(before);
    this.tokens.clear();
    return pruned;
  }

  override async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    try {
      await this.moveIn();
    } finally {
      this.spool.close();
      await super.close();
    }
  }

  /** Entries spooled and not yet in `game_log_chunks` (docs/benchmarks.md). */
  get spooledEntries(): number {
    return this.spool.pendingEntries;
  }

  /** Moves every spooled segment into the store; one move at a time, oldest segment first. */
  moveIn(): Promise<void> {
    const run = this.moving.catch(() => undefined).then(async () => {
      for (const segment of this.spool.seal()) {
        const rows = mergedRows(segment.chunks);
        const { fenced } = await this.insertChunks(rows);
        // Accepted under the token this process held; a row refused here means a token moved without a claim.
        if (fenced.length > 0) logger.error({ games: fenced }, 'journal spool: rows refused by their session token');
        this.spool.moved(segment);
      }
    });
    this.moving = run;
    return run;
  }

  private moveInBackground(): void {
    this.moveIn().catch((error: unknown) => logger.error({ err: error, entries: this.spool.pendingEntries }, 'journal spool: moving into the store failed; it is retried'));
  }

  /** Waits for claims of these chunks' tables and loads the tokens not cached. */
  private async tokensKnown(chunks: readonly SpoolChunk[]): Promise<void> {
    for (;;) {
      const claims = [...new Set(chunks.map((c) => c.gameId))].flatMap((id) => {
        const claim = this.claiming.get(id);
        return claim ? [claim] : [];
      });
      if (claims.length > 0) {
        await Promise.allSettled(claims);
        continue;
      }
      const missing = [...new Set(chunks.map((c) => c.gameId).filter((id) => !this.tokens.has(id)))];
      if (missing.length === 0) return;
      if (this.tokens.size + missing.length > MAX_CACHED_TOKENS) this.tokens.clear();
      const loaded = await this.sessionFences(missing);
      // A claim that ended meanwhile set the newer token: keep it.
      for (const id of missing) if (!this.tokens.has(id)) this.tokens.set(id, loaded.get(id) ?? 0);
    }
  }

  private async claim<T>(id: string, take: () => Promise<T | null>, fenceOf: (claimed: T) => number): Promise<T | null> {
    while (this.claiming.has(id)) await this.claiming.get(id)?.catch(() => undefined);
    const run = (async () => {
      await this.moveIn();
      const claimed = await take();
      if (claimed) this.tokens.set(id, fenceOf(claimed));
      else this.tokens.delete(id);
      return claimed;
    })();
    this.claiming.set(id, run);
    try {
      return await run;
    } finally {
      this.claiming.delete(id);
    }
  }
}
