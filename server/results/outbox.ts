/**
 * The results outbox (issue 23; docs/architecture.md "What is durable when"): a finished game's
 * record waits here, in the process and not in its room, until the store has taken its result, its
 * rating update and its tournament report. One record at a time, in the order the games ended;
 * a failed delivery is retried with a growing pause (up to `retryMaxMs`) for as long as it takes.
 * Every step of a delivery is idempotent in the store (result keyed by game id, rating claimed
 * per game id in the rating's own transaction, a tournament table closed once), so a retry after
 * a write that did land (a timeout, a cut connection) changes nothing.
 */
import type { GameRecord } from '../store/index.js';
import { logger } from '../ops/logger.js';

export interface OutboxDeps {
  /** Stores the result, then rates it and reports it to its tournament. Must be idempotent. */
  deliver(record: GameRecord): Promise<void>;
  retryFirstMs: number;
  retryMaxMs: number;
  /** Past this many pending records the process refuses new tables (nothing pending is dropped). */
  pendingMax: number;
  /**
   * A record the store refuses for what it holds (not for being unreachable) would block every
   * record after it for ever: it is handed here instead and taken out of the queue.
   */
  setAside(record: GameRecord, error: unknown): void;
  /** Told of every change in the number pending (metric, cross-process marks). */
  changed?(event: { kind: 'added' | 'delivered'; id: string; pending: number }): void;
}

interface Entry {
  record: GameRecord;
  /** The spool file this record was read from, removed once all of its records are delivered. */
  origin: string | null;
}

export class ResultOutbox {
  private queue: Entry[] = [];
  private worker: Promise<void> | null = null;
  private stopped = false;
  /** Records are taken but not delivered until `release()`: the process's hooks (ratings, tournaments) must be in place first. */
  private held = true;
  private wake: (() => void) | null = null;
  private drained = new Set<() => void>();
  private failures = 0;
  /** Spool files whose records have all been delivered: the caller removes them. */
  private readonly origins = new Map<string, number>();
  onOriginDone: (origin: string) => void = () => undefined;

  constructor(private readonly deps: OutboxDeps) {}

  get size(): number {
    return this.queue.length;
  }

  /** New tables are refused while this is true. */
  get full(): boolean {
    return this.queue.length >= this.deps.pendingMax;
  }

  has(id: string): boolean {
    return this.queue.some((e) => e.record.id === id);
  }

  ids(): string[] {
    return this.queue.map((e) => e.record.id);
  }

  /** Accepted at once (whatever the bound: the game is already played); delivered in turn. */
  enqueue(record: GameRecord, origin: string | null = null): void {
    if (this.stopped) throw new Error('the results outbox is closed');
    if (this.has(record.id)) return;
    this.queue.push({ record, origin });
    if (origin) this.origins.set(origin, (this.origins.get(origin) ?? 0) + 1);
    this.deps.changed?.({ kind: 'added', id: record.id, pending: this.queue.length });
    this.kick();
  }

  /** Starts delivering (once the process is set up). */
  release(): void {
    this.held = false;
    this.kick();
  }

  private kick(): void {
    if (this.held || this.queue.length === 0) return;
    this.worker ??= this.work().finally(() => { this.worker = null; });
  }

  /** Resolves true once nothing is pending, false when `deadline` (epoch ms) comes first. */
  drain(deadline: number): Promise<boolean> {
    if (this.queue.length === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => { this.drained.delete(done); resolve(this.queue.length === 0); }, Math.max(0, deadline - Date.now()));
      const done = () => { clearTimeout(timer); resolve(true); };
      this.drained.add(done);
    });
  }

  /**
   * Stops delivering and hands back what is still pending (for the spool), with the spool files
   * those records came from. A delivery in flight may still land: the writes are idempotent, so
   * writing it again after a restart changes nothing.
   */
  close(): { records: GameRecord[]; origins: string[] } {
    this.stopped = true;
    this.wake?.();
    const records = this.queue.map((e) => e.record);
    const origins = [...this.origins.keys()];
    this.queue = [];
    this.origins.clear();
    return { records, origins };
  }

  private async work(): Promise<void> {
    while (!this.stopped && this.queue.length > 0) {
      const head = this.queue[0];
      try {
        await this.deps.deliver(head.record);
      } catch (error) {
        if (refusedForItsContent(error)) {
          logger.error({ game: head.record.id, err: error }, 'the store refuses this result for what it holds: set aside so the results after it go on');
          this.deps.setAside(head.record, error);
          this.failures = 0;
          this.taken(head);
          continue;
        }
        this.failures++;
        const pause = Math.min(this.deps.retryMaxMs, this.deps.retryFirstMs * 2 ** Math.min(this.failures - 1, 20));
        // One line per outage stage, not one per retry: a 10-minute outage would otherwise flood the log.
        if (this.failures === 1 || Number.isInteger(Math.log2(this.failures))) {
          logger.error({ game: head.record.id, attempt: this.failures, pending: this.queue.length, retryInMs: pause, err: error }, 'storing a result failed; it stays in the outbox');
        }
        await this.pause(pause);
        continue;
      }
      if (this.stopped) return;
      if (this.failures > 0) logger.info({ game: head.record.id, attempts: this.failures + 1 }, 'result stored after retries');
      this.failures = 0;
      this.taken(head);
    }
    if (this.queue.length === 0) {
      for (const done of this.drained) done();
      this.drained.clear();
    }
  }

  private taken(head: Entry): void {
    this.queue.shift();
    this.deps.changed?.({ kind: 'delivered', id: head.record.id, pending: this.queue.length });
    if (head.origin) this.originDelivered(head.origin);
  }

  private originDelivered(origin: string): void {
    const left = (this.origins.get(origin) ?? 1) - 1;
    if (left > 0) {
      this.origins.set(origin, left);
      return;
    }
    this.origins.delete(origin);
    this.onOriginDone(origin);
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => { this.wake = null; resolve(); }, ms);
      this.wake = () => { clearTimeout(timer); this.wake = null; resolve(); };
    });
  }
}

/**
 * PostgreSQL's data exceptions (SQLSTATE class 22, e.g. 22P05 for a `\u0000` in jsonb) and
 * constraint violations (class 23) come from the record itself and fail the same way on every
 * retry; anything else (no connection, a timeout, a restart) may pass on the next attempt.
 */
export function refusedForItsContent(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^2[23][0-9A-Z]{3}$/.test(code);
}
