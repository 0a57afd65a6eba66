/**
 * No game is "running" forever (issue 23): a game session with no result whose table is open
 * nowhere (Colyseus' room listing, every process with Redis) and whose result is not waiting in
 * any outbox is ended as `abandoned`, its partial replay kept, unless the resume hook says the
 * table can be reopened from its journal. Runs at start, every `everyMs`, and for one game when
 * GET /api/games/:id asks about it.
 */
import type { GameSessionRecord, Store } from '../store/index.js';
import { logger } from '../ops/logger.js';

export type ResumableCheck = (session: GameSessionRecord) => boolean | Promise<boolean>;

let resumable: ResumableCheck = () => false;

/** Where the journal (issue 24) plugs in: a resumable session is left running for it to reopen. */
export function setResumableCheck(check: ResumableCheck): void {
  resumable = check;
}

export interface SweepDeps {
  store: Pick<Store, 'listRunningSessions' | 'abandonGameSession'>;
  /** Of these room ids, the rooms open on some process. */
  openRooms(ids: readonly string[]): Promise<Set<string>>;
  /** Of these game ids, those whose result waits in some outbox. */
  pendingResults(ids: readonly string[]): Promise<Set<string>>;
  /** A session younger than this is left alone (its room may not be listed everywhere yet). */
  minAgeMs: number;
}

const BATCH = 200;

export class AbandonedSweep {
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<number> | null = null;

  constructor(private readonly deps: SweepDeps) {}

  /** One pass over every running session; how many were abandoned. Never two passes at once. */
  sweep(now = Date.now()): Promise<number> {
    this.running ??= this.pass(now).finally(() => { this.running = null; });
    return this.running;
  }

  /** The status one running session really has now: ends it as abandoned if nobody plays it. */
  async settle(session: GameSessionRecord, now = Date.now()): Promise<'running' | 'abandoned'> {
    if (now - session.startedAt < this.deps.minAgeMs) return 'running';
    // A turn-based table asleep in the store is open nowhere on purpose (server/turnbased/wake.ts).
    if (session.sleeping) return 'running';
    const ended = await this.endIfGone([session], now);
    return ended.has(session.id) ? 'abandoned' : 'running';
  }

  start(everyMs: number): void {
    this.timer = setInterval(() => {
      this.sweep().catch((error: unknown) => logger.warn({ err: error }, 'abandoned-game sweep failed'));
    }, everyMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async pass(now: number): Promise<number> {
    let abandoned = 0;
    let after: { startedAt: number; id: string } | undefined;
    for (;;) {
      const sessions = await this.deps.store.listRunningSessions({ startedBefore: now - this.deps.minAgeMs, limit: BATCH, after });
      abandoned += (await this.endIfGone(sessions, now)).size;
      if (sessions.length < BATCH) return abandoned;
      const last = sessions[sessions.length - 1];
      after = { startedAt: last.startedAt, id: last.id };
    }
  }

  private async endIfGone(sessions: GameSessionRecord[], now: number): Promise<Set<string>> {
    const ended = new Set<string>();
    if (sessions.length === 0) return ended;
    const ids = sessions.map((s) => s.id);
    // Rooms first, then outboxes: a table that closes in between has already handed its result over.
    const open = await this.deps.openRooms(ids);
    const pending = await this.deps.pendingResults(ids.filter((id) => !open.has(id)));
    for (const session of sessions) {
      if (open.has(session.id) || pending.has(session.id)) continue;
      if (await resumable(session)) continue;
      if (await this.deps.store.abandonGameSession(session.id, now)) {
        ended.add(session.id);
        logger.info({ game: session.id }, 'game abandoned: its table is open nowhere');
      }
    }
    return ended;
  }
}
