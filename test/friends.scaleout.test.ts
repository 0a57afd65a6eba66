/**
 * Friends across two real server processes sharing Redis (presence, driver) and PostgreSQL (store):
 * a friend connected through process A is seen online through process B, at their public table,
 * and the follower joins that table through B. Per-run Redis key prefix and PostgreSQL schema,
 * removed afterwards; both processes stopped by their PIDs.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, type Room } from 'colyseus.js';
import { startServerOnFreePort, type ServerProcess } from '../loadtest/serverProcess.js';
import { POSTGRES_URL, REDIS_URL, requireService, inPostgres, deleteRedisKeys, prefixedRedisUrl } from './support/services.js';
import { eventually, ready } from './support/server.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
const up = (await requireService('redis')) && (await requireService('postgres'));
const RUN = `${process.pid}_${randomBytes(4).toString('hex')}`;
const KEY_PREFIX = `junction-test:friends:${RUN}:`;
const SCHEMA = `junction_friends_${RUN}`;
let servers: ServerProcess[] = [];
const rooms: Room[] = [];
void REDIS_URL;

const endpoint = (i: number) => `ws://127.0.0.1:${servers[i].port}`;
const http = (i: number) => `http://127.0.0.1:${servers[i].port}`;

async function friends(i: number, token: string, method: string, path: string, body?: unknown): Promise<{ status: number; json: Json }> {
  const res = await fetch(`${http(i)}/api/friends${path}`, {
    method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: await res.json().catch(() => null) };
}

describe.skipIf(!up)('friends across two processes', () => {
  beforeAll(async () => {
    await inPostgres(`CREATE SCHEMA "${SCHEMA}"`);
    const databaseUrl = `${POSTGRES_URL}?options=${encodeURIComponent(`-c search_path=${SCHEMA}`)}`;
    const started = await Promise.allSettled([0, 1].map(() => startServerOnFreePort((port) => ({
      REDIS_URL: prefixedRedisUrl(KEY_PREFIX), DATABASE_URL: databaseUrl, PUBLIC_ADDRESS: `127.0.0.1:${port}`,
      QUICKPLAY_FILL_MS: '60000', JUNCTION_INTERNAL_KEY: 'friends-test-key', SHUTDOWN_GRACE_MS: '1000',
    }))));
    servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
  }, 240_000);

  afterAll(async () => {
    await Promise.all(rooms.filter((r) => r.connection.isOpen).map((r) => r.leave().catch(() => undefined)));
    await Promise.all(servers.map((s) => s.stop()));
    await deleteRedisKeys(KEY_PREFIX);
    await inPostgres(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`);
  }, 120_000);

  it('online through A is seen through B; the follower joins the friend\'s table through B; gone is offline', async () => {
    const guest = async (i: number) => (await (await fetch(`${http(i)}/api/identity`, { method: 'POST' })).json()) as { token: string; identity: { id: string; display: string } };
    const [ana, bo] = [await guest(1), await guest(0)];
    expect((await friends(1, ana.token, 'POST', '/follows', { name: bo.identity.display })).status).toBe(201);
    const status = async () => (await friends(1, ana.token, 'GET', '')).json.follows[0];
    expect(await status()).toMatchObject({ online: false, table: null });

    const lobby = await new Client(endpoint(0)).joinOrCreate('lobby', { token: bo.token });
    rooms.push(lobby);
    await eventually(async () => (await status()).online, 30_000, 'Bo online through B');
    const table = await ready(await new Client(endpoint(0)).joinOrCreate('traffic_memory', { token: bo.token, players: 3 }));
    rooms.push(table);
    const seen = await eventually(async () => { const s = await status(); return s.table ? s : undefined; }, 30_000, 'Bo\'s table through B');
    expect(seen.table).toMatchObject({ roomId: table.roomId, action: 'join' });

    const joined = await ready(await new Client(endpoint(1)).joinById(seen.table.roomId, { token: ana.token }));
    rooms.push(joined);
    await eventually(() => (table.state as { players: Map<string, unknown> }).players.size === 2, 30_000, 'Ana seated at Bo\'s table');

    await lobby.leave();
    await table.leave();
    await eventually(async () => !(await status()).online, 30_000, 'Bo offline through B');
  }, 120_000);
});
