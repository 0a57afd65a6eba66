/**
 * What anyone on the internet can send, with no seat and no login, against a booted server over
 * real sockets and real HTTP: each case was able to crash the process, keep rooms open for ever,
 * grow memory, or get around a limit before (issue 13). The server must answer that client and
 * keep everybody else's table going.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Room } from 'colyseus.js';
import { matchMaker } from '@colyseus/core';
import { bootServer, collect, eventually, ready, type TestServer } from '../support/server.js';
import { FLOOD_CLOSE_CODE } from '../../server/rooms/messageEdge.js';

const GAME = 'railway_madness';
let server: TestServer;

beforeAll(async () => {
  server = await bootServer({ FINISHED_LINGER_MS: 300, ABSENT_GRACE_MS: 0, SPECTATORS_MAX: 3 });
});
afterAll(async () => {
  await server.stop();
});

async function leaveAll(...rooms: Room[]): Promise<void> {
  await Promise.all(rooms.map((r) => r.leave(true).catch(() => undefined)));
}

async function health(): Promise<{ rooms: number; clients: number }> {
  return (await fetch(`${server.http}/health`)).json() as Promise<{ rooms: number; clients: number }>;
}

/** A private two-seat table with a second player; both still connected. */
async function table(): Promise<[Room, Room]> {
  const a = await ready(await server.client().create(GAME, { name: 'Ana', private: true, variant: 'classic', players: 2 }));
  const b = await ready(await server.client().joinById(a.roomId, { name: 'Bo' }));
  return [a, b];
}

async function pingAnswered(room: Room, c: number): Promise<void> {
  const pongs = collect<{ c: number }>(room, 'pong');
  room.send('ping', { c });
  await eventually(() => pongs.some((p) => p.c === c), 30_000, `pong ${c}`);
}

describe('messages that used to end the process', () => {
  it('answers a game-room message named __no_message_handler with a long body as an unknown type, and every table goes on', async () => {
    const [a, b] = await table();
    const errors = collect<{ code: string; key: string }>(a, 'error');
    a.send('__no_message_handler', 'x'.repeat(100));
    a.send('y'.repeat(200), { any: 'thing' });
    await eventually(() => errors.some((e) => e.code === 'unknown_message'), 30_000, 'unknown_message');
    expect(errors.every((e) => e.key === `server:error.${e.code}`)).toBe(true);
    await pingAnswered(a, 1);
    await pingAnswered(b, 2);
    expect((await fetch(`${server.http}/health`)).ok).toBe(true);
    await leaveAll(a, b);
  });

  it('answers an unknown lobby message type of 100 characters and keeps the lobby open', async () => {
    const lobby = await server.client().joinOrCreate('lobby');
    const errors = collect<{ code: string }>(lobby, 'error');
    const rooms = collect<unknown[]>(lobby, 'rooms');
    lobby.send('z'.repeat(100), 1);
    lobby.send('__no_message_handler', 'x'.repeat(100));
    await eventually(() => errors.some((e) => e.code === 'unknown_message'), 30_000, 'unknown_message');
    lobby.send('filter', { name: GAME });
    await eventually(() => rooms.length >= 2, 30_000, 'the lobby still answers its own message');
    await lobby.leave(true);
  });

  it('refuses a message larger than the edge allows with too_large, and a binary message as unknown', async () => {
    const [a, b] = await table();
    const errors = collect<{ code: string }>(a, 'error');
    a.send('action', { id: 1, a: { pad: 'p'.repeat(3000) } });
    await eventually(() => errors.some((e) => e.code === 'too_large'), 30_000, 'too_large');
    await new Promise((r) => setTimeout(r, 1100)); // errors to one client are at most one a second
    a.sendBytes('action', new Uint8Array([1, 2, 3]));
    await eventually(() => errors.some((e) => e.code === 'unknown_message'), 30_000, 'bytes refused');
    await pingAnswered(a, 3);
    await leaveAll(a, b);
  });
});

describe('labels come from a fixed set', () => {
  it('keeps /metrics the same size after a client sends thousands of distinct message names', async () => {
    const [a, b] = await table();
    const before = (await (await fetch(`${server.http}/metrics`)).text());
    // Spread over time so the rate limit does not simply drop them all.
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 15; i++) a.send(`name_${round}_${i}_${'q'.repeat(40)}`, i);
      await new Promise((r) => setTimeout(r, 1600));
    }
    await pingAnswered(a, 4);
    const after = await (await fetch(`${server.http}/metrics`)).text();
    expect(after).not.toContain('name_0_');
    expect(after).toMatch(/junction_messages_received_total\{game="railway_madness",type="other"\}/);
    // Counters change, label sets do not: the number of series lines for received messages is bounded.
    const series = (text: string) => text.split('\n').filter((l) => l.startsWith('junction_messages_received_total{')).length;
    expect(series(after)).toBeLessThanOrEqual(series(before) + 2);
    await leaveAll(a, b);
  });
});

