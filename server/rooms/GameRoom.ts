/**
 * The one room every game runs in: Colyseus' lifecycle, each hook handed to a named part.
 * - TableFacts (tableFacts.ts): what the table is (game, options, pace, private, tournament, seed,
 *   its time), read by every part;
 * - TableOpening (tableOpening.ts): a new table until its start, and the start; reopenTable
 *   (tableReopening.ts): a table reopened from the store;
 * - TableJoins (tableJoins.ts): onAuth, onJoin; TableLeaves (tableLeaves.ts): onLeave, the
 *   reconnection wait, seats left for good;
 * - TablePlay (tablePlay.ts): the pipeline's outcomes shown, and after every change the clocks,
 *   bots and sleep planned; TableEnd (tableEnd.ts): the result, leavers, the rematch, onDispose;
 * - TableJournal (tableJournal.ts): durable outcomes, the queue row, moves between processes;
 * - under them: Seating, TableProjector, TurnNotices, TournamentCheckIn, LatencyProbe,
 *   ActionLogWriter, and what tableParts.ts builds (MessageEdge, ActionPipeline, TableClocks on
 *   RoomTimers, BotDriver, TableChat, TableSleep).
 * Services (store, settings, outbox...) come bound to the class by `roomFor`. The members the parts
 * read are public; each part names those it reads in its own interface.
 */
import { ClientState, Protocol, Room, type AuthContext, type Client, type RoomException } from '@colyseus/core';
import type { AnyGame } from '../../shared/games/contract.js';
import { TableState } from '../state/TableState.js';
import { shareHandshake } from '../state/sharedHandshake.js';
import { shareEncodeBuffers } from '../state/sharedEncodeBuffers.js';
import { writeOptions } from '../state/tableMirror.js';
import { joinRefusal, roomRefusal, type Params, type Refusal } from '../i18n/serverMessages.js';
import type { SeatAuth } from '../identity/seats.js';
import type { TurnTimeouts } from '../turnbased/timeouts.js';
import type { FillingTable } from '../turnbased/fillingTable.js';
import { localTables } from '../journal/localTables.js';
import { JoinAcknowledgements } from './joinAcks.js';
import { RoomConnections } from '../friends/online.js';
import { messagesRejected, roomsGauge } from '../ops/metrics.js';
import type { RoomServices } from './services.js';
import { TableFacts } from './tableFacts.js';
import type { TournamentCheckIn } from './tournamentCheckIn.js';
import { Seating } from './seating.js';
import { TableJoins, type SeatHeld } from './tableJoins.js';
import { TableLeaves } from './tableLeaves.js';
import { TablePlay } from './tablePlay.js';
import { TableEnd } from './tableEnd.js';
import { TableJournal } from './tableJournal.js';
import { maxClientsFor, TableOpening } from './tableOpening.js';
import { reopenTable } from './tableReopening.js';
import { registerTableMessages } from './tableMessages.js';
import { tablePartsOf, type TableParts } from './tableParts.js';
import { TableProjector } from './projector.js';
import { LatencyProbe } from './latencyProbe.js';
import type { ActionLogWriter } from './actionLog.js';
import { TurnNotices } from './turnNotices.js';
import { publishMetadata } from './tableListing.js';
import { JoinBudget, joinKind, type JoinCounts } from './joinBudget.js';
import { reportRoomException } from './roomExceptions.js';
import { corked } from './corkedSends.js';

