/**
 * A restart reopens every unfinished table from its journal (issue 24, one process): each session
 * with no result is claimed (a new fencing token: a copy that might still run elsewhere cannot write
 * any more), rebuilt with the engine (shared/replay/rebuild.ts) and opened as a room with the same
 * id and private code (GameRoom `resume` option, server-only like `internalKey`). A journal that
 * does not replay (an engine change, a corrupt entry) closes that table as abandoned, with the
 * reason logged and stored; the other tables resume; nothing here can stop the process.
 */
import { matchMaker } from '@colyseus/core';
import { z } from 'zod';
import { findGame } from '../../shared/games/registry.js';
import type { AnyGame } from '../../shared/games/contract.js';
import { rebuild } from '../../shared/replay/rebuild.js';
import type { LogEntry } from '../../shared/replay/log.js';
import type { GameSessionRecord, SessionClaim, Store, TakenTable } from '../store/index.js';
import { PROCESS_OWNER } from './committer.js';
import { logger } from '../ops/logger.js';

/** What the room is told when it is opened from a journal (room options: validated on arrival). */
export const resumeTicketSchema = z.object({
  id: z.string().min(1).max(64),
  fence: z.number().int().positive(),
  nextChunk: z.number().int().nonnegative(),
  code: z.string().max(16).nullable(),
});
export type ResumeTicket = z.infer<typeof resumeTicketSchema>;

/** A table rebuilt here, handed to the room this process opens for it (never sent anywhere). */
export interface RebuiltTable {
  session: GameSessionRecord;
  engine: unknown;
  /** The table's time of its last journal entry (a heartbeat included): its clock goes on from there. */
  lastAt: number;
  /**
   * The wall clock minus the table's time as the journal last recorded it (its `o` entries; 0 when
   * it never moved). `held`: the table's time stood still while no process held it (a crash, a
   * handover, a restart: the room sets a new offset so its clocks have the time left they had);
   * otherwise it ran (a turn-based table woken from its sleep: its move clock runs while it sleeps).
   */
  clock: { offset: number; held: boolean };
  /** Seats whose player resigned (journal `r` entries). */
  resigned: number[];
}

const rebuilt = new Map<string, RebuiltTable>();

/** The room takes its rebuilt table (once). */
export function takeRebuilt(id: string): RebuiltTable | undefined {
  const table = rebuilt.get(id);
  rebuilt.delete(id);
  return table;
}

/**
 * The abandoned sweep's check (single process, no Redis): a running session with a journal of a
 * known game is this process' to reopen at start, never the sweep's to abandon. One whose journal
 * then does not replay is abandoned by the resume itself, with the reason.
 */
export function resumableFromJournal(session: GameSessionRecord): boolean {
  return session.journaled === true && findGame(session.game) !== undefined;
}

export interface ResumeOutcome { resumed: string[]; abandoned: string[]; failed: string[] }

export async function resumeTables(store: Store, internalKey: string): Promise<ResumeOutcome> {
  const outcome: ResumeOutcome = { resumed: [], abandoned: [], failed: [] };
  let sessions: { id: string; game: string }[];
  try {
    sessions = await store.listResumableSessions();
  } catch (error) {
    logger.error({ err: error }, 'resume: could not list the unfinished tables');
    return outcome;
  }
  for (const { id, game: gameId } of sessions) {
    try {
      const result = await reopenSession(store, internalKey, id, gameId);
      if (result !== 'claimed_elsewhere') outcome[result].push(id);
    } catch (error) {
      // The store failed mid-way: the table stays resumable for the next start (nothing was opened).
      logger.error({ game: id, err: error }, 'resume: reopening the table failed; it stays resumable');
      outcome.failed.push(id);
    }
  }
  if (sessions.length > 0) logger.info({ resumed: outcome.resumed.length, abandoned: outcome.abandoned.length, failed: outcome.failed.length }, 'resume: unfinished tables reopened from their journals');
  return outcome;
}

/**
 * Reopens one table here from its journal: claims it (with `expectFence`, only if nobody claimed
 * it since that token was read: several survivors may try, one wins) and reads its session and
 * whole log in the same two statements (a burst of takeovers is bound by the store's round trips),
 * rebuilds it and opens its room in this process (never placed elsewhere: the rebuilt engine is
 * here) with the same id and code. Used by the start-up resume and by the takeover of a dead
 * process' tables (server/journal/takeover.ts). A store error throws with nothing opened; the
 * caller tries again later (the claim it may hold is its own, so a new claim supersedes it).
 */