describe('floods', () => {
  it('cuts off a client that keeps sending far over its limit within 2 s, with a reason, while the other player is served', async () => {
    const [a, b] = await table();
    let closedWith: number | null = null;
    a.onLeave((code) => { closedWith = code; });
    const flood = setInterval(() => { for (let i = 0; i < 200; i++) a.connection.isOpen && a.send('ping', { c: i }); }, 5);
    try {
      await eventually(() => closedWith !== null, 30_000, 'flooder cut off');
    } finally {
      clearInterval(flood);
    }
    expect(closedWith).toBe(FLOOD_CLOSE_CODE);
    await pingAnswered(b, 5);
    await leaveAll(b);
  });
});

describe('finished rooms', () => {
  it('closes a finished table after its linger time and stores its result first', async () => {
    // With an identity the seat stays its player's while away (a Leave would close a table of bots only).
    const { token } = await (await fetch(`${server.http}/api/identity`, { method: 'POST' })).json() as { token: string };
    const host = await ready(await server.client().create(GAME, { name: 'Solo', private: true, variant: 'express', players: 2, token }));
    host.send('add_bot', { level: 'hard' });
    await eventually(() => host.state.players.size === 2, 30_000, 'bot');
    host.send('start', {});
    await eventually(() => host.state.phase === 'playing', 30_000, 'start');
    await host.leave(false); // the absent seat is played by a bot at once (ABSENT_GRACE_MS 0)
    const roomId = host.roomId;
    // A private table's result is not public (GET /api/results/:id answers 404): read the store.
    await eventually(async () => (await server.junction.store.getGameResult(roomId)) !== null, 120_000, 'result stored');
    await eventually(async () => !matchMaker.getLocalRoomById(roomId) && (await matchMaker.query({ roomId })).length === 0,
      15_000, 'finished room disposed');
  }, 180_000);
});

describe('seats and spectators', () => {
  it('caps spectators apart from seats: a full gallery never locks out the players', async () => {
    const host = await ready(await server.client().create(GAME, { name: 'Host', private: true, variant: 'classic', players: 3 }));
    const watchers: Room[] = [];
    for (let i = 0; i < 3; i++) watchers.push(await ready(await server.client().joinById(host.roomId, { spectator: true })));
    await expect(server.client().joinById(host.roomId, { spectator: true })).rejects.toThrow(/^spectators_full$/);
    const player = await ready(await server.client().joinById(host.roomId, { name: 'Late' }));
    await eventually(() => host.state.players.size === 2, 30_000, 'player seated');
    await leaveAll(host, player, ...watchers);
  });

  it('gives no host to a public quick-play table: the first stranger cannot change its options', async () => {
    const first = await ready(await server.client().joinOrCreate(GAME, { name: 'First', variant: 'juniors', players: 4 }));
    const errors = collect<{ code: string }>(first, 'error');
    first.send('configure', { options: { players: 5 } });
    await eventually(() => errors.some((e) => e.code === 'not_host'), 30_000, 'not_host');
    expect(first.state.seats).toBe(4);
    await leaveAll(first);
  });

  it('cleans names of invisible and direction characters, and refuses names that pass for a bot', async () => {
    const a = await ready(await server.client().create(GAME, { name: 'A\u202Ena\u200B\u0007', private: true, variant: 'classic', players: 2 }));
    expect(a.state.players.get(a.sessionId)!.name).toBe('Ana');
    await expect(server.client().joinById(a.roomId, { name: 'Bot 2 ★' })).rejects.toThrow(/^name_bot$/);
    await expect(server.client().joinById(a.roomId, { name: '\u200B\u200B' })).rejects.toThrow(/^name_empty$/);
    await leaveAll(a);
  });
});

describe('HTTP edges', () => {
  it('refuses matchmaking bodies that are too large (413) or undeclared (411) with JSON, and bad JSON without a stack trace', async () => {
    const big = await fetch(`${server.http}/matchmake/create/${GAME}`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ pad: 'x'.repeat(100_000) }),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ error: expect.stringMatching(/at most/) });

    const chunked = await fetch(`${server.http}/matchmake/create/${GAME}`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, duplex: 'half',
      body: new ReadableStream({ start(c) { c.enqueue(new TextEncoder().encode('{}')); c.close(); } }),
    } as RequestInit);
    expect(chunked.status).toBe(411);

    const badJson = await fetch(`${server.http}/api/tournaments`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"name": ' });
    expect(badJson.status).toBe(400);
    const text = await badJson.text();
    expect(JSON.parse(text)).toMatchObject({ error: 'The request body is not valid JSON.' });
    expect(text).not.toMatch(/node_modules|at .*\.js|<html/i);
  });
});