export class GameRoom extends Room<TableState> {
  static game: AnyGame;
  static services: RoomServices;
  /** What the process gives its rooms, bound to the room class by `roomFor` (Colyseus constructs rooms itself). */
  readonly services = (this.constructor as typeof GameRoom).services;
  readonly facts = new TableFacts((this.constructor as typeof GameRoom).game);
  checkIn: TournamentCheckIn | null = null;
  readonly latency = new LatencyProbe();
  private edge!: TableParts['edge'];
  seating!: Seating;
  timers!: TableParts['timers'];
  clocks!: TableParts['clocks'];
  pipeline!: TableParts['pipeline'];
  bots!: TableParts['bots'];
  projector!: TableProjector;
  actionLog: ActionLogWriter | null = null;
  chat!: TableParts['chat'];
  turns: TurnTimeouts | null = null;
  /** A table of the public turn-based queue until it starts: its seats kept in the store (server/turnbased/fillingTable.ts). */
  filling: FillingTable | null = null;
  /** A turn-based table nobody is connected to leaves memory for the store (tableSleep.ts). */
  sleep!: TableParts['sleep'];
  /** Web Push "your turn" to the seats given the turn with nobody connected (turn-based tables). */
  readonly turnNotices = new TurnNotices(this.services.push);
  /** Seated connections, as friends see them online (server/friends/online.ts). */
  readonly connections = new RoomConnections(() => this.services.online, () => this.roomId, (error) => reportRoomException(this.roomId, 'online', error));
  readonly end: TableEnd = new TableEnd(this);
  readonly leaves: TableLeaves = new TableLeaves(this);
  readonly play: TablePlay = new TablePlay(this);
  readonly journal: TableJournal = new TableJournal(this);
  /** Join acknowledgements held until the changes waiting for a patch are sent (joinAcks.ts). */
  private readonly joinAcks = new JoinAcknowledgements();
  readonly opening: TableOpening = new TableOpening(this);
  private readonly joins: TableJoins = new TableJoins(this);
  private readonly joinBudget = new JoinBudget(() => ({ seats: this.facts.options.players, spectators: this.services.config.SPECTATORS_MAX }));

  /** The engine state, read-only (tests compare what clients received against it). */
  get engineState(): unknown {
    return this.pipeline?.engine ?? null;
  }

  override async onCreate(raw: Record<string, unknown>): Promise<void> {
    if (this.services.draining) throw joinRefusal('server_draining');
    // A reopened table is a game already running: a results backlog never stops it (it only stops new tables).
    if (raw.resume !== undefined) return reopenTable(this, raw);
    return this.opening.open(raw);
  }

  override onAuth(_client: Client, raw: unknown, context: AuthContext): Promise<SeatAuth | true> {
    return this.joins.authorize(raw, context);
  }

  override onJoin(client: Client, raw: Record<string, unknown>): void {
    this.joins.join(client, raw);
  }

  override onLeave(client: Client, consented: boolean): Promise<void> {
    return this.leaves.leave(client, consented);
  }

  override async onDispose(): Promise<void> {
    localTables.delete(this.journal);
    this.connections.clear();
    this.timers?.clearAll();
    if (!this.state?.game) return; // onCreate refused the options: nothing was opened
    roomsGauge.dec({ game: this.facts.game.id });
    await this.end.closing();
  }

  /** SIGTERM: let a running game finish if it can within the grace period; finished results are stored first. */
  override onBeforeShutdown(): void {
    this.journal.shutdown();
  }

  /**
   * For `GET /api/players/me/games` on any process (matchMaker.remoteRoomCall): null unless this
   * identity may retake a seat here; else the seats whose turn it is (empty when all act at once).
   */
  seatHeldFor(identityId: unknown): SeatHeld | null {
    return this.joins.seatHeldFor(identityId);
  }

  /** Locked (for Colyseus) only when neither a seat join nor a spectator join has a place left. */
  override hasReachedMaxClients(): boolean {
    return super.hasReachedMaxClients() || (this.state !== undefined && this.joinBudget.full(this.joinCounts()));
  }

  /** A join is reserved a place from its own kind's budget (joinBudget.ts); reconnections always are. */
  protected override async _reserveSeat(sessionId: string, joinOptions?: unknown, authData?: unknown, seconds?: number, allowReconnection?: boolean, devModeReconnection?: boolean): Promise<boolean> {
    if (!allowReconnection && this.state !== undefined && this.joinBudget.left(joinKind(joinOptions), this.joinCounts()) <= 0) return false;
    return super._reserveSeat(sessionId, joinOptions, authData, seconds, allowReconnection, devModeReconnection);
  }

  private joinCounts(): JoinCounts {
    const spectators = this.state.spectators;
    return { seated: this.clients.length - spectators, spectators, pending: Object.keys(this.reservedSeats).map((id) => this.reservedSeats[id]![0]) };
  }

  /** Joins let in and not yet joined (a turn-based table does not sleep while one is on its way). */
  reservedSeatCount(): number {
    return Object.keys(this.reservedSeats).length;
  }

  /** Every frame passes the edge (size, rate, known type) before Colyseus decodes it. */
  protected override _onMessage(client: Parameters<Room['_onMessage']>[0], frame: Buffer): void {
    this.edge.handle(this.roomId, client, frame, () => {
      if (frame[0] !== Protocol.JOIN_ROOM || client.state !== ClientState.JOINING) return super._onMessage(client, frame);
      this.joinAcks.receive(this.changesUnsent(), () => super._onMessage(client, frame));
    });
  }

