/**
 * Joining a table: who may come in (onAuth: a spectator, a returning identity, a tournament seat,
 * a free seat before the start), then the connection seated, watching, or given its seat back
 * (a connection of the identity seated here takes the seat over, whatever its key).
 */
import type { AuthContext, Client } from '@colyseus/core';
import { StateView } from '@colyseus/schema';
import type { TableState } from '../state/TableState.js';
import { joinRefusal, notice } from '../i18n/serverMessages.js';
import { authenticateSeat, knownIdentity, type SeatAuth } from '../identity/seats.js';
import { joinAddress } from '../http/joinAddress.js';
import { CLOSE_SEAT_TAKEN_OVER, joinOptions } from '../../shared/protocol/messages.js';
import { seatStanding } from '../chat/roomChat.js';
import type { TableChat } from '../chat/tableChat.js';
import type { RoomConnections } from '../friends/online.js';
import type { FillingTable } from '../turnbased/fillingTable.js';
import { clientsGauge } from '../ops/metrics.js';
import { nameRefusal } from './joinRefusals.js';
import type { Seating } from './seating.js';
import type { RoomServices } from './services.js';
import type { TableFacts } from './tableFacts.js';
import type { TableSleep } from './tableSleep.js';
import type { TournamentCheckIn } from './tournamentCheckIn.js';

/** What the room keeps on each connection (`client.userData`). */
export interface ClientData {
  spectator: boolean;
}

/** The parts of the room a join reads (GameRoom). */
export interface JoinedTable {
  readonly facts: TableFacts;
  readonly state: TableState;
  readonly services: RoomServices;
  readonly clients: { getById(sessionId: string): Client | undefined };
  readonly seating: Seating;
  readonly sleep: TableSleep;
  readonly checkIn: TournamentCheckIn | null;
  readonly filling: FillingTable | null;
  readonly connections: RoomConnections;
  readonly chat: TableChat;
  /** A seat held for a dropped connection stops waiting for it (tableLeaves.ts). */
  readonly leaves: { stopWaiting(key: string): void };
  refreshSecrets(): void;
  readonly play: { afterChange(): void };
  publishMetadata(): Promise<void>;
  readonly opening: { start(): void };
}

/** An identity's seat here, as `GET /api/players/me/games` lists it (GameRoom `seatHeldFor`). */
export interface SeatHeld { turn: number[]; deadline: number | null; turnBased: boolean; filling?: { taken: number; seats: number } }

export class TableJoins {
  constructor(private readonly table: JoinedTable) {}

  /** Null unless this identity may retake a seat here; else the seats whose turn it is (empty when all act at once). */
  seatHeldFor(identityId: unknown): SeatHeld | null {
    // Asked from any process (matchMaker.remoteRoomCall), maybe before the table is opened.
    const { facts, state, seating } = this.table;
    if (typeof identityId !== 'string' || !state || state.phase === 'finished' || !seating?.seatOfIdentity(identityId)) return null;
    // A queue table still filling: its clock is the moment bots take the seats still free.
    if (this.table.filling && state.phase === 'waiting') {
      return { turn: [], deadline: state.autoStartAt > 0 ? state.autoStartAt + facts.clockOffset : null, turnBased: true, filling: { taken: seating.taken, seats: facts.options.players } };
    }
    const playing = state.phase === 'playing';
    return { turn: playing ? [...state.active] : [], deadline: playing && state.deadline > 0 ? state.deadline + facts.clockOffset : null, turnBased: facts.turnBased };
  }

