/**
 * Group commit of every table's journal in this process (issue 24): what the tables record during
 * one turn of the event loop is written in one statement (server/store `commitJournal`) at the
 * end of that turn (`setImmediate`). One commit is in flight at a time; what is recorded meanwhile
 * goes in the next one. A failed commit is retried with the same chunks (same numbers, so a commit
 * whose answer was lost is not written twice) until the store answers: tables hold their outcomes
 * meanwhile (server/rooms/GameRoom.ts shows nothing that is not durable).
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { GameSessionRecord, JournalCommit, Store } from '../store/index.js';
import { logger } from '../ops/logger.js';

/** Who owns a table in the store's session row: this process, for as long as it runs. */
export const PROCESS_OWNER = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

const RETRY_FIRST_MS = 50;
const RETRY_MAX_MS = 2_000;

/** What one table hands to a commit. */
export interface JournalPart {
  gameId: string;
  session?: { session: GameSessionRecord; owner: string; fence: number; code: string | null };
  chunk?: JournalCommit['chunks'][number];
  /** The table's record count this part makes durable. */
  upTo: number;
}

export interface JournalTable {
  /** Takes what is recorded and not yet handed to a commit (null: nothing). */
  take(): JournalPart | null;
  committed(part: JournalPart): void;
  fenced(): void;
}

export class JournalCommitter {
  private readonly dirty = new Set<JournalTable>();
  /** Parts of a failed commit, written again first. */
  private retry: { table: JournalTable; part: JournalPart }[] = [];
  private scheduled = false;
  private inFlight = false;
  private retryMs = RETRY_FIRST_MS;
  /** Commits written and entries' tables per commit (docs/benchmarks.md). */
  commits = 0;

  constructor(private readonly store: Store) {}

  /** A table recorded something: it goes out with this turn's commit. */
  mark(table: JournalTable): void {
    this.dirty.add(table);
    this.schedule(0);
  }

  private schedule(delayMs: number): void {
    if (this.scheduled || this.inFlight) return;
    this.scheduled = true;
    const run = (): void => { this.scheduled = false; void this.commit(); };
    if (delayMs > 0) setTimeout(run, delayMs).unref?.();
    else setImmediate(run);
  }

  private async commit(): Promise<void> {
    const batch = this.retry;
    this.retry = [];
    for (const table of this.dirty) {
      const part = table.take();
      if (part) batch.push({ table, part });
    }
    this.dirty.clear();
    if (batch.length === 0) return;
    this.inFlight = true;
    let failed = false;
    try {
      const { fenced } = await this.store.commitJournal({
        sessions: batch.flatMap(({ part }) => (part.session ? [part.session] : [])),
        chunks: batch.flatMap(({ part }) => (part.chunk ? [part.chunk] : [])),
      });
      this.commits++;
      this.retryMs = RETRY_FIRST_MS;
      const lost = new Set(fenced);
      for (const { table, part } of batch) {
        if (lost.has(part.gameId)) table.fenced();
        else table.committed(part);
      }
    } catch (error) {
      failed = true;
      logger.error({ err: error, tables: batch.length, retryMs: this.retryMs }, 'journal: commit failed; the tables hold their outcomes and it is retried');
      this.retry = batch;
    } finally {
      this.inFlight = false;
    }
    if (failed) {
      const wait = this.retryMs;
      this.retryMs = Math.min(RETRY_MAX_MS, this.retryMs * 2);
      this.schedule(wait);
    } else if (this.dirty.size > 0) this.schedule(0);
  }
}

const committers = new WeakMap<Store, JournalCommitter>();

/** One committer per store (a process has one store; tests may open several). */
export function committerFor(store: Store): JournalCommitter {
  let committer = committers.get(store);
  if (!committer) {
    committer = new JournalCommitter(store);
    committers.set(store, committer);
  }
  return committer;
}
