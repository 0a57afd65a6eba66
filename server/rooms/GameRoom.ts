/**
 * The one room every game runs in: seats, host controls, quick-play auto start, private codes,
 * reconnection, spectators, bots, clocks, race arbitration and result storage. The rules come
 * from the game's engine definition (shared/games/<game>); this class only adapts it.
 */
import { Room, type Client, type RoomException, updateLobby } from '@colyseus/core';
import { StateView } from '@colyseus/schema';
import type { AnyGame, GameEvent, GameResult, Seat } from '../../shared/games/contract.js';
import { RaceQueue, type Claim } from '../../shared/arbitration.js';
import { holdFor } from '../../shared/delayEstimate.js';
import { Rng, randomSeed } from '../../shared/random.js';
import {
  actionEnvelope, addBotMessage, configureMessage, echoMessage, ErrorCodes, joinOptions, pingMessage, removeBotMessage,
  type ErrorMessage,
} from '../../shared/protocol/messages.js';
import { TableState, PlayerState, wireSafe } from '../state/TableState.js';
import { CODE_RENEW_MS, releaseCode, renewCode, reserveCode } from '../matchmaking/privateCodes.js';
import { mirrorFor } from '../state/mirrors.js';
import { writeOptions, writeResult } from '../state/tableMirror.js';
import { syncValues } from '../state/sync.js';
import { readResult } from '../../shared/wire/table.js';
import { roomServices } from './services.js';
import { BotDriver } from './BotDriver.js';
import { LatencyProbe } from './latencyProbe.js';
import { tournamentSeatingSchema, type TournamentSeating } from './tournamentSeating.js';
import { actionLatency, clientsGauge, gamesFinished, messagesRejected, raceStampsClamped, raceTies, roomsGauge } from '../ops/metrics.js';
import { edgePolicy, MessageEdge } from './messageEdge.js';
import { reportRoomException } from './roomExceptions.js';
import { announceWatchable } from './JunctionLobbyRoom.js';
import { logger } from '../ops/logger.js';
import type { GameRecord } from '../store/index.js';
import { ActionLogWriter } from './actionLog.js';
import { authenticateSeat, SeatIdentities, type SeatAuth } from '../identity/seats.js';

const CLOCK_TICK_MS = 10;
/** A finished table only waits for its linger timer: a slow tick is enough to fire it. */
const FINISHED_TICK_MS = 1000;
/** Every message type a game room handles; the edge refuses the rest before decoding. */
const MESSAGE_TYPES = ['action', 'ping', 'echo', 'add_bot', 'remove_bot', 'configure', 'start'] as const;
/** Salt so the tie coin's stream is not the engine's own stream from the same game seed. */
const TIE_COIN_SALT = 0x7ac0c011;

interface ClientData {
  spectator: boolean;
}

interface QueuedAction {
  seat: Seat;
  action: unknown;
  client?: Client;
  id?: number;
  arrival: number;
}

export interface TableMetadata {
  game: string;
  variant: string;
  seats: number;
  taken: number;
  free: number;
  phase: string;
  private: boolean;
  /** A public (non-tournament) game being played: listed in the lobby with Watch. */
  watchable: boolean;
}

export class GameRoom extends Room<TableState> {
  static game: AnyGame;
  private game!: AnyGame;
  private options: Record<string, unknown> & { variant: string; players: number } = { variant: '', players: 0 };
  private engine: unknown = null;
  private seed = 0;
  private startedAt = 0;
  private queue!: RaceQueue<QueuedAction>;
  private readonly latency = new LatencyProbe();
  private bots!: BotDriver;
  private isPrivate = false;
  private tournament: TournamentSeating | null = null;
  /** The write of this table's result, once started; a failed write is retried by the next caller. */
  private storing: Promise<void> | null = null;
  private absentSince = new Map<string, number>();
  private releaseTimer: { clear(): void } | null = null;
  private deadlineTimer: { clear(): void } | null = null;
  private autoStartTimer: { clear(): void } | null = null;
  private absentTimer: { clear(): void } | null = null;
  private edge!: MessageEdge;
  /** Private tables only: the host asked for a rated game at creation. */
  private ratedPrivate = false;
  private seatIdentities = new SeatIdentities<PlayerState>();
  private actionLog: ActionLogWriter | null = null;