export async function reopenSession(store: Store, internalKey: string, id: string, gameId: string, expectFence?: number): Promise<'resumed' | 'abandoned' | 'claimed_elsewhere'> {
  const game = findGame(gameId);
  if (!game) return abandon(store, id, `unknown game ${gameId}`);
  const taken = await store.takeOverSession(id, PROCESS_OWNER, expectFence);
  if (!taken) return expectFence !== undefined ? 'claimed_elsewhere' : abandon(store, id, 'no session row');
  return openRead(store, internalKey, game, taken, 'held');
}

/**
 * Rebuilds one table this process has claimed (its fencing token in `claim`) and opens it as a
 * room with the same id: a turn-based table woken from its sleep (server/turnbased/wake.ts).
 */
export async function reopenClaimed(store: Store, internalKey: string, id: string, gameId: string,
  claim: SessionClaim, clock: 'held' | 'ran' = 'held'): Promise<'resumed' | 'abandoned'> {
  const game = findGame(gameId);
  if (!game) return abandon(store, id, `unknown game ${gameId}`);
  const [session, log] = await Promise.all([store.getGameSession(id), store.readGameLog(id)]);
  if (!session) return abandon(store, id, 'no session row');
  return openRead(store, internalKey, game, { claim, session, log }, clock);
}

/** Rebuilds a claimed table from what was read of it and opens its room here. */
async function openRead(store: Store, internalKey: string, game: AnyGame,
  { claim, session, log }: TakenTable, clock: 'held' | 'ran'): Promise<'resumed' | 'abandoned'> {
  const id = session.id;
  if (session.filling) return reopenFilling(store, internalKey, session, claim);
  let engine: unknown;
  try {
    const replayed = rebuild(game, { options: session.options, seats: session.options.players, seed: session.seed, startedAt: session.startedAt }, log);
    engine = replayed.state;
  } catch (error) {
    return abandon(store, id, `the journal does not replay: ${error instanceof Error ? error.message : String(error)}`);
  }
  rebuilt.set(id, { session, engine, ...tableRecords(session.startedAt, log), clock: { offset: lastOffset(log), held: clock === 'held' } });
  try {
    const ticket: ResumeTicket = { id, fence: claim.fence, nextChunk: claim.chunks, code: claim.code };
    // handleCreateRoom, not createRoom: placement might pick another process, which has no rebuilt table.
    await matchMaker.handleCreateRoom(game.id, { resume: ticket, internalKey });
  } finally {
    rebuilt.delete(id);
  }
  logger.info({ room: id, game: game.id, entries: log.length, fence: claim.fence }, 'resume: table reopened from its journal');
  return 'resumed';
}

/**
 * A public turn-based queue table still waiting for its seats (013_filling_queue): nothing to
 * rebuild, its seats are in its row. It is listed again with the options quick play matches on
 * (Colyseus keeps the filter fields of the options a room is created with), so the next player of
 * that queue sits down at it, not at a new table.
 */
async function reopenFilling(store: Store, internalKey: string, session: GameSessionRecord, claim: SessionClaim): Promise<'resumed' | 'abandoned'> {
  if (!session.seats.some((s) => s.identityId)) {
    // Nobody who could come back to it: the row goes, as when its last player leaves.
    await store.dropFillingSession(session.id, claim.fence);
    return 'abandoned';
  }
  rebuilt.set(session.id, { session, engine: null, lastAt: session.startedAt, clock: { offset: 0, held: true }, resigned: [] });
  try {
    const ticket: ResumeTicket = { id: session.id, fence: claim.fence, nextChunk: claim.chunks, code: null };
    const { variant, players, pace, moveClock } = session.options;
    await matchMaker.handleCreateRoom(session.game, { resume: ticket, internalKey, variant, players, pace, moveClock });
  } finally {
    rebuilt.delete(session.id);
  }
  logger.info({ room: session.id, game: session.game, seats: session.seats.length, fence: claim.fence }, 'resume: turn-based queue table reopened with its seats');
  return 'resumed';
}

function tableRecords(startedAt: number, log: readonly LogEntry[]): Pick<RebuiltTable, 'lastAt' | 'resigned'> {
  const resigned = new Set<number>();
  for (const e of log) if (e.k === 'r') resigned.add(e.s);
  return { lastAt: startedAt + log.reduce((max, e) => Math.max(max, e.t), 0), resigned: [...resigned] };
}

function lastOffset(log: readonly LogEntry[]): number {
  for (let i = log.length - 1; i >= 0; i--) {
    const e = log[i]!;
    if (e.k === 'o') return e.d;
  }
  return 0;
}

async function abandon(store: Store, id: string, reason: string): Promise<'abandoned'> {
  logger.error({ game: id, reason }, 'resume: the table cannot be resumed and is closed as abandoned');
  await store.abandonGameSession(id, Date.now(), reason).catch((error: unknown) => logger.error({ game: id, err: error }, 'resume: marking the table abandoned failed'));
  return 'abandoned';
}
