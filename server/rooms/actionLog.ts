/**
 * Writes a game's action log to the store as the game goes (issue 18): entries are batched and
 * written in numbered chunks off the hot path (a timer or a full batch), in order, after the
 * session row. A failed write is retried a few times, then logged: the game itself never waits
 * for the store and never fails because of it. `flush()` is awaited before the result is stored.
 */
import type { Seat } from '../../shared/games/contract.js';
import type { LogEntry } from '../../shared/replay/log.js';
import type { TieOutcome } from '../../shared/arbitration.js';
import type { GameSessionRecord, Store } from '../store/index.js';
import { logger } from '../ops/logger.js';

/**
 * Each room writes its own chunks: at 1 s, 250 Railway tables made 250 small store writes a
 * second, the largest part of the server's store time in the capacity bench (docs/benchmarks.md).
 * At 5 s a busy table fills its 64-entry batch first; a crash loses at most 5 s of an unfinished
 * game's log (a finished game's log is always flushed before its result).
 */
const FLUSH_EVERY_MS = 5_000;
const MAX_BATCH = 64;
const ATTEMPTS = 4;

export class ActionLogWriter {
  private pending: LogEntry[] = [];
  private nextChunk = 0;
  private chain: Promise<void>;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** JSON bytes written so far (docs/benchmarks.md). */
  bytes = 0;
  entries = 0;

  constructor(private readonly store: Store, private readonly session: GameSessionRecord) {
    this.chain = this.attempt('session', () => store.startGameSession(session));
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

  lostRace(seat: Seat, action: unknown, now: number, code: string, tie?: TieOutcome | null): void {
    this.push(tie
      ? { k: 'l', s: seat, a: action, t: now - this.session.startedAt, e: code, c: [tie.rank, tie.size] }
      : { k: 'l', s: seat, a: action, t: now - this.session.startedAt, e: code });
  }

  /** Writes what is pending; resolves once everything recorded so far is stored (or given up on). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending.length > 0) {
      const entries = this.pending;
      const chunk = this.nextChunk++;
      this.pending = [];
      this.chain = this.chain.then(() => this.attempt(`chunk ${chunk}`, () => this.store.appendGameLog(this.session.id, chunk, entries)));
    }
    return this.chain;
  }

  private push(entry: LogEntry): void {
    // A copy taken now: the action object must not change before the batch is written.
    const text = JSON.stringify(entry);
    this.pending.push(JSON.parse(text) as LogEntry);
    this.entries++;
    this.bytes += text.length;
    if (this.pending.length >= MAX_BATCH) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), FLUSH_EVERY_MS);
      this.timer.unref?.();
    }
  }

  private async attempt(what: string, write: () => Promise<void>): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await write();
        return;
      } catch (error) {
        if (attempt >= ATTEMPTS) {
          logger.error({ game: this.session.id, err: error }, `action log: writing ${what} failed; the replay will be incomplete`);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  }
}
