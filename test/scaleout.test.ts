/**
 * The docker-compose topology without Docker: two game-server processes sharing the machine's
 * Redis (presence + matchmaking driver) and PostgreSQL (store), each with its own public address.
 *
 * Everything it uses is its own, so runs in parallel (other checkouts, other CI jobs) do not meet:
 * ports the OS reports free, Redis keys under a per-run prefix (ioredis `keyPrefix`, taken from the
 * URL by RedisPresence and RedisDriver alike) deleted afterwards, and a per-run PostgreSQL schema
 * dropped afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, type Room } from 'colyseus.js';
import { startServerOnFreePort, type ServerProcess } from '../loadtest/serverProcess.js';
import { requireService } from './support/services.js';
import { eventually, ready } from './support/server.js';
import { addressOf, listingsOf, ownStores } from './support/fleet.js';
import { readEvents } from '../loadtest/eventStream.js';

const up = (await requireService('redis')) && (await requireService('postgres'));
const GAME = 'railway_madness';
const stores = ownStores('scaleout');
let servers: ServerProcess[] = [];

const endpoint = (i: number) => `ws://127.0.0.1:${servers[i].port}`;
const http = (i: number) => `http://127.0.0.1:${servers[i].port}`;

describe.skipIf(!up)('two processes behind Redis behave as one', () => {
  beforeAll(async () => {
    await stores.create();
    // Both start at once; a server that did start is kept for afterAll even if the other failed.
    const started = await Promise.allSettled([0, 1].map(() => startServerOnFreePort((port) => ({
      REDIS_URL: stores.redisUrl, DATABASE_URL: stores.databaseUrl, PUBLIC_ADDRESS: `127.0.0.1:${port}`,
      QUICKPLAY_FILL_MS: '60000', JUNCTION_INTERNAL_KEY: 'scaleout-test-key', SHUTDOWN_GRACE_MS: '1000',
    }))));
    servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
  }, 240_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await stores.remove();
  }, 120_000);

  it('quick play through A and through B lands at the same table, wherever it lives', async () => {
    const rooms: Room[] = [];
    // Left even when an expectation fails: a half-filled table left listed would take the first
    // joiner of the retry and send the second to a new table.
    try {
      for (let table = 0; table < 2; table++) {
        const first = await new Client(endpoint(table)).joinOrCreate(GAME, { name: `A${table}`, variant: 'express', players: 3 + table });
        rooms.push(first);
        const second = await new Client(endpoint(1 - table)).joinOrCreate(GAME, { name: `B${table}`, variant: 'express', players: 3 + table });
        rooms.push(second);
        expect(second.roomId).toBe(first.roomId);
        await eventually(() => first.state.players.size === 2, 30_000, 'both seated');
      }
      const counts = await Promise.all(servers.map(async (_, i) => ((await (await fetch(`${http(i)}/health`)).json()) as { rooms: number }).rooms));
      expect(counts.every((n) => n >= 1)).toBe(true);
    } finally {
      await Promise.all(rooms.map((r) => r.leave(true)));
    }
  });

  it('a private code made on A is found and joined through B', async () => {
    const host = await ready(await new Client(endpoint(0)).create(GAME, { name: 'Host', private: true, variant: 'classic', players: 2 }));
    await eventually(() => host.state.code !== '', 30_000, 'code');
    const res = await fetch(`${http(1)}/api/rooms/code/${host.state.code}`);
    expect(res.status, await res.clone().text()).toBe(200);
    const { roomId } = await res.json() as { roomId: string };
    expect(roomId).toBe(host.roomId);
    const guest = await new Client(endpoint(1)).joinById(roomId, { name: 'Guest' });
    await eventually(() => host.state.players.size === 2, 30_000, 'guest seated');
    await Promise.all([host.leave(true), guest.leave(true)]);
  });

  it('a finished game on either process is stored in the shared PostgreSQL', async () => {
    // A private table's result is shown to its players only: play it as a guest and read it with that token.
    const guest = await (await fetch(`${http(1)}/api/identity`, { method: 'POST' })).json() as { token: string };
    const host = await ready(await new Client(endpoint(1)).create(GAME, { name: 'Solo', private: true, variant: 'juniors', players: 2, token: guest.token }));
    host.send('add_bot', { level: 'hard' });
    await eventually(() => host.state.players.size === 2, 30_000, 'bot');
    host.send('start', {});
    await eventually(() => host.state.phase === 'playing', 30_000, 'started');
    // Away with an identity, the seat is played by a bot, so two bots play the game to its end.
    await host.leave(false);
    const stored = await eventually(async () => {
      const r = await fetch(`${http(0)}/api/results/${host.roomId}`, { headers: { authorization: `Bearer ${guest.token}` } });
      return r.ok ? await r.json() as { game: string } : undefined;
    }, 120_000, 'result visible through A');
    expect(stored.game).toBe(GAME);
  }, 180_000);

  it('a tournament round started through A opens its tables on both processes, and every player gets in', async () => {
    type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    const api = async (i: number, method: string, url: string, body?: unknown, token?: string): Promise<Json> => {
      const res = await fetch(`${http(i)}/api/tournaments${url}`, {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect(res.status, `${method} ${url}: ${await res.clone().text()}`).toBeLessThan(300);
      return res.json() as Promise<Json>;
    };
    // Twelve players at tables of two: one burst of six table launches from process A.
    const created = await api(0, 'POST', '/', { name: 'Two processes', game: GAME, variant: 'express', tableSize: 2, rounds: 1, startsAt: Date.now() + 3_600_000 });
    const id = created.tournament.id as string;
    const players: { name: string; token: string; seatId: string }[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await api(i % 2, 'POST', `/${id}/register`, { name: `T${i}` });
      await api(i % 2, 'POST', `/${id}/check-in`, {}, r.token);
      players.push({ name: `T${i}`, token: r.token, seatId: r.seatId });
    }
    // Each player listens for their table on their own stream, half of them through B.
    const streams = players.map((p, i) => readEvents<Json>(`${http(i % 2)}/api/tournaments/${id}/me/events`, p.token));
    await eventually(() => streams.every((s) => s.frames.length > 0), 30_000, 'every stream open');
    await api(0, 'POST', `/${id}/start`, {}, created.organiserToken as string);

    const tables = await Promise.all(streams.map((s, i) => eventually(() => {
      const table = s.frames.at(-1)?.table;
      return table?.ready ? table as { id: string; roomId: string } : undefined;
    }, 30_000, `${players[i].name}'s table pushed`)));
    const roomIds = [...new Set(tables.map((t) => t.roomId))];
    expect(roomIds).toHaveLength(6);

    // Where each table's room lives: its listing in the shared matchmaker (RedisDriver's `roomcaches`).
    const listings = await listingsOf(stores.keyPrefix, roomIds);
    const byAddress = new Map<string, number>();
    for (const l of listings) byAddress.set(l.publicAddress ?? '?', (byAddress.get(l.publicAddress ?? '?') ?? 0) + 1);
    console.log(`tournament tables per process: ${JSON.stringify(Object.fromEntries(byAddress))}`);
    expect(new Set(listings.map((l) => l.processId)).size).toBe(2);
    expect([...byAddress.keys()].sort()).toEqual(servers.map(addressOf).sort());

    // Every player takes their seat, half of them through each process, wherever the table is.
    const rooms = await Promise.all(players.map(async (p, i) => {
      const room = await ready(await new Client(endpoint(i % 2)).joinById(tables[i].roomId, { name: p.name, playerId: p.seatId }));
      const seated = [...(room.state as { players: Map<string, { name: string; connected: boolean; bot: boolean }> }).players.values()].find((x) => x.name === p.name);
      expect(seated).toMatchObject({ connected: true, bot: false });
      return room;
    }));
    for (const roomId of roomIds) {
      const here = rooms.filter((r) => r.roomId === roomId);
      expect(here).toHaveLength(2);
      await eventually(() => here.every((r) => [...(r.state as { players: Map<string, { connected: boolean; bot: boolean }> }).players.values()].every((x) => x.connected && !x.bot)), 30_000, 'both seats taken');
    }
    for (const s of streams) s.stop();
    await Promise.all(rooms.map((r) => r.leave(true).catch(() => undefined)));
  }, 180_000);
});
