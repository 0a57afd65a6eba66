/**
 * Issue 28 item 3: frames that are not room data (first byte 0xFF, a repeated join
 * acknowledgement, any other protocol byte) went past the per-client limit and the cut-off. A raw
 * websocket seat floods such frames; it must be cut off (4429) while a table elsewhere plays on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Protocol } from '@colyseus/core';
import { bootServer, collect, eventually, ready, type TestServer } from '../support/server.js';
import { reserveSeat } from '../../loadtest/capacity/rawSeat.js';
import { FLOOD_CLOSE_CODE } from '../../server/rooms/messageEdge.js';

const GAME = 'railway_madness';
let server: TestServer;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  server = await bootServer();
});
afterAll(async () => {
  for (const socket of sockets) socket.terminate();
  await server.stop();
});

/** A seat at `roomId` on a plain socket, joined (JOIN_ROOM answered) and nothing else. */
async function rawSeat(roomId: string): Promise<WebSocket> {
  const reservation = await reserveSeat(server.http, 'joinById', roomId, { name: 'Raw' });
  const socket = new WebSocket(`${server.url}/${reservation.room.processId}/${roomId}?sessionId=${reservation.sessionId}`);
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.on('message', (data: Buffer) => {
      if (data[0] !== Protocol.JOIN_ROOM) return;
      socket.send(Buffer.from([Protocol.JOIN_ROOM]));
      resolve();
    });
    socket.once('error', reject);
    socket.once('close', (code) => reject(new Error(`closed before joining: ${code}`)));
  });
  return socket;
}

/** Sends `frame` as fast as the socket drains, until the server closes it; resolves with the close code. */
function flood(socket: WebSocket, frame: Buffer): Promise<number> {
  return new Promise((resolve) => {
    socket.once('close', (code) => resolve(code));
    const burst = () => {
      if (socket.readyState !== WebSocket.OPEN) return;
      if (socket.bufferedAmount < 64 * 1024) for (let i = 0; i < 500; i++) socket.send(frame);
      setImmediate(burst);
    };
    burst();
  });
}

async function pingAnswered(room: Awaited<ReturnType<ReturnType<TestServer['client']>['create']>>, c: number): Promise<void> {
  const pongs = collect<{ c: number }>(room, 'pong');
  room.send('ping', { c });
  await eventually(() => pongs.some((p) => p.c === c), 30_000, `pong ${c}`);
}

describe('every frame counts against the per-client limit', () => {
  it.each([
    ['0xFF (no protocol byte)', 0xff],
    ['a repeated join acknowledgement', Protocol.JOIN_ROOM],
    ['a state frame (server-to-client only)', Protocol.ROOM_STATE],
  ])('cuts off a raw seat flooding %s with 4429 while another table plays on', async (_name, firstByte) => {
    const host = await ready(await server.client().create(GAME, { name: 'Ana', private: true, variant: 'classic', players: 2 }));
    const elsewhere = await ready(await server.client().create(GAME, { name: 'Cy', private: true, variant: 'classic', players: 2 }));
    const other = await ready(await server.client().joinById(elsewhere.roomId, { name: 'Di' }));
    const seat = await rawSeat(host.roomId);
    await eventually(() => host.state.players.size === 2, 30_000, 'raw seat seated');

    const code = await flood(seat, Buffer.from([firstByte, 0x01, 0x02]));

    expect(code).toBe(FLOOD_CLOSE_CODE);
    await pingAnswered(other, firstByte);
    await pingAnswered(elsewhere, firstByte + 1);
    await pingAnswered(host, firstByte + 2);
    await Promise.all([host, elsewhere, other].map((r) => r.leave(true).catch(() => undefined)));
  }, 90_000);
});