  async authorize(raw: unknown, context: AuthContext): Promise<SeatAuth | true> {
    const { table } = this;
    const { facts, state, seating, services } = table;
    if (table.sleep.sleeping) throw joinRefusal('table_sleeping');
    const parsed = joinOptions.safeParse(raw ?? {});
    if (!parsed.success) throw joinRefusal(nameRefusal((raw as { name?: unknown } | null)?.name) ?? 'bad_join_options');
    if (parsed.data.spectator === true) {
      if (state.spectators >= services.config.SPECTATORS_MAX) throw joinRefusal('spectators_full');
      return true;
    }
    const returning = await knownIdentity(services.identities, parsed.data.token);
    if (returning && seating.seatOfIdentity(returning.id)) return { identity: returning, issued: null, rejoin: true };
    if (facts.tournament) {
      const playerId = typeof parsed.data.playerId === 'string' ? parsed.data.playerId : '';
      const seat = state.phase === 'waiting' ? null : table.checkIn?.seatOf(playerId) ?? null;
      if (seat !== null) return { identity: null, issued: null, rejoin: true, seat };
      if (!seating.hasReservation(playerId)) throw joinRefusal('no_tournament_seat');
    } else {
      if (state.phase !== 'waiting') throw joinRefusal('game_started');
      if (seating.taken >= facts.options.players) throw joinRefusal('table_full');
    }
    const auth = await authenticateSeat(services.identities, parsed.data.token, joinAddress(context));
    if (auth.identity) await seatStanding(services.store.social, auth.identity.id, { quickPlay: !facts.isPrivate && !facts.tournament, ratedOrPublic: !facts.isPrivate || facts.ratedPrivate || facts.tournament !== null });
    // One identity, one seat per table: an identity seated meanwhile (the look-up above was awaited) retakes it.
    if (auth.identity && seating.seatOfIdentity(auth.identity.id)) return { ...auth, rejoin: true };
    return auth;
  }

  join(client: Client, raw: Record<string, unknown>): void {
    const { table } = this;
    const { facts, state, seating } = table;
    const parsed = joinOptions.parse(raw ?? {});
    const auth = client.auth as SeatAuth | undefined;
    const returning = !auth?.rejoin ? null
      : auth.seat !== undefined ? seating.humanAtSeat(auth.seat)
        : auth.identity ? seating.seatOfIdentity(auth.identity.id) : null;
    if (returning) {
      table.connections.online(client.sessionId, auth?.identity?.id ?? seating.identities.of(returning.player)?.id);
      return this.retakeSeat(client, returning.key);
    }
    // The seat id's seat went to a bot for good meanwhile (onAuth was awaited): nothing to take back.
    if (auth?.seat !== undefined) throw joinRefusal('no_tournament_seat');
    // onAuth awaited the identity look-up: another join may have taken the last seat meanwhile.
    if (parsed.spectator !== true && !facts.tournament && (state.phase !== 'waiting' || seating.taken >= facts.options.players)) {
      throw joinRefusal('table_full');
    }
    const data: ClientData = { spectator: parsed.spectator === true };
    client.userData = data;
    clientsGauge.inc();
    if (data.spectator) {
      state.spectators++;
      table.chat.joined(client);
      return;
    }
    const player = seating.seatHuman(client.sessionId, { name: parsed.name, playerId: facts.tournament ? parsed.playerId : undefined }, auth, facts.isPrivate);
    table.connections.online(client.sessionId, auth?.identity?.id);
    if (auth?.issued) client.send('identity', auth.issued);
    client.view = new StateView();
    client.view.add(player);
    table.chat.joined(client);
    table.refreshSecrets();
    table.filling?.changed();
    void table.publishMetadata();
    if (table.checkIn) table.checkIn.arrived();
    else if (state.phase === 'waiting' && !facts.isPrivate && seating.taken >= facts.options.players) table.opening.start();
  }

  /**
   * A connection of the identity seated here takes the seat back, whatever its key (a session, a
   * tournament reservation, a reopened table's away seat): a connection still on it is told and
   * closed with 4010 (take-over), a seat held for reconnection stops waiting, the bot stops.
   */
  private retakeSeat(client: Client, key: string): void {
    const { table } = this;
    const previous = key === client.sessionId ? undefined : table.clients.getById(key);
    table.leaves.stopWaiting(key);
    const player = table.seating.rekey(key, client.sessionId)!;
    if (previous) {
      previous.send('notice', notice('seat_taken_over'));
      previous.leave(CLOSE_SEAT_TAKEN_OVER);
    }
    client.userData = { spectator: false } satisfies ClientData;
    clientsGauge.inc();
    client.view = new StateView();
    client.view.add(player);
    if (player.secret) client.view.add(player.secret);
    table.chat.joined(client);
    table.refreshSecrets();
    if (table.state.phase === 'playing') table.play.afterChange();
    void table.publishMetadata();
    table.checkIn?.arrived();
  }
}
