/**
 * The seam between a game room and its chat (server/chat/tableChat.ts): the message types the
 * room's edge lets through, the handlers registered once, and the join check of a player's
 * standing (ban, leaver cooldown). Kept here so GameRoom only wires it.
 */
import type { Client, Room } from '@colyseus/core';
import type { MapSchema } from '@colyseus/schema';
import type { MsgParam } from '../../shared/i18n/msg.js';
import type { LogEntry } from '../../shared/replay/log.js';
import type { PlayerState } from '../state/TableState.js';
import type { SocialStore } from '../store/index.js';
import { joinRefusal } from '../i18n/serverMessages.js';
import { TableChat, type Speaker } from './tableChat.js';
import { banned, leaverCooldown } from './standing.js';
import { reportRoomException } from '../rooms/roomExceptions.js';

export const CHAT_MESSAGE_TYPES = ['chat', 'chat_config', 'mute', 'report'] as const;

export interface ChatRoomParts {
  roomId: () => string;
  game: string;
  variant: () => string;
  isPrivate: () => boolean;
  players: () => MapSchema<PlayerState>;
  identityOf: (player: PlayerState) => string | null;
  moves: () => Promise<LogEntry[]>;
  refuse: (client: Client, code: string, params?: Record<string, MsgParam>) => void;
  /** Mutes and reports are stored here. */
  social: SocialStore;
}

export function chatTableOf(room: Room, parts: ChatRoomParts): TableChat {
  const speakerOf = (client: Client): Speaker | null => {
    if (client.userData === undefined) return null;
    if ((client.userData as { spectator?: boolean }).spectator) return { seat: null, name: '', identityId: null, host: false };
    const player = parts.players().get(client.sessionId);
    return player ? { seat: player.seat, name: player.name, identityId: parts.identityOf(player), host: player.host } : null;
  };
  return new TableChat({
    get roomId() { return parts.roomId(); },
    game: parts.game,
    variant: parts.variant,
    isPrivate: parts.isPrivate,
    clients: () => room.clients,
    speakerOf,
    seatHolder: (seat) => {
      const player = [...parts.players().values()].find((p) => p.seat === seat && !p.bot);
      return player ? { name: player.name, identityId: parts.identityOf(player) } : null;
    },
    moves: parts.moves,
    refuse: parts.refuse,
  }, parts.social);
}

export function registerChat(room: Room, chat: TableChat): void {
  // A store that fails mid-handler is logged and counted like any room exception, never left unhandled.
  const guarded = (work: Promise<void>) => void work.catch((error: unknown) => reportRoomException(room.roomId, 'chat', error));
  room.onMessage('chat', (client, message) => guarded(chat.onChat(client, message)));
  room.onMessage('chat_config', (client, message) => chat.onConfig(client, message));
  room.onMessage('mute', (client, message) => guarded(chat.onMute(client, message)));
  room.onMessage('report', (client, message) => guarded(chat.onReport(client, message)));
}

/**
 * Refuses the seat (a translated join error with the reason and the end time) to a banned identity
 * at a public or rated table, and to one owing a leaver cooldown at a quick-play table.
 */
export async function seatStanding(store: SocialStore, identityId: string, table: { quickPlay: boolean; ratedOrPublic: boolean }): Promise<void> {
  const now = Date.now();
  const refused = (table.ratedOrPublic ? await banned(store, identityId, now) : null)
    ?? (table.quickPlay ? await leaverCooldown(store, identityId, now) : null);
  if (refused) throw joinRefusal(refused.code, refused.params);
}
