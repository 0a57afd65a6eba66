/**
 * Colyseus' LobbyRoom (live list of public tables) behind the same message edge as game rooms:
 * its only message is `filter`; anything else is refused before Colyseus sees it.
 * A public game that started is made private for matchmaking (quick play must not pick it), which
 * Colyseus leaves out of the lobby: such tables (`metadata.watchable`) are listed here anyway, so
 * the lobby can offer Watch.
 */
import { LobbyRoom, matchMaker, type Room, type RoomException } from '@colyseus/core';
import { edgePolicy, MessageEdge } from './messageEdge.js';
import { roomServices } from './services.js';
import { reportRoomException } from './roomExceptions.js';

export class JunctionLobbyRoom extends LobbyRoom {
  private readonly edge = new MessageEdge(edgePolicy('lobby', ['filter'], roomServices().config));

  override async onCreate(options: unknown): Promise<void> {
    await super.onCreate(options);
    const running = await matchMaker.query({ private: true, unlisted: false });
    const known = new Set(this.rooms.map((r) => r.roomId));
    this.rooms.push(...running.filter((r) => (r.metadata as { watchable?: boolean } | undefined)?.watchable === true && !known.has(r.roomId)));
  }

  protected override _onMessage(client: Parameters<Room['_onMessage']>[0], frame: Buffer): void {
    this.edge.handle(this.roomId, client, frame, () => super._onMessage(client, frame));
  }

  override onUncaughtException(error: RoomException<this>, methodName: string): void {
    reportRoomException(this.roomId, methodName, error.cause ?? error);
  }
}

/** Colyseus' lobby channel (@colyseus/core matchmaker/Lobby.js): publishing a room id makes every lobby re-read it. */
const LOBBY_CHANNEL = '$lobby';

/** Tell the lobbies a watchable running table changed (updateLobby skips rooms made private). */
export function announceWatchable(roomId: string): void {
  void matchMaker.presence.publish(LOBBY_CHANNEL, `${roomId},0`);
}
