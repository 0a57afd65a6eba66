/**
 * Colyseus' LobbyRoom (live list of public tables) behind the same message edge as game rooms:
 * its only message is `filter`; anything else is refused before Colyseus sees it.
 */
import { LobbyRoom, type Room, type RoomException } from '@colyseus/core';
import { edgePolicy, MessageEdge } from './messageEdge.js';
import { roomServices } from './services.js';
import { reportRoomException } from './roomExceptions.js';

export class JunctionLobbyRoom extends LobbyRoom {
  private readonly edge = new MessageEdge(edgePolicy('lobby', ['filter'], roomServices().config));

  protected override _onMessage(client: Parameters<Room['_onMessage']>[0], frame: Buffer): void {
    this.edge.handle(this.roomId, client, frame, () => super._onMessage(client, frame));
  }

  override onUncaughtException(error: RoomException<this>, methodName: string): void {
    reportRoomException(this.roomId, methodName, error.cause ?? error);
  }
}
