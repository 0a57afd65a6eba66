/**
 * A table's journal (issue 24; the action log of issue 18): every applied action, clock step, lost
 * race and tie coin, in the replay format of shared/replay/log.ts. Entries recorded during one
 * turn of the event loop go to the store together with every other table's (group commit,
 * server/journal/committer.ts), as one numbered chunk per table, under the table's fencing token.
 * The room shows an outcome only once `durable` (GameRoom.pushNow, tableJournal.ts whenDurable): a crash loses
 * nothing anyone has seen. A write refused because another process took the table over calls
 * `onFenced`, and nothing of this copy is shown or written again.
 */
import type { Seat } from '../../shared/games/contract.js';
import type { LogEntry } from '../../shared/replay/log.js';
import type { TieOutcome } from '../../shared/arbitration.js';
import type { GameSessionRecord, Store } from '../store/index.js';
import { committerFor, PROCESS_OWNER, type JournalCommitter, type JournalPart, type JournalTable } from '../journal/committer.js';
import { storable } from '../journal/storable.js';
import { logger } from '../ops/logger.js';

export interface JournalPosition {
  /** The fencing token this copy of the table writes under. */
  fence: number;
  /** The next chunk number (a resumed table goes on after the chunks already stored). */
  nextChunk: number;
  /** The table time the journal goes on from. */
  lastAt?: number;
}

export class ActionLogWriter implements JournalTable {
  private pending: LogEntry[] = [];
  private nextChunk: number;
  /** The fencing token this copy writes under (a turn-based table sleeps under it too). */
  readonly fence: number;
  private sessionPart: JournalPart['session'] | undefined;
  private recorded = 0;
  /** The table time of the last entry recorded (the heartbeat is written only after a quiet spell). */
  private lastAt: number;
  private committedUpTo = 0;
  private waiters: { upTo: number; resolve: () => void; reject: (error: Error) => void }[] = [];
  private readonly committer: JournalCommitter;
  /** True once another process holds the table: this copy must stop. */
  lost = false;
  /** JSON bytes recorded so far (docs/benchmarks.md). */
  bytes = 0;
  entries = 0;

  /**
   * A new table writes its session row (with its private code, if any) in its first commit; a
   * resumed one passes its position instead. `firstFence`: the token a turn-based queue table held
   * while it filled (its row is rewritten as the game's under it).
   */
  constructor(store: Store, private readonly session: GameSessionRecord, resumed?: JournalPosition, private readonly onFenced: () => void = () => undefined, code: string | null = null, firstFence = 1) {
    this.committer = committerFor(store);
    this.lastAt = resumed?.lastAt ?? session.startedAt;
    this.fence = resumed?.fence ?? firstFence;
    this.nextChunk = resumed?.nextChunk ?? 0;
    if (!resumed) {
      this.sessionPart = { session, owner: PROCESS_OWNER, fence: this.fence, code };
      this.recorded++;
      this.committer.mark(this);
    }
  }

  applied(seat: Seat, action: unknown, now: number, race: boolean, tie?: TieOutcome | null): void {
    const entry: LogEntry = { k: 'a', s: seat, a: action, t: now - this.session.startedAt };
    if (race) entry.r = 1;
    if (tie) entry.c = [tie.rank, tie.size];
    this.push(entry);
  }

  advanced(now: number): void {
    this.push({ k: 'x', t: now - this.session.startedAt });
  }

  /** The table is alive at `now` (its time): recorded when nothing else was for `everyMs`. */
  alive(now: number, everyMs: number): void {
    if (now - this.lastAt >= everyMs) this.push({ k: 'h', t: now - this.session.startedAt });
  }

  /** From `now` on the table's time is the wall clock minus `offset` (a reopened table). */
  clockOffset(now: number, offset: number): void {
    this.push({ k: 'o', t: now - this.session.startedAt, d: offset });
  }

  resigned(seat: Seat, now: number): void {
    this.push({ k: 'r', s: seat, t: now - this.session.startedAt });
  }

  lostRace(seat: Seat, action: unknown, now: number, code: string, tie?: TieOutcome | null): void {
    this.push(tie
      ? { k: 'l', s: seat, a: action, t: now - this.session.startedAt, e: code, c: [tie.rank, tie.size] }
      : { k: 'l', s: seat, a: action, t: now - this.session.startedAt, e: code });
  }

  /** Everything recorded so far is in the store. */
  get durable(): boolean {
    return this.committedUpTo >= this.recorded;
  }

  /** Resolves once everything recorded before the call is stored; rejects if the table was taken over. */
  whenDurable(): Promise<void> {
    if (this.lost) return Promise.reject(new Error('journal fenced: another process owns this table'));
    if (this.durable) return Promise.resolve();
    return new Promise((resolve, reject) => this.waiters.push({ upTo: this.recorded, resolve, reject }));
  }

  /** Kept for the result and dispose paths: the journal is written continuously, this waits for it. */
  flush(): Promise<void> {
    return this.whenDurable();
  }

  take(): JournalPart | null {
    if (this.lost || (this.pending.length === 0 && !this.sessionPart)) return null;
    const part: JournalPart = { gameId: this.session.id, upTo: this.recorded };
    if (this.sessionPart) part.session = this.sessionPart;
    this.sessionPart = undefined;
    if (this.pending.length > 0) {
      part.chunk = { gameId: this.session.id, chunk: this.nextChunk++, fence: this.fence, entries: this.pending };
      this.pending = [];
    }
    return part;
  }

  committed(part: JournalPart): void {
    this.committedUpTo = Math.max(this.committedUpTo, part.upTo);
    const ready = this.waiters.filter((w) => w.upTo <= this.committedUpTo);
    this.waiters = this.waiters.filter((w) => w.upTo > this.committedUpTo);
    for (const w of ready) w.resolve();
  }

  fenced(): void {
    if (this.lost) return;
    this.lost = true;
    this.pending = [];
    logger.warn({ game: this.session.id, fence: this.fence }, 'journal: the table was taken over by another process; this copy stops');
    const error = new Error('journal fenced: another process owns this table');
    for (const w of this.waiters) w.reject(error);
    this.waiters = [];
    this.onFenced();
  }

  /** Handed over (SIGTERM): after its last commit this copy writes nothing more, and its outcomes are not shown. */
  release(): void {
    if (this.lost) return;
    this.lost = true;
    this.pending = [];
    const error = new Error('journal released: the table moves to another process');
    for (const w of this.waiters) w.reject(error);
    this.waiters = [];
  }

  private push(entry: LogEntry): void {
    if (this.lost) return;
    this.lastAt = Math.max(this.lastAt, this.session.startedAt + entry.t);
    // A copy taken now (the action object must not change before it is written), with any string
    // PostgreSQL's jsonb cannot hold escaped (STACK-NOTES 26), so one entry never sinks a commit.
    const text = storable(JSON.stringify(entry));
    this.pending.push(JSON.parse(text) as LogEntry);
    this.recorded++;
    this.entries++;
    this.bytes += text.length;
    this.committer.mark(this);
  }
}
