/**
 * The collaborators a table runs on, built once its options are known (new or reopened): the
 * message edge, the timers and what runs on them (clocks, bots), the action pipeline, the chat and
 * the sleep of a turn-based table. Each reads the room only through the functions handed to it here.
 */
import type { Client, Room } from '@colyseus/core';
import { Rng, randomSeed } from '../../shared/random.js';
import type { TableState } from '../state/TableState.js';
import type { Params } from '../i18n/serverMessages.js';
import { chatTableOf } from '../chat/roomChat.js';
import type { TableChat } from '../chat/tableChat.js';
import type { TurnTimeouts } from '../turnbased/timeouts.js';
import type { RoomServices } from './services.js';
import type { TableFacts } from './tableFacts.js';
import type { Seating } from './seating.js';
import { MESSAGE_TYPES } from './tableMessages.js';
import { edgePolicy, MessageEdge } from './messageEdge.js';
import { ActionPipeline } from './actionPipeline.js';
import { RoomTimers } from './roomTimers.js';
import { TableClocks } from './tableClocks.js';
import { BotDriver } from './BotDriver.js';
import { cuedClock } from './botCue.js';
import type { LatencyProbe } from './latencyProbe.js';
import type { ActionLogWriter } from './actionLog.js';
import { TableSleep } from './tableSleep.js';
import { reportRoomException } from './roomExceptions.js';

/** What the parts read of their room (GameRoom). */
export interface PartsHost extends Room<TableState> {
  readonly services: RoomServices;
  readonly facts: TableFacts;
  readonly latency: LatencyProbe;
  seating: Seating;
  actionLog: ActionLogWriter | null;
  turns: TurnTimeouts | null;
  refuse(client: Client, code: string, params?: Params): void;
  reservedSeatCount(): number;
}

export interface TableParts {
  edge: MessageEdge;
  timers: RoomTimers;
  bots: BotDriver;
  clocks: TableClocks;
  pipeline: ActionPipeline<Client>;
  chat: TableChat;
  sleep: TableSleep;
}

export function tablePartsOf(room: PartsHost): TableParts {
  const { services, facts } = room;
  const edge = new MessageEdge(edgePolicy(facts.game.id, MESSAGE_TYPES, services.config));
  const timers = new RoomTimers((error) => reportRoomException(room.roomId, 'setTimeout', error));
  const bots = new BotDriver(services.config.BOTS_ON_CUE ? cuedClock(timers) : timers, new Rng(randomSeed()));
  const clocks = new TableClocks(timers, facts.now);
  const pipeline = new ActionPipeline<Client>(facts.game, {
    playing: () => room.state.phase === 'playing',
    seatOf: (sessionId) => {
      const p = room.state.players.get(sessionId);
      return p && !p.bot ? p.seat : null;
    },
    otherHumans: (self) => [...room.state.players.entries()].filter(([id, p]) => id !== self && p.connected && !p.bot).map(([id]) => id),
    raceWindowMs: () => services.config.RACE_WINDOW_MS,
    actionLog: () => room.actionLog,
  }, room.latency, facts.now);
  const chat = chatTableOf(room, {
    roomId: () => room.roomId, game: facts.game.id, variant: () => facts.options.variant, isPrivate: () => facts.isPrivate,
    players: () => room.state.players, identityOf: (p) => room.seating.identities.of(p)?.id ?? null,
    moves: async () => {
      await room.actionLog?.flush();
      return room.actionLog ? services.store.readGameLog(room.roomId) : [];
    },
    refuse: (client, code, params) => room.refuse(client, code, params),
    social: services.store.social,
  });
  const sleep = new TableSleep({
    get state() { return room.state; }, clocks, get roomId() { return room.roomId; }, game: facts.game.id,
    store: services.store, sleepAfterMs: services.config.TURN_SLEEP_AFTER_MS,
    turnBased: () => facts.turnBased, connected: () => room.clients.length, reserved: () => room.reservedSeatCount(),
    journal: () => room.actionLog, turns: () => room.turns, clockOffset: () => facts.clockOffset, now: facts.now,
    lock: () => room.lock(), unlock: () => room.unlock(),
    close: async () => {
      timers.clearAll();
      bots.stopAll();
      await room.disconnect();
    },
  });
  return { edge, timers, bots, clocks, pipeline, chat, sleep };
}
