/**
 * Every table of a process encodes its patches and full states into the same two buffers
 * (server/state/sharedEncodeBuffers.ts). Node keeps, without copying, the bytes of a write a
 * socket cannot take at once, and writes what they hold when it drains: anything sent as a slice of
 * a buffer that is encoded into again reaches a slow client overwritten. A socket that cannot take
 * a write is made here by corking the server side of a spectator's and a player's connection while
 * two tables play and a spectator joins the other table; once uncorked, every client must hold
 * the table the server holds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Room } from 'colyseus.js';
import { matchMaker, type Client } from '@colyseus/core';
import { bootServer, canon, collect, eventually, ready, secretOf, shownView, type TestServer } from './support/server.js';
import type { GameRoom } from '../server/rooms/GameRoom.js';

let server: TestServer;
beforeAll(async () => { server = await bootServer({ RACE_WINDOW_MS: 0 }); });
afterAll(async () => { await server.stop(); });

type Synced = { phase: string; version: number };

interface Table { room: GameRoom; host: Room<Synced>; guest: Room<Synced> }

async function startedTable(): Promise<Table> {
  const host = await ready(await server.client().create<Synced>('railway_madness', { name: 'Ana', private: true, variant: 'express', players: 2 }));
  const guest = await ready(await server.client().joinById<Synced>(host.roomId, { name: 'Ben' }));
  for (const seat of [host, guest]) collect(seat, 'ack');
  host.send('start', {});
  const room = matchMaker.getLocalRoomById(host.roomId) as GameRoom;
  await eventually(() => [host, guest].every((r) => r.state.phase === 'playing' && r.state.version === room.state.version), 30_000, 'the game started on both seats');
  return { room, host, guest };
}

/** The TCP socket under the server's end of this client's websocket. */
function socketAtServer(room: GameRoom, sessionId: string): { cork(): void; uncork(): void } {
  const client = room.clients.find((c: Client) => c.sessionId === sessionId)!;
  return (client as unknown as { ref: { _socket: { cork(): void; uncork(): void } } }).ref._socket;
}

/** `times` cards taken from the table by the host (a card the rules refuse is skipped): each is a change patched to every client. */
async function churn(table: Table, times: number): Promise<void> {
  const refused = collect<{ id?: number }>(table.host, 'error');
  let id = 100 * (table.room.state.version + 1);
  for (let taken = 0, slot = 0; taken < times; slot++) {
    expect(slot).toBeLessThan(54);
    const version = table.room.state.version;
    const sent = ++id;
    table.host.send('action', { id: sent, a: { type: 'take', slot } });
    await eventually(() => table.room.state.version > version || refused.some((r) => r.id === sent), 20_000, 'a take applied or refused');
    if (table.room.state.version > version) taken++;
  }
}

describe('tables sharing the encode buffers', () => {
  it('a client whose socket could not take its patches gets them as they were sent', async () => {
    const watched = await startedTable();
    const other = await startedTable();
    const watcher = await ready(await server.client().joinById<Synced>(watched.host.roomId, { name: 'Cleo', spectator: true }));
    await eventually(() => watcher.state.version === watched.room.state.version, 20_000, 'the watcher at the server version');

    const held = [socketAtServer(watched.room, watcher.sessionId), socketAtServer(watched.room, watched.guest.sessionId)];
    held.forEach((socket) => socket.cork());
    let lateWatcher: Room<Synced> | undefined;
    try {
      await churn(watched, 3);
      await churn(other, 3);
      lateWatcher = await ready(await server.client().joinById<Synced>(other.host.roomId, { name: 'Dan', spectator: true }));
      await churn(watched, 2);
    } finally {
      held.forEach((socket) => socket.uncork());
    }

    const clients = [watched.host, watched.guest, watcher, other.host, other.guest, lateWatcher!];
    await eventually(() => [watched.host, watched.guest, watcher].every((r) => r.state.version === watched.room.state.version)
      && [other.host, other.guest, lateWatcher!].every((r) => r.state.version === other.room.state.version), 30_000, 'every client at its table version');
    const served = (table: Table) => canon(table.room.state.table);
    expect({ guest: shownView(watched.guest), watcher: shownView(watcher) }).toEqual({ guest: shownView(watched.host), watcher: shownView(watched.host) });
    expect(shownView(lateWatcher!)).toEqual(shownView(other.host));
    expect(canon((watcher.state as unknown as { table: unknown }).table)).toEqual(served(watched));
    expect(canon((lateWatcher!.state as unknown as { table: unknown }).table)).toEqual(served(other));
    expect(secretOf(watched.guest)).not.toBeNull();
    expect(secretOf(watcher)).toBeNull();
    await Promise.all(clients.map((r) => r.leave(true)));
  }, 180_000);
});