  /** The engine state, read-only (tests compare what clients received against it). */
  get engineState(): unknown {
    return this.engine;
  }

  override async onCreate(raw: Record<string, unknown>): Promise<void> {
    const services = roomServices();
    if (services.draining) throw new Error('This server is shutting down; try again in a moment.');
    this.game = (this.constructor as typeof GameRoom).game;
    this.edge = new MessageEdge(edgePolicy(this.game.id, MESSAGE_TYPES, roomServices().config));
    const options = this.parseOptions(raw);
    this.options = options;
    this.bots = new BotDriver(this.clock, new Rng(randomSeed()));
    this.isPrivate = raw.private === true;
    this.ratedPrivate = this.isPrivate && raw.rated === true;
    if (raw.tournament !== undefined) this.tournament = this.parseTournament(raw);

    this.state = new TableState();
    this.state.game = this.game.id;
    this.state.variant = options.variant;
    this.state.seats = options.players;
    writeOptions(this.state.options, options);
    this.maxClients = maxClientsFor(options.players);
    this.patchRate = 50;

    if (this.isPrivate || this.tournament) {
      await this.setPrivate(true);
      if (this.isPrivate) {
        const code = await reserveCode(this.presence, this.roomId);
        this.state.code = code;
        this.clock.setInterval(() => void renewCode(this.presence, code, this.roomId).catch(() => undefined), CODE_RENEW_MS);
      }
    }
    this.registerMessages();
    await this.publishMetadata();
    roomsGauge.inc({ game: this.game.id });

    if (this.tournament) this.seatTournamentPlayers(this.tournament);
    else if (!this.isPrivate) this.scheduleAutoStart();
  }

