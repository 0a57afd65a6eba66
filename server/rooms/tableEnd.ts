/**
 * The end of a table: the result shown and stored (from the engine's GameResult), the seats left
 * for good counted as leavers, the rematch opened once, and what the room writes as it goes (its
 * private code released or held asleep, its result or journal made durable).
 */
import { matchMaker, type Client, type Presence } from '@colyseus/core';
import type { GameResult } from '../../shared/games/contract.js';
import type { PlayerState, TableState } from '../state/TableState.js';
import { holdCodeAsleep, releaseCode } from '../matchmaking/privateCodes.js';
import type { TableChat } from '../chat/tableChat.js';
import type { FillingTable } from '../turnbased/fillingTable.js';
import { logger } from '../ops/logger.js';
import type { ActionLogWriter } from './actionLog.js';
import type { BotDriver } from './BotDriver.js';
import type { TableProjector } from './projector.js';
import { Rematch, type RematchSeating } from './rematch.js';
import { isRated, ResultStorage, tableRecord } from './resultStorage.js';
import type { Seating } from './seating.js';
import type { RoomServices } from './services.js';
import type { TableClocks } from './tableClocks.js';
import type { TableFacts } from './tableFacts.js';
import type { TableSleep } from './tableSleep.js';

/** The parts of the room the end of its game reads (GameRoom). */
export interface EndingTable {
  readonly facts: TableFacts;
  readonly state: TableState;
  readonly roomId: string;
  readonly clients: Iterable<Client>;
  readonly presence: Presence;
  readonly clock: { setTimeout(handler: () => void, ms: number): unknown };
  readonly services: RoomServices;
  readonly seating: Seating;
  readonly projector: TableProjector;
  readonly clocks: TableClocks;
  readonly bots: BotDriver;
  readonly chat: TableChat;
  readonly sleep: TableSleep;
  readonly actionLog: ActionLogWriter | null;
  readonly filling: FillingTable | null;
  pushNow(): void;
  publishMetadata(): Promise<void>;
  disconnect(): Promise<unknown>;
  refuse(client: Client, code: string): void;
}

export class TableEnd {
  private readonly rematch = new Rematch();
  private readonly results: ResultStorage;

  constructor(private readonly table: EndingTable) {
    this.results = new ResultStorage({
      outbox: table.services.results,
      flushLog: async () => { await table.actionLog?.flush(); },
    });
  }

  finish(result: GameResult): void {
    const { table } = this;
    table.projector.finish(result, table.seating.resignedSeats());
    table.clocks.clear('deadline');
    table.clocks.clear('release');
    table.bots.stopAll();
    // A seat its identity never came back to was played by a bot to the end: left for good.
    for (const p of table.state.players.values()) if (!p.connected) this.recordLeaver(p);
    // A table where nobody spoke stores nothing (a replay reads a missing chat as none): most
    // tables, and every table of a tournament round ending together, would each write an empty row.
    const lines = table.chat.publicLines();
    if (lines.length > 0) {
      void table.services.store.social.saveGameChat(table.roomId, lines)
        .catch((error: unknown) => logger.warn({ room: table.roomId, err: error }, 'storing the table chat failed'));
    }
    table.projector.writeScores(result);
    table.pushNow();
    void table.publishMetadata(); // the lobby stops offering Watch
    this.storeResult().catch(() => undefined); // handed to the process's outbox, which retries until stored
    // While the process drains, players get a moment to see the result, not the whole linger.
    const services = table.services;
    const linger = services.draining ? Math.min(2_000, services.config.FINISHED_LINGER_MS) : services.config.FINISHED_LINGER_MS;
    table.clock.setTimeout(() => void table.disconnect(), linger);
  }

  isRated(): boolean {
    const { facts, seating } = this.table;
    return isRated({ tournament: facts.tournament !== null, isPrivate: facts.isPrivate, ratedPrivate: facts.ratedPrivate, linkedSeats: seating.linkedSeats() });
  }

  /** Rated and tournament games only (docs/protocol.md "Leavers"): unrated and private games never count. */
  recordLeaver(player: PlayerState): void {
    const { table } = this;
    const identityId = table.seating.identities.of(player)?.id;
    if (!identityId || !this.isRated()) return;
    void table.services.store.social.recordLeave(identityId, table.roomId, Date.now())
      .catch((error: unknown) => logger.warn({ room: table.roomId, err: error }, 'recording a leaver failed'));
  }

  /** After the result: open the same table again (once) and tell every human at this one. */
  async requestRematch(client: Client, player: PlayerState): Promise<void> {
    const { table } = this;
    const { facts } = table;
    if (table.state.phase !== 'finished') return table.refuse(client, 'no_result_yet');
    if (facts.tournament) return table.refuse(client, 'no_rematch_tournament');
    let answer;
    try {
      answer = await this.rematch.request(player.seat, async () => (await matchMaker.createRoom(facts.game.id, {
        ...facts.options, private: facts.isPrivate, rated: facts.ratedPrivate,
        rematch: { bots: table.seating.tableBots() } satisfies RematchSeating, internalKey: table.services.internalKey,
      })).roomId);
    } catch (error) {
      logger.error({ room: table.roomId, err: error }, 'opening a rematch failed');
      return table.refuse(client, 'rematch_failed');
    }
    if (!answer.first) return void client.send('rematch', answer.offer);
    for (const c of table.clients) {
      const p = table.state.players.get(c.sessionId);
      if (p && !p.bot) c.send('rematch', answer.offer);
    }
  }

  /** The room goes (onDispose): its code released or kept for its sleep, its result or journal made durable. */
  async closing(): Promise<void> {
    const { table } = this;
    const { state, presence } = table;
    // Taken over: the new owner holds the code and the journal; this copy releases and writes nothing.
    if (table.actionLog?.lost || table.filling?.lost) return;
    await table.filling?.flush();
    if (state.code && table.sleep.asleepUntil !== undefined) await holdCodeAsleep(presence, state.code, table.roomId, table.sleep.asleepUntil);
    else if (state.code) await releaseCode(presence, state.code);
    if (state.phase === 'finished') await this.storeResult();
    else await table.actionLog?.flush();
  }

  /** A finished game's record goes to the process's results outbox (server/results), which outlives the room. */
  private storeResult(): Promise<void> {
    const { table } = this;
    const { facts } = table;
    return this.results.store(() => {
      const result = table.projector.result;
      return result && tableRecord({
        id: table.roomId, game: facts.game.id, variant: facts.options.variant, seed: facts.seed, startedAt: facts.startedAt,
        tournament: facts.tournament, rated: this.isRated(), private: facts.isPrivate, players: table.state.players.values(), seating: table.seating, result,
      }, Date.now());
    });
  }
}
