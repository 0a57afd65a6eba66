/**
 * Every message a game room handles, registered once in onCreate (the edge, messageEdge.ts, has
 * already refused any other type): each handler checks its payload and who may send it, then asks
 * the table to act. Host commands are for the host of a table still waiting.
 */
import type { Client, Room } from '@colyseus/core';
import { addBotMessage, echoMessage, ErrorCodes, pingMessage, removeBotMessage } from '../../shared/protocol/messages.js';
import { seatRef } from '../../shared/i18n/msg.js';
import type { PlayerState, TableState } from '../state/TableState.js';
import type { Params } from '../i18n/serverMessages.js';
import { CHAT_MESSAGE_TYPES, registerChat } from '../chat/roomChat.js';
import type { TableChat } from '../chat/tableChat.js';
import { reportDecodeFailure } from '../ops/decodeReports.js';
import type { LatencyProbe } from './latencyProbe.js';
import type { Seating } from './seating.js';

/** Every message type a game room handles; the edge refuses the rest before decoding. */
export const MESSAGE_TYPES = ['action', 'ping', 'echo', 'add_bot', 'remove_bot', 'configure', 'start', 'rematch', 'resign', 'decode_error', ...CHAT_MESSAGE_TYPES] as const;

export interface MessageTable {
  game: string;
  state: TableState;
  seating: Seating;
  latency: LatencyProbe;
  chat: TableChat;
  /** The table's time (the room's `now`). */
  now(): number;
  /** Seats at this table (its options' `players`). */
  seats(): number;
  action(client: Client, message: unknown): void;
  configure(client: Client, message: unknown): void;
  start(): void;
  rematch(client: Client, player: PlayerState): Promise<void>;
  /** Resign: the seat is given up for good, a bot plays it to the end and it counts as last. */
  resign(sessionId: string, player: PlayerState): void;
  seatsChanged(): void;
  refuse(client: Client, code: string, params?: Params): void;
}

export function registerTableMessages(room: Room, table: MessageTable): void {
  const { refuse } = table;
  const hostCommand = (client: Client, run: () => void): void => {
    const player = table.state.players.get(client.sessionId);
    if (!player?.host) return refuse(client, ErrorCodes.notHost);
    if (table.state.phase !== 'waiting') return refuse(client, 'game_started');
    run();
  };
  /** A seated human (not a bot), or refused as not seated. */
  const seated = (client: Client): PlayerState | null => {
    const player = table.state.players.get(client.sessionId);
    if (player && !player.bot) return player;
    refuse(client, ErrorCodes.notSeated);
    return null;
  };

  room.onMessage('action', (client, message) => table.action(client, message));
  room.onMessage('ping', (client, message) => {
    const parsed = pingMessage.safeParse(message);
    if (!parsed.success) return refuse(client, ErrorCodes.badMessage);
    const now = table.now();
    client.send('pong', { c: parsed.data.c, s: now, n: table.latency.probe(client.sessionId, now) });
  });
  room.onMessage('echo', (client, message) => {
    const parsed = echoMessage.safeParse(message);
    if (!parsed.success) return refuse(client, ErrorCodes.badMessage);
    table.latency.echo(client.sessionId, parsed.data.n, table.now());
  });
  room.onMessage('add_bot', (client, message) => hostCommand(client, () => {
    const parsed = addBotMessage.safeParse(message ?? {});
    if (!parsed.success) return refuse(client, ErrorCodes.badMessage);
    if (table.seating.taken >= table.seats()) return refuse(client, ErrorCodes.tableFull);
    table.seating.addBot(parsed.data.level);
    table.seatsChanged();
  }));
  room.onMessage('remove_bot', (client, message) => hostCommand(client, () => {
    const parsed = removeBotMessage.safeParse(message);
    if (!parsed.success) return refuse(client, ErrorCodes.badMessage);
    if (!table.seating.removeBot(parsed.data.seat)) return refuse(client, 'no_bot_there', { seat: seatRef(parsed.data.seat) });
    table.seatsChanged();
  }));
  room.onMessage('configure', (client, message) => hostCommand(client, () => table.configure(client, message)));
  // Empty seats are filled with bots at the start, so the host can always start.
  room.onMessage('start', (client) => hostCommand(client, () => table.start()));
  room.onMessage('rematch', (client) => {
    const player = seated(client);
    if (player) void table.rematch(client, player);
  });
  room.onMessage('resign', (client) => {
    const player = seated(client);
    if (!player) return;
    if (table.state.phase !== 'playing') return refuse(client, ErrorCodes.wrongPhase);
    table.resign(client.sessionId, player);
  });
  room.onMessage('decode_error', (client, message) => reportDecodeFailure(table.game, client, message));
  registerChat(room, table.chat);
}