  override async onAuth(_client: Client, raw: unknown): Promise<SeatAuth | true> {
    const parsed = joinOptions.safeParse(raw ?? {});
    if (!parsed.success) throw new Error(`Bad join options: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    const wantsSeat = parsed.data.spectator !== true;
    if (!wantsSeat) {
      if (this.state.spectators >= roomServices().config.SPECTATORS_MAX) throw new Error('This table has as many spectators as it can take.');
      return true;
    }
    if (this.tournament) {
      const playerId = typeof parsed.data.playerId === 'string' ? parsed.data.playerId : '';
      if (!this.reservedEntry(playerId)) throw new Error('This tournament table has no seat for you.');
    } else {
      if (this.state.phase !== 'waiting') throw new Error('This game has already started; join as a spectator.');
      if (this.humanAndBotCount() >= this.options.players) throw new Error('This table is full.');
    }
    const auth = await authenticateSeat(roomServices().identities, parsed.data.token);
    // One identity, one linked seat per table (two tabs of one browser may still both play, the
    // second anonymously: unrated and out of the history, so nobody rates themselves up).
    // A tournament seat already belongs to its registrant's identity.
    if (!this.tournament && auth.identity && this.seatIdentities.holds(this.state.players.values(), auth.identity.id)) {
      return { identity: null, issued: null };
    }
    return auth;
  }

  override onJoin(client: Client, raw: Record<string, unknown>): void {
    const parsed = joinOptions.parse(raw ?? {});
    // onAuth awaited the identity look-up: another join may have taken the last seat meanwhile.
    if (parsed.spectator !== true && !this.tournament && (this.state.phase !== 'waiting' || this.humanAndBotCount() >= this.options.players)) {
      throw new Error('This table is full.');
    }
    const data: ClientData = { spectator: parsed.spectator === true };
    client.userData = data;
    clientsGauge.inc();
    if (data.spectator) {
      this.state.spectators++;
      return;
    }
    const name = parsed.name ?? `Player ${this.humanAndBotCount() + 1}`;
    const reserved = this.tournament ? this.reservedEntry(String(parsed.playerId)) : undefined;
    let player: PlayerState;
    if (reserved) {
      player = reserved[1];
      this.state.players.delete(reserved[0]);
      player.connected = true;
      player.bot = false;
      this.absentSince.delete(reserved[0]);
    } else {
      player = new PlayerState();
      player.name = name;
      player.seat = this.nextFreeSeat();
    }
    const auth = client.auth as SeatAuth | undefined;
    if (!this.seatIdentities.of(player)) {
      this.seatIdentities.link(player, auth?.identity ?? null);
      if (auth?.identity) player.name = auth.identity.display;
    }
    if (auth?.issued) client.send('identity', auth.issued);
    // Only a private table has a host who configures it; quick-play tables keep the options they were matched by.
    player.host = this.isPrivate && !this.hasHost();
    this.state.players.set(client.sessionId, player);
    client.view = new StateView();
    client.view.add(player);
    this.refreshSecrets();
    void this.publishMetadata();
    if (this.state.phase === 'waiting' && !this.isPrivate && !this.tournament && this.humanAndBotCount() >= this.options.players) {
      this.start();
    }
  }

  override async onLeave(client: Client, consented: boolean): Promise<void> {
    clientsGauge.dec();
    this.latency.forget(client.sessionId);
    const data = client.userData as ClientData | undefined;
    if (data?.spectator) {
      this.state.spectators--;
      return;
    }
    const player = this.state.players.get(client.sessionId);
    if (!player) return;
    player.connected = false;
    this.absentSince.set(client.sessionId, Date.now());
    if (this.state.phase === 'playing') this.afterChange();
    const seconds = roomServices().config.RECONNECT_SECONDS;
    if (!consented && seconds > 0 && this.state.phase !== 'finished') {
      try {
        await this.allowReconnection(client, seconds);
        player.connected = true;
        this.absentSince.delete(client.sessionId);
        if (this.state.phase === 'playing') this.afterChange();
        return;
      } catch {
        // Did not come back in time: fall through.
      }
    }
    this.seatLeftForGood(client.sessionId, player);
  }

  override async onDispose(): Promise<void> {
    if (!this.state?.game) return; // onCreate refused the options: nothing was opened
    roomsGauge.dec({ game: this.game.id });
    if (this.state.code) await releaseCode(this.presence, this.state.code);
    if (this.state.phase === 'finished') await this.storeResult();
    else await this.actionLog?.flush();
  }

  /** SIGTERM: let a running game finish if it can within the grace period; finished results are stored first. */
  override onBeforeShutdown(): void {
    if (this.state.phase !== 'playing') {
      void this.disconnect();
      return;
    }
    this.broadcast('notice', { message: 'This server is restarting; your game continues while it can.' });
    this.clock.setTimeout(() => void this.disconnect(), roomServices().config.SHUTDOWN_GRACE_MS);
  }

  // ---------------------------------------------------------------- messages

  private registerMessages(): void {
    this.onMessage('action', (client, message) => this.onAction(client, message));
    this.onMessage('ping', (client, message) => {
      const parsed = pingMessage.safeParse(message);
      if (!parsed.success) return this.refuse(client, ErrorCodes.badMessage, 'ping needs { c: clientTime }');
      const now = Date.now();
      client.send('pong', { c: parsed.data.c, s: now, n: this.latency.probe(client.sessionId, now) });
    });
    this.onMessage('echo', (client, message) => {
      const parsed = echoMessage.safeParse(message);
      if (!parsed.success) return this.refuse(client, ErrorCodes.badMessage, 'echo needs { n } from the last pong');
      this.latency.echo(client.sessionId, parsed.data.n, Date.now());
    });
    this.onMessage('add_bot', (client, message) => this.hostCommand(client, () => {
      const parsed = addBotMessage.safeParse(message ?? {});
      if (!parsed.success) return this.refuse(client, ErrorCodes.badMessage, 'add_bot needs { level: "easy" | "hard" }');
      if (this.humanAndBotCount() >= this.options.players) return this.refuse(client, ErrorCodes.tableFull, 'Every seat is taken.');
      this.addBot(parsed.data.level);
    }));
    this.onMessage('remove_bot', (client, message) => this.hostCommand(client, () => {
      const parsed = removeBotMessage.safeParse(message);
      if (!parsed.success) return this.refuse(client, ErrorCodes.badMessage, 'remove_bot needs { seat }');
      const entry = [...this.state.players.entries()].find(([, p]) => p.bot && p.seat === parsed.data.seat);
      if (!entry) return this.refuse(client, ErrorCodes.badMessage, `Seat ${parsed.data.seat} holds no bot.`);
      this.state.players.delete(entry[0]);
      this.compactSeats();
      void this.publishMetadata();
    }));
    this.onMessage('configure', (client, message) => this.hostCommand(client, () => {
      const parsed = configureMessage.safeParse(message);
      if (!parsed.success) return this.refuse(client, ErrorCodes.badMessage, 'configure needs { options: {...} }');
      const next = this.game.optionsSchema.safeParse({ ...this.options, ...parsed.data.options });
      if (!next.success) return this.refuse(client, ErrorCodes.badMessage, `Invalid options: ${describeZodError(next.error)}`);
      const range = this.game.seatRange(next.data);
      if (next.data.players < range.min || next.data.players > range.max) {
        return this.refuse(client, ErrorCodes.badMessage, `This variant needs ${range.min}–${range.max} players.`);
      }
      if (next.data.players < this.humanAndBotCount()) return this.refuse(client, ErrorCodes.badMessage, 'Remove players or bots before making the table smaller.');
      this.options = next.data;
      this.state.variant = next.data.variant;
      this.state.seats = next.data.players;
      writeOptions(this.state.options, next.data);
      this.maxClients = maxClientsFor(next.data.players);
      void this.publishMetadata();
    }));
    // Empty seats are filled with bots at the start, so the host can always start.
    this.onMessage('start', (client) => this.hostCommand(client, () => this.start()));
  }

  /** Every frame passes the edge (size, rate, known type) before Colyseus decodes it. */
  protected override _onMessage(client: Parameters<Room['_onMessage']>[0], frame: Buffer): void {
    this.edge.handle(this.roomId, client, frame, () => super._onMessage(client, frame));
  }

  /** An exception in a handler, timer or hook of this room is logged and counted; the process and other tables go on. */
  override onUncaughtException(error: RoomException<this>, methodName: string): void {
    reportRoomException(this.roomId, methodName, error.cause ?? error);
  }

  private refuse(client: Client, code: string, message: string, id?: number): void {
    messagesRejected.inc({ game: this.game.id, code });
    const body: ErrorMessage = id === undefined ? { code, message } : { code, message, id };
    client.send('error', body);
  }

  private hostCommand(client: Client, run: () => void): void {
    const player = this.state.players.get(client.sessionId);
    if (!player?.host) return this.refuse(client, ErrorCodes.notHost, 'Only the host can do that.');
    if (this.state.phase !== 'waiting') return this.refuse(client, ErrorCodes.wrongPhase, 'The game has already started.');
    run();
  }

  private onAction(client: Client, message: unknown): void {
    const envelope = actionEnvelope.safeParse(message);
    if (!envelope.success) return this.refuse(client, ErrorCodes.badMessage, 'An action is { id, a, t?, v? }.');
    const { id } = envelope.data;
    const player = this.state.players.get(client.sessionId);
    if (!player || player.bot) return this.refuse(client, ErrorCodes.notSeated, 'Spectators cannot play.', id);
    if (this.state.phase !== 'playing') return this.refuse(client, ErrorCodes.wrongPhase, 'The game is not running.', id);
    const action = this.game.actionSchema.safeParse(envelope.data.a);
    if (!action.success) return this.refuse(client, ErrorCodes.badMessage, `Invalid action: ${describeZodError(action.error)}`, id);
    this.submit({ seat: player.seat, action: action.data, client, id, arrival: Date.now() }, envelope.data.t);
  }

  // ---------------------------------------------------------------- game flow

  /** Every action, human or bot, enters here: races are ordered by compensated time (shared/arbitration.ts). */
  submit(queued: QueuedAction, stamp: number | undefined): void {
    const cap = roomServices().config.RACE_WINDOW_MS;
    const self = queued.client?.sessionId;
    const others = [...this.state.players.entries()]
      .filter(([id, p]) => id !== self && p.connected && !p.bot)
      .map(([id]) => this.latency.allowance(id, cap));
    const claim = this.queue.submit(queued, {
      arrival: queued.arrival, stamp, race: this.game.isRace(queued.action),
      allowanceMs: this.latency.allowance(self, cap), plausibleMs: this.latency.plausible(self, cap), holdMs: holdFor(others),
    });
    if (claim.clamped) raceStampsClamped.inc({ game: this.game.id, bound: claim.clamped });
    this.drainQueue();
  }

  private drainQueue(): void {
    this.releaseTimer?.clear();
    this.releaseTimer = null;
    const now = Date.now();
    for (const claim of this.queue.release(now)) {
      if (claim.tie?.rank === 0) raceTies.inc({ game: this.game.id });
      this.applyAction(claim);
    }
    const next = this.queue.nextReleaseAt();
    if (next !== null) this.releaseTimer = this.clock.setTimeout(() => this.drainQueue(), Math.max(0, next - Date.now()));
  }

  /** `claim.tie` says how an exact tie was settled by the room's coin (for the action record). */
  private applyAction(claim: Claim<QueuedAction>): void {
    const { item: queued, compensated: actedAt } = claim;
    if (this.state.phase !== 'playing') {
      if (queued.client) this.refuse(queued.client, ErrorCodes.wrongPhase, 'The game is over.', queued.id);
      return;
    }
    const at = Math.max(actedAt, this.lastAppliedAt);
    const race = this.game.isRace(queued.action);
    const outcome = this.game.apply(this.engine, queued.seat, queued.action, at);
    if (!outcome.ok) {
      if (race) this.actionLog?.lostRace(queued.seat, queued.action, at, outcome.error.code, claim.tie);
      if (queued.client) this.refuse(queued.client, outcome.error.code, outcome.error.message ?? outcome.error.code, queued.id);
      return;
    }
    this.actionLog?.applied(queued.seat, queued.action, at, race, claim.tie);
    this.lastAppliedAt = Math.max(actedAt, this.lastAppliedAt);
    this.engine = outcome.state;
    this.afterChange(outcome.events);
    const { client, id } = queued;
    this.pushNow(client && id !== undefined ? () => client.send('ack', { id, version: this.state.version }) : undefined);
    actionLatency.observe({ game: this.game.id, race: String(this.game.isRace(queued.action)) }, (Date.now() - queued.arrival) / 1000);
  }

  private lastAppliedAt = 0;

  /**
   * Send the change now instead of at the next patch tick (DESIGN.md: outcomes go out at once),
   * then `after` (an ack must arrive after the state it acknowledges). Deferred to a microtask so a
   * clock callback never re-enters the clock through broadcastPatch.
   */
  private pushNow(after?: () => void): void {
    queueMicrotask(() => {
      this.broadcastPatch();
      after?.();
    });
  }

  private start(): void {
    if (this.state.phase !== 'waiting') return;
    this.autoStartTimer?.clear();
    while (this.humanAndBotCount() < this.options.players) this.addBot('easy');
    const range = this.game.seatRange(this.options);
    if (this.options.players < range.min) this.options = { ...this.options, players: range.min };
    this.seed = randomSeed();
    this.queue = new RaceQueue(new Rng((this.seed ^ TIE_COIN_SALT) >>> 0));
    this.startedAt = Date.now();
    this.lastAppliedAt = this.startedAt;
    this.engine = this.game.setup(this.options, this.options.players, this.seed, this.startedAt);
    this.actionLog = new ActionLogWriter(roomServices().store, {
      id: this.roomId, game: this.game.id, variant: this.options.variant, options: this.options, seed: this.seed,
      startedAt: this.startedAt, seats: this.sessionSeats(), private: this.isPrivate, rated: this.isRated(),
    });
    this.state.phase = 'playing';
    this.state.autoStartAt = 0;
    // The clock drives race releases and game clocks: tick it on its own fast interval (instead of
    // only inside broadcastPatch, which would also make broadcastPatch from a timer re-enter the clock).
    this.setSimulationInterval(() => undefined, CLOCK_TICK_MS);
    this.autoDispose = false;
    void this.setPrivate(true).then(() => this.publishMetadata());
    logger.info({ room: this.roomId, game: this.game.id, variant: this.options.variant, seed: this.seed }, 'game started');
    this.afterChange([{ type: 'start', text: 'The game begins.' }]);
  }

  /** Mirror the engine into the synchronised state, push events, schedule clocks and bots. */
  private afterChange(events: GameEvent[] = []): void {
    const now = Date.now();
    this.state.version++;
    this.state.changedAt = now;
    const mirror = mirrorFor(this.game.id);
    this.state.table ??= mirror.createTable();
    mirror.writeTable(this.state.table, this.game.publicView(this.engine, now));
    this.refreshSecrets();
    syncValues(this.state.active, this.game.activeSeats(this.engine));
    const deadline = this.game.nextDeadline(this.engine);
    this.state.deadline = deadline ?? 0;
    this.sendEvents(events);
    const result: GameResult | null = this.game.result(this.engine);
    if (result) return this.finish(result);
    this.scheduleDeadline(deadline);
    this.bots.plan(this.botSeats(now), (seat, level) => this.game.bot(this.engine, seat, level, this.bots.rngState(), Date.now()),
      (seat, action) => this.submit({ seat, action, arrival: Date.now() }, undefined));
  }

  private sendEvents(events: GameEvent[]): void {
    const publicEvents = events.filter((e) => e.to === undefined);
    const last = [...publicEvents].reverse().find((e) => e.text);
    if (last?.text) this.state.lastEvent = wireSafe(last.text);
    if (publicEvents.length > 0) this.broadcast('events', publicEvents);
    for (const event of events) {
      if (!event.to) continue;
      for (const client of this.clients) {
        const seat = this.state.players.get(client.sessionId)?.seat;
        if (seat !== undefined && event.to.includes(seat)) client.send('events', [event]);
      }
    }
  }

  private scheduleDeadline(deadline: number | null): void {
    this.deadlineTimer?.clear();
    this.deadlineTimer = null;
    if (deadline === null) return;
    this.deadlineTimer = this.clock.setTimeout(() => {
      if (this.state.phase !== 'playing') return;
      const at = Math.max(Date.now(), deadline);
      const outcome = this.game.advance(this.engine, at);
      if (!outcome.ok) {
        logger.error({ room: this.roomId, error: outcome.error }, 'advance failed');
        return;
      }
      this.actionLog?.advanced(at);
      this.engine = outcome.state;
      this.afterChange(outcome.events);
      this.pushNow();
    }, Math.max(0, deadline - Date.now()));
  }

  /** Seats a bot plays now: bots, and seats whose human has been absent past the grace period. */
  private botSeats(now: number): Map<Seat, 'easy' | 'hard'> {
    const grace = roomServices().config.ABSENT_GRACE_MS;
    const seats = new Map<Seat, 'easy' | 'hard'>();
    let soonest: number | null = null;
    for (const [id, p] of this.state.players) {
      if (p.bot) seats.set(p.seat, p.botLevel === 'hard' ? 'hard' : 'easy');
      else if (!p.connected) {
        const since = this.absentSince.get(id) ?? now;
        if (now - since >= grace) seats.set(p.seat, 'easy');
        else soonest = Math.min(soonest ?? Infinity, since + grace);
      }
    }
    // One pending wake-up for the next absent seat to pass its grace period (not one per change).
    this.absentTimer?.clear();
    this.absentTimer = soonest === null ? null
      : this.clock.setTimeout(() => this.state.phase === 'playing' && this.afterChange(), Math.max(0, soonest - now) + 5);
    return seats;
  }

  private finish(result: GameResult): void {
    this.state.phase = 'finished';
    writeResult(this.state, result);
    this.state.active.clear();
    this.state.deadline = 0;
    this.deadlineTimer?.clear();
    this.releaseTimer?.clear();
    this.bots.stopAll();
    // Colyseus ticks the clock only from the simulation interval once one was set: without a tick
    // the linger timer below would never fire and the room would stay open for ever.
    this.setSimulationInterval(() => undefined, FINISHED_TICK_MS);
    for (const p of this.state.players.values()) {
      const mine = result.seats.find((s) => s.seat === p.seat);
      if (mine) p.score = mine.score;
    }
    this.pushNow();
    void this.publishMetadata(); // the lobby stops offering Watch
    this.storeResult().catch(() => undefined); // logged per attempt; retried again before dispose
    // While the process drains, players get a moment to see the result, not the whole linger.
    const services = roomServices();
    const linger = services.draining ? Math.min(2_000, services.config.FINISHED_LINGER_MS) : services.config.FINISHED_LINGER_MS;
    this.clock.setTimeout(() => void this.disconnect(), linger);
  }

  /** A finished game is written to the store before the room may dispose (retried on failure). */
  private storeResult(): Promise<void> {
    const result = readResult(this.state.result);
    if (!result) return Promise.resolve();
    this.storing ??= this.persistResult(result).catch((error: unknown) => {
      this.storing = null;
      throw error;
    });
    return this.storing;
  }

  private async persistResult(result: GameResult): Promise<void> {
    const finishedAt = Date.now();
    const record: GameRecord = {
      id: this.roomId,
      game: this.game.id,
      variant: this.options.variant,
      seed: this.seed,
      startedAt: this.startedAt,
      finishedAt,
      durationMs: finishedAt - this.startedAt,
      players: [...this.state.players.values()].map((p) => {
        const r = result.seats.find((s) => s.seat === p.seat);
        return {
          seat: p.seat, name: p.name, playerId: this.tournament?.seats[p.seat]?.playerId ?? null,
          identityId: this.seatIdentities.of(p)?.id ?? null, bot: p.bot, score: r?.score ?? 0, place: r?.place ?? 0,
        };
      }).sort((a, b) => a.seat - b.seat),
      summary: typeof result.summary === 'string' ? result.summary : result.summary.key,
      tournamentId: this.tournament?.tournamentId ?? null,
      tableId: this.tournament?.tableId ?? null,
      rated: this.isRated(),
      private: this.isPrivate,
    };
    const services = roomServices();
    await this.actionLog?.flush();
    for (let attempt = 1; ; attempt++) {
      try {
        await services.store.saveGameResult(record);
        gamesFinished.inc({ game: this.game.id });
        await services.onGameStored(record);
        return;
      } catch (error) {
        logger.error({ room: this.roomId, attempt, err: error }, 'storing a result failed');
        if (attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
  }

  /**
   * Rated (docs/architecture.md "Ratings"): tournament tables, private tables whose host asked for
   * it, and quick-play tables with at least two players who carry an identity. Bots are never rated.
   */
  private isRated(): boolean {
    if (this.tournament) return true;
    if (this.isPrivate) return this.ratedPrivate;
    return [...this.state.players.values()].filter((p) => this.seatIdentities.of(p)).length >= 2;
  }

  private sessionSeats(): { seat: number; name: string; identityId: string | null; bot: boolean }[] {
    return [...this.state.players.values()].map((p) => ({ seat: p.seat, name: p.name, identityId: this.seatIdentities.of(p)?.id ?? null, bot: p.bot }))
      .sort((a, b) => a.seat - b.seat);
  }

  // ---------------------------------------------------------------- seats

  private parseOptions(raw: Record<string, unknown>): Record<string, unknown> & { variant: string; players: number } {
    const { name: _name, private: _private, spectator: _spectator, tournament: _t, internalKey: _k, playerId: _p, token: _token, rated: _rated, ...rest } = raw ?? {};
    const parsed = this.game.optionsSchema.safeParse(rest);
    if (!parsed.success) throw new Error(`Invalid table options: ${describeZodError(parsed.error)}`);
    const range = this.game.seatRange(parsed.data);
    if (parsed.data.players < range.min || parsed.data.players > range.max) {
      throw new Error(`${this.game.title} (${parsed.data.variant}) seats ${range.min}–${range.max} players.`);
    }
    return parsed.data;
  }

  private parseTournament(raw: Record<string, unknown>): TournamentSeating {
    if (raw.internalKey !== roomServices().internalKey) throw new Error('Tournament tables are created by the server only.');
    return tournamentSeatingSchema.parse(raw.tournament);
  }

  /** Tournament tables start at once with every seat reserved; absent players are played by a bot after the grace period. */
  private seatTournamentPlayers(t: TournamentSeating): void {
    const now = Date.now();
    t.seats.forEach((s, seat) => {
      const player = new PlayerState();
      player.name = s.name;
      player.seat = seat;
      player.connected = false;
      this.seatIdentities.link(player, s.identityId ? { id: s.identityId, display: s.name } : null);
      const key = `reserved:${s.playerId}`;
      this.state.players.set(key, player);
      this.absentSince.set(key, now);
    });
    this.options = { ...this.options, players: t.seats.length };
    this.state.seats = t.seats.length;
    this.start();
  }

  private reservedEntry(playerId: string): [string, PlayerState] | undefined {
    const key = `reserved:${playerId}`;
    const player = this.state.players.get(key);
    return player ? [key, player] : undefined;
  }

  private seatLeftForGood(sessionId: string, player: PlayerState): void {
    if (this.state.phase === 'waiting') {
      this.state.players.delete(sessionId);
      this.compactSeats();
      if (player.host) this.passHost();
      void this.publishMetadata();
      return;
    }
    if (this.state.phase === 'playing') {
      player.bot = true;
      player.botLevel = 'easy';
      player.name = `${player.name} (bot)`;
      if (player.host) { player.host = false; this.passHost(); }
      this.afterChange([{ type: 'replaced', seat: player.seat, text: `${player.name} now plays for a player who left.` }]);
    }
  }

  private addBot(level: 'easy' | 'hard'): void {
    const bot = new PlayerState();
    bot.bot = true;
    bot.botLevel = level;
    bot.seat = this.nextFreeSeat();
    bot.name = `Bot ${bot.seat + 1}${level === 'hard' ? ' ★' : ''}`;
    this.state.players.set(`bot:${this.roomId}:${bot.seat}:${Date.now()}`, bot);
    void this.publishMetadata();
  }

  private nextFreeSeat(): number {
    const taken = new Set([...this.state.players.values()].map((p) => p.seat));
    let seat = 0;
    while (taken.has(seat)) seat++;
    return seat;
  }

  /** Keep seats 0..n-1 without gaps while the table is waiting. */
  private compactSeats(): void {
    [...this.state.players.values()].sort((a, b) => a.seat - b.seat).forEach((p, i) => { p.seat = i; });
  }

  private hasHost(): boolean {
    return [...this.state.players.values()].some((p) => p.host);
  }

  private passHost(): void {
    const next = [...this.state.players.entries()].find(([, p]) => !p.bot && p.connected);
    if (next) next[1].host = true;
  }

  private humanAndBotCount(): number {
    return this.state.players.size;
  }

  private refreshSecrets(): void {
    if (this.engine === null) return;
    const now = Date.now();
    const mirror = mirrorFor(this.game.id);
    for (const [id, p] of this.state.players) {
      // Nobody can receive the secret of a seat without a client (bots, reserved or away seats):
      // it is written when its client joins or comes back (onJoin, and afterChange on return).
      const client = this.clients.getById(id);
      if (!client) continue;
      if (!p.secret) {
        p.secret = mirror.createSeat();
        // A schema under a @view field is not seen through its parent: the owner's view needs it too.
        client.view?.add(p.secret);
      }
      mirror.writeSeat(p.secret, this.game.seatView(this.engine, p.seat, now), (added) => client.view?.add(added));
    }
  }

  private scheduleAutoStart(): void {
    const fillMs = roomServices().config.QUICKPLAY_FILL_MS;
    this.state.autoStartAt = Date.now() + fillMs;
    this.autoStartTimer = this.clock.setTimeout(() => {
      if (this.state.phase === 'waiting' && [...this.state.players.values()].some((p) => !p.bot)) this.start();
      else if (this.state.phase === 'waiting') this.scheduleAutoStart();
    }, fillMs);
  }

  private async publishMetadata(): Promise<void> {
    const taken = this.humanAndBotCount();
    const metadata: TableMetadata = {
      game: this.game.id, variant: this.options.variant, seats: this.options.players,
      taken, free: Math.max(0, this.options.players - taken), phase: this.state.phase, private: this.isPrivate,
      watchable: this.state.phase === 'playing' && !this.isPrivate && !this.tournament,
    };
    await this.setMetadata(metadata);
    updateLobby(this);
    if (metadata.watchable || (this.state.phase === 'finished' && !this.isPrivate && !this.tournament)) announceWatchable(this.roomId);
  }
}

/**
 * Seats plus spectators plus room for joins in flight: Colyseus locks a room at maxClients, so
 * spectators (capped in onAuth) must never use up the seats.
 */
function maxClientsFor(players: number): number {
  return players + roomServices().config.SPECTATORS_MAX + 8;
}

function describeZodError(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  return error.issues.slice(0, 3).map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ` : '') + i.message).join('; ');
}

/** A room class bound to one game definition (Colyseus defines rooms by class). */
export function roomFor(game: AnyGame): typeof GameRoom {
  return class extends GameRoom {
    static override game = game;
  };
}