  /** The full state holds everything this client's view shows: its visibility changes are not sent again in a patch (joinAcks.ts). */
  override sendFullState(client: Client): void {
    super.sendFullState(client);
    client.view?.changes.clear();
  }

  private changesUnsent(): boolean {
    return (this as unknown as { _serializer: { encoder?: { hasChanges: boolean } } })._serializer.encoder?.hasChanges ?? false;
  }

  /** An exception in a handler, timer or hook of this room is logged and counted; the process and other tables go on. */
  override onUncaughtException(error: RoomException<this>, methodName: string): void {
    reportRoomException(this.roomId, methodName, error.cause ?? error);
  }

  // ---------------------------------------------------------------- set-up

  /** The collaborators, the synchronised state and the seats of a table with `this.facts.options` (new or reopened). */
  openTable(): void {
    ({ edge: this.edge, timers: this.timers, bots: this.bots, clocks: this.clocks, pipeline: this.pipeline, chat: this.chat, sleep: this.sleep } = tablePartsOf(this));
    this.state = new TableState();
    this.projector = new TableProjector(this.facts.game, this.state, () => this.clients, (show) => this.journal.whenDurable(show));
    shareHandshake(this);
    shareEncodeBuffers(this);
    this.state.game = this.facts.game.id;
    this.state.variant = this.facts.options.variant;
    this.state.seats = this.facts.options.players;
    writeOptions(this.state.options, this.facts.options);
    this.seating = new Seating(this.state.players, this.roomId);
    this.maxClients = maxClientsFor(this.facts.options.players, this.services.config.SPECTATORS_MAX);
    this.patchRate = 50;
  }

  // ---------------------------------------------------------------- messages

  registerMessages(): void {
    registerTableMessages(this, {
      game: this.facts.game.id, state: this.state, seating: this.seating, latency: this.latency, chat: this.chat,
      now: this.facts.now, seats: () => this.facts.options.players,
      action: (client, message) => this.play.show(this.pipeline.receive(client, client.sessionId, message)),
      configure: (client, message) => this.opening.configure(client, message),
      start: () => this.opening.start(),
      rematch: (client, player) => this.end.requestRematch(client, player),
      resign: (sessionId, player) => this.leaves.leftForGood(sessionId, player, true),
      seatsChanged: () => void this.publishMetadata(),
      refuse: (client, code, params) => this.refuse(client, code, params),
    });
  }

  sendRefusal(client: Client, refusal: Refusal): void {
    messagesRejected.inc({ game: this.facts.game.id, code: refusal.code });
    client.send('error', refusal);
  }

  /** A refusal by the room itself: the client reads `server:error.<code>`. */
  refuse(client: Client, code: string, params?: Params, id?: number): void {
    this.sendRefusal(client, roomRefusal(code, params, id));
  }

  /** Patches wait for the journal too (the patch-rate timer included). */
  override broadcastPatch(): boolean {
    if (!this.journal.durable) {
      // The room clock ticks from the patch (STACK-NOTES 17): keep it going while the patch waits.
      this.clock.tick();
      return false;
    }
    const sent = super.broadcastPatch();
    this.joinAcks.afterPatch();
    return sent;
  }

  /**
   * Send the change now instead of at the next patch tick (DESIGN.md: outcomes go out at once),
   * then `after` (an ack must arrive after the state it acknowledges), both once the journal holds
   * the change (the commit at the end of this turn of the event loop). Deferred to a microtask so a
   * clock callback never re-enters the clock through broadcastPatch.
   */
  pushNow(after?: () => void): void {
    queueMicrotask(() => this.journal.whenDurable(() => corked(this.clients, () => {
      this.broadcastPatch();
      after?.();
    })));
  }

  // ---------------------------------------------------------------- seats

  refreshSecrets(): void {
    this.projector.refreshSecrets(this.pipeline.engine, this.facts.now());
  }

  publishMetadata(): Promise<void> {
    return publishMetadata(this, {
      game: this.facts.game.id, variant: this.facts.options.variant, seats: this.facts.options.players, taken: this.seating.taken,
      phase: this.state.phase, isPrivate: this.facts.isPrivate, tournament: this.facts.tournament !== null,
    });
  }
}

/** A room class bound to one game definition (Colyseus defines rooms by class). */
export function roomFor(game: AnyGame, services: RoomServices): typeof GameRoom {
  return class extends GameRoom {
    static override game = game;
    static override services = services;
  };
}
