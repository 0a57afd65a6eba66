/**
 * Colyseus' LobbyRoom (live list of public tables) behind the same message edge as game rooms:
 * its only message is `filter`; anything else is refused before Colyseus sees it.
 * A public game that started is made private for matchmaking (quick play must not pick it), which
 * Colyseus leaves out of the lobby: such tables (`metadata.watchable`) are listed here anyway, so
 * the lobby can offer Watch. A lobby joined with a guest token (`{ token }`) shows that identity
 * online to those who follow it (server/friends/online.ts).
 */
import { LobbyRoom, matchMaker, type Client, type Room, type RoomException } from '@colyseus/core';
import { edgePolicy, MessageEdge } from './messageEdge.js';
import type { RoomServices } from './services.js';
import { reportRoomException } from './roomExceptions.js';
import { RoomConnections } from '../friends/online.js';

export class JunctionLobbyRoom extends LobbyRoom {
  static services: RoomServices;
  /** What the process gives its rooms, bound to the room class by `lobbyRoom` (Colyseus constructs rooms itself). */
  private readonly services = (this.constructor as typeof JunctionLobbyRoom).services;
  private readonly edge = new MessageEdge(edgePolicy('lobby', ['filter'], this.services.config));
  private readonly connections = new RoomConnections(() => this.services.online, () => this.roomId, (error) => reportRoomException(this.roomId, 'online', error));

  override async onCreate(options: unknown): Promise<void> {
    await super.onCreate(options);
    const running = await matchMaker.query({ private: true, unlisted: false });
    const known = new Set(this.rooms.map((r) => r.roomId));
    this.rooms.push(...running.filter((r) => (r.metadata as { watchable?: boolean } | undefined)?.watchable === true && !known.has(r.roomId)));
  }

  override async onAuth(_client: Client, options: unknown): Promise<{ identityId: string | null }> {
    const token = (options as { token?: unknown } | null)?.token;
    const identity = await this.services.identities.resolve(token);
    return { identityId: identity?.id ?? null };
  }

  override onJoin(client: Client, options: Parameters<LobbyRoom['onJoin']>[1]): void {
    super.onJoin(client, options);
    this.connections.online(client.sessionId, (client.auth as { identityId?: string | null } | undefined)?.identityId);
  }

  override onLeave(client: Client): void {
    this.connections.offline(client.sessionId);
    super.onLeave(client);
  }

  override onDispose(): void {
    this.connections.clear();
    super.onDispose();
  }

  protected override _onMessage(client: Parameters<Room['_onMessage']>[0], frame: Buffer): void {
    this.edge.handle(this.roomId, client, frame, () => super._onMessage(client, frame));
  }

  override onUncaughtException(error: RoomException<this>, methodName: string): void {
    reportRoomException(this.roomId, methodName, error.cause ?? error);
  }
}

/** The lobby room class with the process's services bound to it. */
export function lobbyRoom(services: RoomServices): typeof JunctionLobbyRoom {
  return class extends JunctionLobbyRoom {
    static override services = services;
  };
}

/** Colyseus' lobby channel (@colyseus/core matchmaker/Lobby.js): publishing a room id makes every lobby re-read it. */
const LOBBY_CHANNEL = '$lobby';

/** Tell the lobbies a watchable running table changed (updateLobby skips rooms made private). */
export function announceWatchable(roomId: string): void {
  void matchMaker.presence.publish(LOBBY_CHANNEL, `${roomId},0`);
}
