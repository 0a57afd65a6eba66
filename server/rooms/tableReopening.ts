/**
 * Reopening a table from the store (server/journal/resume.ts: after its process died, or woken from
 * its sleep): the same id and code, the rebuilt engine state, every human away and linked to their
 * identity (a bot plays after the usual grace), resigned seats resigned, bots as bots. The table's
 * time goes on from its last journal entry (`clockOffset`): every running deadline has the time
 * left it had (docs/architecture.md "Clocks: the time left is kept"). A queue table reopened before
 * its game started gets its players' seats back and its bots at the time set when it opened.
 */
import type { Client, Presence } from '@colyseus/core';
import type { TableState } from '../state/TableState.js';
import { CODE_RENEW_MS, renewCode } from '../matchmaking/privateCodes.js';
import { joinRefusal } from '../i18n/serverMessages.js';
import { resumeTicketSchema, takeRebuilt } from '../journal/resume.js';
import { localTables } from '../journal/localTables.js';
import { isTurnBased, moveClockMs } from '../turnbased/pace.js';
import { TurnTimeouts } from '../turnbased/timeouts.js';
import type { GameSessionRecord } from '../store/index.js';
import { roomsGauge } from '../ops/metrics.js';
import { ActionLogWriter } from './actionLog.js';
import type { ActionPipeline } from './actionPipeline.js';
import type { Seating } from './seating.js';
import type { RoomServices } from './services.js';
import type { TableFacts } from './tableFacts.js';
import type { TableJournal } from './tableJournal.js';
import type { TournamentCheckIn } from './tournamentCheckIn.js';
import { tournamentSeatingSchema, type TournamentSeating } from './tournamentSeating.js';
import type { TurnNotices } from './turnNotices.js';

/** The parts of the room a reopening sets up (GameRoom). */
export interface ReopenedTable {
  roomId: string;
  autoDispose: boolean;
  checkIn: TournamentCheckIn | null;
  turns: TurnTimeouts | null;
  actionLog: ActionLogWriter | null;
  readonly facts: TableFacts;
  readonly services: RoomServices;
  readonly state: TableState;
  readonly presence: Presence;
  readonly clock: { setInterval(handler: () => void, ms: number): unknown };
  readonly seating: Seating;
  readonly pipeline: ActionPipeline<Client>;
  readonly turnNotices: TurnNotices;
  readonly journal: TableJournal;
  readonly opening: { scheduleAutoStart(at: number): void; start(): void; checkInFor(t: TournamentSeating): TournamentCheckIn };
  readonly play: { afterChange(): void };
  /** The collaborators, the synchronised state and the seats of a table with `facts.options`. */
  openTable(): void;
  setPrivate(bool: boolean): Promise<void>;
  registerMessages(): void;
  publishMetadata(): Promise<void>;
}

/** `raw`: the room's creation options, with the server-only `resume` ticket and `internalKey`. */
export async function reopenTable(table: ReopenedTable, raw: Record<string, unknown>): Promise<void> {
  const { facts, services } = table;
  if (raw.internalKey !== services.internalKey) throw joinRefusal('bad_table_options');
  const ticket = resumeTicketSchema.parse(raw.resume);
  const rebuilt = takeRebuilt(ticket.id);
  if (!rebuilt) throw new Error(`resume: no rebuilt table ${ticket.id} in this process`);
  const { session } = rebuilt;
  if (session.filling) return reopenFilling(table, session, ticket.fence);
  table.roomId = ticket.id;
  facts.options = session.options;
  facts.isPrivate = session.private;
  facts.ratedPrivate = session.private && session.rated;
  // A tournament table reports its result to its tournament wherever it finishes.
  facts.tournament = session.tournament ? tournamentSeatingSchema.parse(session.tournament) : null;
  if (facts.tournament) table.checkIn = table.opening.checkInFor(facts.tournament);
  facts.seed = session.seed;
  facts.startedAt = session.startedAt;
  facts.turnBased = isTurnBased(session.options);
  if (facts.turnBased) table.turns = new TurnTimeouts(session.options.players, moveClockMs(session.options, services.config.TURN_CLOCK_MS), session.turn);
  table.openTable();
  await table.setPrivate(true);
  if (ticket.code) {
    const code = ticket.code;
    table.state.code = code;
    await renewCode(table.presence, code, table.roomId);
    table.clock.setInterval(() => void renewCode(table.presence, code, table.roomId).catch(() => undefined), CODE_RENEW_MS);
  }
  table.registerMessages();
  // The table's time goes on from its last record (held), or ran on meanwhile (a sleep): never back.
  facts.clockOffset = rebuilt.clock.held ? Date.now() - rebuilt.lastAt : Math.min(rebuilt.clock.offset, Date.now() - rebuilt.lastAt);
  const now = facts.now();
  // Those to move when it went to sleep were told then (a wall time; the state's deadline is the
  // table's time): waking is not a new turn.
  const toldDeadline = session.turn?.deadline ? session.turn.deadline - facts.clockOffset : 0;
  table.turnNotices.toldBefore(session.turn?.seats ?? [], toldDeadline);
  table.seating.reopen(session.seats, rebuilt.resigned, now);
  table.pipeline.resume(rebuilt.engine, facts.seed, rebuilt.lastAt, ticket.fence);
  const actionLog = new ActionLogWriter(services.store, session, { fence: ticket.fence, nextChunk: ticket.nextChunk, lastAt: rebuilt.lastAt }, () => table.journal.takenOver());
  table.actionLog = actionLog;
  if (facts.clockOffset !== rebuilt.clock.offset) actionLog.clockOffset(now, facts.clockOffset);
  table.journal.startHeartbeat();
  table.journal.watchListing();
  localTables.add(table.journal);
  table.state.phase = 'playing';
  table.autoDispose = false;
  roomsGauge.inc({ game: facts.game.id });
  await table.publishMetadata();
  table.play.afterChange();
}

/**
 * A public turn-based queue table reopened before its game started (resume.ts `reopenFilling`):
 * the same id, listed again for its queue, each player's seat away and linked to their identity
 * (they retake it by id), and bots for the free seats at the time set when it opened.
 */
async function reopenFilling(table: ReopenedTable, session: GameSessionRecord, fence: number): Promise<void> {
  const { facts, services } = table;
  table.roomId = session.id;
  facts.options = session.options;
  facts.turnBased = true;
  table.openTable();
  table.registerMessages();
  const now = facts.now();
  for (const seat of session.seats) {
    if (!seat.bot && seat.identityId) table.seating.seatAway(seat.seat, seat.name, { id: seat.identityId, display: seat.name }, now);
  }
  table.autoDispose = false;
  table.journal.reopenFilling(fence);
  localTables.add(table.journal);
  table.journal.watchListing();
  roomsGauge.inc({ game: facts.game.id });
  table.opening.scheduleAutoStart(session.startedAt + services.config.QUICKPLAY_TURN_FILL_MS);
  await table.publishMetadata();
  // Its last seat was taken as its process died, before the game's first commit: it starts now.
  if (table.seating.taken >= facts.options.players) table.opening.start();
}
