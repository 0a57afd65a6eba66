/**
 * The platform every game shares, against a booted server over real sockets with colyseus.js:
 * quick play, private codes, the lobby list, reconnection, spectators, validation and rate limits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Room } from 'colyseus.js';
import { bootServer, collect, eventually, ready, tableOf, type TestServer } from '../support/server.js';
import { CODE_ALPHABET } from '../../shared/protocol/codes.js';

const GAME = 'railway_madness';
let server: TestServer;

beforeAll(async () => {
  server = await bootServer();
});
afterAll(async () => {
  await server.stop();
});

async function leaveAll(...rooms: Room[]): Promise<void> {
  await Promise.all(rooms.map((r) => r.leave(true).catch(() => undefined)));
}

describe('health', () => {
  it('GET /health answers 200 with status, version, rooms and clients', async () => {
    const res = await fetch(`${server.http}/health`);
    expect(res.status).toBe(200);
    const body = await res.json() as Record<string, unknown>;
    expect(body.status).toBe('ok');
    expect(typeof body.version).toBe('string');
    expect(typeof body.rooms).toBe('number');
    expect(typeof body.clients).toBe('number');
  });
});

describe('quick play', () => {
  it('seats strangers asking for the same game, variant and size at one table, and others elsewhere', async () => {
    const a = await ready(await server.client().joinOrCreate(GAME, { name: 'Ana', variant: 'classic', players: 3 }));
    const b = await ready(await server.client().joinOrCreate(GAME, { name: 'Bo', variant: 'classic', players: 3 }));
    const c = await ready(await server.client().joinOrCreate(GAME, { name: 'Cy', variant: 'juniors', players: 3 }));
    expect(b.roomId).toBe(a.roomId);
    expect(c.roomId).not.toBe(a.roomId);
    await eventually(() => a.state.players.size === 2, 30_000, 'two players seated');
    expect(a.state.phase).toBe('waiting');
    await leaveAll(a, b, c);
  });

  it('starts a full table at once and never matches a started table again', async () => {
    const a = await ready(await server.client().joinOrCreate(GAME, { name: 'Ana', variant: 'classic', players: 2 }));
    const b = await ready(await server.client().joinOrCreate(GAME, { name: 'Bo', variant: 'classic', players: 2 }));
    expect(b.roomId).toBe(a.roomId);
    await eventually(() => a.state.phase === 'playing', 30_000, 'game start');
    const c = await ready(await server.client().joinOrCreate(GAME, { name: 'Cy', variant: 'classic', players: 2 }));
    expect(c.roomId).not.toBe(a.roomId);
    await leaveAll(a, b, c);
  });

  it('refuses impossible options with a clear message', async () => {
    await expect(server.client().joinOrCreate(GAME, { variant: 'longest_train', players: 4 })).rejects.toThrow(/^bad_seat_count\?/);
    await expect(server.client().joinOrCreate(GAME, { variant: 'no_such_variant' })).rejects.toThrow(/^option_choice\?option=/);
  });
});

describe('quick-play auto start', () => {
  it('fills empty seats with bots after the waiting time and starts', async () => {
    // With a long wait, the countdown is shown: the table waits for strangers until then.
    server.junction.config.QUICKPLAY_FILL_MS = 60_000;
    const joinedAfter = Date.now();
    const waiting = await ready(await server.client().joinOrCreate(GAME, { name: 'Patient', variant: 'classic', players: 4 }));
    // The countdown is set as the player is seated; its patch may follow the first state on a loaded machine.
    await eventually(() => waiting.state.autoStartAt > 0, 30_000, 'auto-start countdown');
    expect(waiting.state.phase).toBe('waiting');
    expect(waiting.state.autoStartAt).toBeGreaterThanOrEqual(joinedAfter + 60_000);
    await leaveAll(waiting);

    // With a short wait, the bots take the empty seats when it is over and the game starts.
    const quick = await bootServerOnce();
    const a = await ready(await quick.client().joinOrCreate(GAME, { name: 'Solo', variant: 'classic', players: 3 }));
    await eventually(() => a.state.phase === 'playing', 30_000, 'auto start');
    const bots = [...a.state.players.values()].filter((p) => p.bot);
    expect(bots).toHaveLength(2);
    await leaveAll(a);
  });
});

let quickServer: TestServer | null = null;
async function bootServerOnce(): Promise<TestServer> {
  // A second process is not possible in one worker (Colyseus' matchmaker is global), so the
  // short fill time is tested by lowering it on the running server.
  server.junction.config.QUICKPLAY_FILL_MS = 300;
  quickServer ??= server;
  return quickServer;
}

describe('private tables', () => {
  it('gets an 8-character code from the unambiguous alphabet, is never listed and never matched', async () => {
    server.junction.config.QUICKPLAY_FILL_MS = 60_000;
    const lobby = await server.client().joinOrCreate('lobby');
    const listings = collect<unknown>(lobby, '+');
    const host = await ready(await server.client().create(GAME, { name: 'Host', private: true, variant: 'classic', players: 3 }));
    await eventually(() => host.state.code !== '', 30_000, 'code');
    const code: string = host.state.code;
    expect(code).toHaveLength(8);
    for (const ch of code) expect(CODE_ALPHABET).toContain(ch);

    const stranger = await ready(await server.client().joinOrCreate(GAME, { name: 'Stranger', variant: 'classic', players: 3 }));
    expect(stranger.roomId).not.toBe(host.roomId);

    const res = await fetch(`${server.http}/api/rooms/code/${code.toLowerCase()}`);
    expect(res.status).toBe(200);
    const found = await res.json() as { roomId: string; game: string; variant: string; seats: number; free: number };
    expect(found).toMatchObject({ roomId: host.roomId, game: GAME, variant: 'classic', seats: 3, free: 2 });

    const friend = await ready(await server.client().joinById(found.roomId, { name: 'Friend' }));
    await eventually(() => host.state.players.size === 2, 30_000, 'friend seated');
    // A public table opened after all that is listed; the lobby sends in order, so a listing of the
    // private table (at its creation or its friend's join) would have come before.
    const later = await ready(await server.client().joinOrCreate(GAME, { name: 'Later', variant: 'classic', players: 5 }));
    await eventually(() => JSON.stringify(listings).includes(later.roomId), 30_000, 'the later public table listed');
    expect(JSON.stringify(listings)).toContain(stranger.roomId);
    expect(JSON.stringify(listings)).not.toContain(host.roomId);
    await leaveAll(host, stranger, friend, later, lobby);
  });

  it('answers 404 for an unknown code', async () => {
    const res = await fetch(`${server.http}/api/rooms/code/ZZZZZZ`);
    expect(res.status).toBe(404);
  });

  it('lets only the host add bots and start; the game then runs with those seats', async () => {
    const host = await ready(await server.client().create(GAME, { name: 'Host', private: true, variant: 'classic', players: 3 }));
    const guest = await ready(await server.client().joinById(host.roomId, { name: 'Guest' }));
    const guestErrors = collect<{ code: string }>(guest, 'error');
    guest.send('start', {});
    await eventually(() => guestErrors.some((e) => e.code === 'not_host'), 30_000, 'not_host error');
    host.send('add_bot', { level: 'hard' });
    await eventually(() => host.state.players.size === 3, 30_000, 'bot added');
    host.send('start', {});
    await eventually(() => host.state.phase === 'playing', 30_000, 'started');
    expect([...host.state.players.values()].filter((p) => p.bot)).toHaveLength(1);
    await leaveAll(host, guest);
  });

  it('passes the host role to the next player when the host leaves', async () => {
    const host = await ready(await server.client().create(GAME, { name: 'Host', private: true, variant: 'classic', players: 3 }));
    const guest = await ready(await server.client().joinById(host.roomId, { name: 'Guest' }));
    await eventually(() => guest.state.players.size === 2, 30_000, 'seated');
    await host.leave(true);
    await eventually(() => guest.state.players.get(guest.sessionId)?.host === true, 30_000, 'host passed');
    await leaveAll(guest);
  });
});

describe('lobby', () => {
  it('lists public tables with game, variant, seats taken and free, and updates as they fill', async () => {
    const lobby = await server.client().joinOrCreate('lobby');
    const added = collect<[string, { metadata: { game: string; variant: string; taken: number; free: number } }]>(lobby, '+');
    const a = await ready(await server.client().joinOrCreate(GAME, { name: 'Ana', variant: 'express', players: 4 }));
    const first = await eventually(() => added.find(([id]) => id === a.roomId), 30_000, 'listed');
    expect(first[1].metadata).toMatchObject({ game: GAME, variant: 'express' });
    const b = await ready(await server.client().joinOrCreate(GAME, { name: 'Bo', variant: 'express', players: 4 }));
    await eventually(() => added.some(([id, r]) => id === a.roomId && r.metadata.taken === 2 && r.metadata.free === 2), 30_000, 'update');
    await leaveAll(a, b, lobby);
  });
});

describe('validation and rate limits', () => {
  it('answers malformed, unknown and out-of-phase messages with an error to that client only, and keeps the room going', async () => {
    const a = await ready(await server.client().create(GAME, { name: 'Ana', private: true, variant: 'classic', players: 2 }));
    const b = await ready(await server.client().joinById(a.roomId, { name: 'Bo' }));
    const aErrors = collect<{ code: string; key: string }>(a, 'error');
    const bErrors = collect<{ code: string }>(b, 'error');
    a.send('action', { nonsense: true });
    a.send('definitely_not_a_message', { x: 1 });
    a.send('action', { id: 1, a: { type: 'grab', card: 1 } });
    a.send('configure', { options: { players: 99 } });
    await eventually(() => aErrors.length >= 4, 30_000, 'four errors');
    expect(aErrors.map((e) => e.code)).toEqual(expect.arrayContaining(['bad_message', 'unknown_message', 'wrong_phase']));
    for (const e of aErrors) expect(e.key).toBe(`server:error.${e.code}`);
    expect(bErrors).toHaveLength(0);
    a.send('start', {});
    await eventually(() => b.state.phase === 'playing', 30_000, 'room still works');
    await leaveAll(a, b);
  });

  it('rate-limits a client over its budget without cutting it off, and still serves the others', async () => {
    const a = await ready(await server.client().create(GAME, { name: 'Spam', private: true, variant: 'classic', players: 2 }));
    const b = await ready(await server.client().joinById(a.roomId, { name: 'Calm' }));
    const aErrors = collect<{ code: string }>(a, 'error');
    const bPongs = collect<{ c: number }>(b, 'pong');
    const aPongs = collect<{ c: number }>(a, 'pong');
    for (let i = 0; i < 40; i++) a.send('ping', { c: i });
    await eventually(() => aErrors.some((e) => e.code === 'rate_limited'), 30_000, 'rate_limited');
    await eventually(() => aPongs.length >= 20, 30_000, 'the burst answered');
    expect(aPongs.length).toBeLessThan(40);
    await new Promise((r) => setTimeout(r, 1100));
    a.send('ping', { c: 1000 });
    await eventually(() => aPongs.some((p) => p.c === 1000), 30_000, 'served again after a pause');
    b.send('ping', { c: 42 });
    await eventually(() => bPongs.some((p) => p.c === 42), 30_000, 'calm client served');
    await leaveAll(a, b);
  });
});

describe('spectators and reconnection', () => {
  it('a spectator watches without a seat and receives no private view', async () => {
    const a = await ready(await server.client().create(GAME, { name: 'Ana', private: true, variant: 'classic', players: 2 }));
    a.send('add_bot', { level: 'easy' });
    await eventually(() => a.state.players.size === 2, 30_000, 'bot');
    a.send('start', {});
    await eventually(() => a.state.phase === 'playing', 30_000, 'start');
    const watcher = await ready(await server.client().joinById(a.roomId, { spectator: true }));
    await eventually(() => !!watcher.state.table, 30_000, 'table synced');
    expect(watcher.state.players.size).toBe(2);
    for (const p of watcher.state.players.values()) expect(p.secret).toBeUndefined();
    const errors = collect<{ code: string }>(watcher, 'error');
    watcher.send('action', { id: 1, a: { type: 'flip', card: 0 } });
    await eventually(() => errors.some((e) => e.code === 'not_seated'), 30_000, 'spectator refused');
    await eventually(() => a.state.spectators === 1, 30_000, 'spectator counted');
    await leaveAll(a, watcher);
  });

  it('a dropped player keeps the seat and gets back the exact state', async () => {
    const a = await ready(await server.client().create(GAME, { name: 'Ana', private: true, variant: 'classic', players: 2 }));
    const b = await ready(await server.client().joinById(a.roomId, { name: 'Bo' }));
    a.send('start', {});
    await eventually(() => b.state.phase === 'playing', 30_000, 'start');
    const token = b.reconnectionToken;
    const seat = b.state.players.get(b.sessionId)!.seat;
    b.connection.close(4999, 'network drop');
    await eventually(() => [...a.state.players.values()].some((p) => p.seat === seat && !p.connected), 30_000, 'marked away');
    const back = await ready(await server.client().reconnect(token));
    await eventually(() => !!back.state.table && back.state.version === a.state.version, 30_000, 'same version');
    expect(back.sessionId).toBe(b.sessionId);
    expect(tableOf(back)).toEqual(tableOf(a));
    expect(back.state.players.get(back.sessionId)?.seat).toBe(seat);
    expect(back.state.players.get(back.sessionId)?.connected).toBe(true);
    await leaveAll(a, back);
  });
});
