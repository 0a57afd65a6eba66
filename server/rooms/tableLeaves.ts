/**
 * Leaving a table: a dropped connection's seat away and held for its reconnection, a seat with an
 * identity kept for its player (a bot plays it meanwhile), and a seat left for good (resigned,
 * handed to a bot, or given up before the start); a table with no human left closes.
 */
import type { Client, Deferred } from '@colyseus/core';
import type { GameEvent } from '../../shared/games/contract.js';
import { msg, seatRef } from '../../shared/i18n/msg.js';
import type { PlayerState, TableState } from '../state/TableState.js';
import type { RoomConnections } from '../friends/online.js';
import type { FillingTable } from '../turnbased/fillingTable.js';
import { clientsGauge } from '../ops/metrics.js';
import { logger } from '../ops/logger.js';
import type { ActionLogWriter } from './actionLog.js';
import type { BotDriver } from './BotDriver.js';
import type { LatencyProbe } from './latencyProbe.js';
import type { Seating } from './seating.js';
import type { RoomServices } from './services.js';
import type { TableClocks } from './tableClocks.js';
import type { TableEnd } from './tableEnd.js';
import type { TableFacts } from './tableFacts.js';
import type { ClientData } from './tableJoins.js';
import type { TournamentCheckIn } from './tournamentCheckIn.js';

/** The parts of the room a leave reads (GameRoom). */
export interface LeftTable {
  readonly facts: TableFacts;
  readonly state: TableState;
  readonly roomId: string;
  readonly services: RoomServices;
  readonly seating: Seating;
  readonly latency: LatencyProbe;
  readonly connections: RoomConnections;
  readonly checkIn: TournamentCheckIn | null;
  readonly filling: FillingTable | null;
  readonly actionLog: ActionLogWriter | null;
  readonly bots: BotDriver;
  readonly clocks: TableClocks;
  readonly end: TableEnd;
  allowReconnection(client: Client, seconds: number): Deferred<Client>;
  readonly play: { afterChange(events?: GameEvent[]): void };
  publishMetadata(): Promise<void>;
  disconnect(): Promise<unknown>;
}

export class TableLeaves {
  /** Seats held for a dropped connection (allowReconnection), by session id: a rejoin cancels them. */
  private readonly held = new Map<string, () => void>();

  constructor(private readonly table: LeftTable) {}

  /** The seat held for `key`'s reconnection stops waiting (its identity took it back). */
  stopWaiting(key: string): void {
    this.held.get(key)?.();
  }

  async leave(client: Client, consented: boolean): Promise<void> {
    const { table } = this;
    const { facts, state, seating } = table;
    clientsGauge.dec();
    table.latency.forget(client.sessionId);
    if ((client.userData as ClientData | undefined)?.spectator) {
      state.spectators--;
      return;
    }
    table.connections.offline(client.sessionId);
    const player = state.players.get(client.sessionId);
    if (!player) return; // a seat retaken by another connection of its identity, or never seated
    seating.away(client.sessionId, facts.now());
    if (state.phase === 'playing') table.play.afterChange(); // also plans the sleep of a turn-based table left empty
    const seconds = table.services.config.RECONNECT_SECONDS;
    if (!consented && seconds > 0 && state.phase !== 'finished') {
      try {
        const reconnection = table.allowReconnection(client, seconds);
        this.held.set(client.sessionId, () => reconnection.reject(new Error('seat retaken')));
        await reconnection;
        seating.back(client.sessionId);
        table.connections.online(client.sessionId);
        if (state.phase === 'playing') table.play.afterChange();
        return;
      } catch {
        // Did not come back in time (or retook the seat by identity): fall through.
      } finally {
        this.held.delete(client.sessionId);
      }
    }
    if (state.players.get(client.sessionId) !== player) return; // retaken meanwhile by its identity
    // A seat with an identity is its player's for the whole game: a bot plays it until they are back.
    // In the turn-based queue it is theirs from the moment they sit down (they come back when it starts).
    if (!consented && seating.identities.of(player) && (state.phase !== 'waiting' || facts.turnBased)) return;
    this.leftForGood(client.sessionId, player, consented);
  }

  /** `resigned`: Resign, or Leave during play (a loss); otherwise an anonymous seat that never came back. */
  leftForGood(sessionId: string, player: PlayerState, resigned: boolean): void {
    const { table } = this;
    const { facts, state, seating } = table;
    if (state.phase === 'waiting' && table.checkIn) return table.checkIn.leftWaiting(sessionId, player);
    if (state.phase === 'waiting') {
      seating.leaveWaiting(sessionId);
      void table.publishMetadata();
      // A queued turn-based table does not close by itself (autoDispose is off): the last human to leave closes it.
      if (facts.turnBased && !facts.isPrivate && seating.humans() === 0) void (table.filling?.drop() ?? Promise.resolve()).then(() => table.disconnect());
      else table.filling?.changed();
      return;
    }
    if (state.phase !== 'playing') return;
    if (resigned) {
      seating.resign(player);
      table.actionLog?.resigned(player.seat, facts.now()); // a reopened table still knows (resume.ts)
    } else seating.replaceByBot(player);
    table.end.recordLeaver(player);
    const event = resigned ? 'resigned' : 'replaced';
    table.play.afterChange([{ type: event, seat: player.seat, msg: msg(`server:event.${event}`, { seat: seatRef(player.seat) }) }]);
    this.closeIfOnlyBots();
  }

  /**
   * Bots do not play on for nobody (issue 28 item 7): once no human holds a seat (away identity
   * seats still do), the table closes unfinished. Tournament tables play on: their round needs a result.
   */
  private closeIfOnlyBots(): void {
    const { table } = this;
    if (table.state.phase !== 'playing' || table.facts.tournament || table.seating.humans() > 0) return;
    logger.info({ room: table.roomId, game: table.facts.game.id }, 'no human left: closing the table');
    table.bots.stopAll();
    table.clocks.clear('deadline');
    void table.disconnect();
  }
}
