/**
 * A takeover while the survivor cannot reach the store or Redis (issue 24, "Bad input and faults":
 * the claim waits and retries, and never opens a table it could not read completely). Process A
 * holds a quiet Took Over! table of two players; the survivor B reaches PostgreSQL and Redis
 * through TCP proxies this test owns. A is killed while one of B's links is cut: for longer than
 * A's lease and several takeover passes B opens nothing (the session row keeps A's token), and once
 * the link is back B claims the table, opens it with the same id and state, and the player's seat
 * is theirs again. Real processes, the machine's PostgreSQL (own schema) and Redis (own prefix).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Client, type Room } from 'colyseus.js';
import { Redis } from 'ioredis';
import { startServerOnFreePort, type ServerProcess } from '../loadtest/serverProcess.js';
import { POSTGRES_URL, REDIS_URL, requireService, inPostgres, deleteRedisKeys, prefixedRedisUrl } from './support/services.js';
import { eventually, ready, secretOf, tableOf } from './support/server.js';
import { startTcpProxy, type TcpProxy } from './support/tcpProxy.js';
import type { TookOverPublicView } from '../shared/games/took_over/views.js';

const up = (await requireService('redis')) && (await requireService('postgres'));
const RUN = `${process.pid}_${randomBytes(4).toString('hex')}`;
const KEY_PREFIX = `junction-test:failover-cut:${RUN}:`;
const SCHEMA = `junction_failover_cut_${RUN}`;
const LEASE_TTL_MS = 6_000;
/** Longer than A's lease and a few of B's takeover passes after the kill: B would have claimed by then. */
const CUT_AFTER_KILL_MS = LEASE_TTL_MS + 4_000;

type Synced = { phase: string; players: Map<string, { seat: number; connected: boolean; bot: boolean }> };
type Guest = { token: string };

const servers: ServerProcess[] = [];
const proxies: TcpProxy[] = [];

function databaseUrl(via?: TcpProxy): string {
  const url = new URL(POSTGRES_URL);
  if (via) { url.hostname = '127.0.0.1'; url.port = String(via.port); }
  return `${url.toString()}?options=${encodeURIComponent(`-c search_path=${SCHEMA}`)}`;
}

function redisUrl(via?: TcpProxy): string {
  const url = new URL(prefixedRedisUrl(KEY_PREFIX));
  if (via) { url.hostname = '127.0.0.1'; url.port = String(via.port); }
  return url.toString();
}

async function start(links: { store?: TcpProxy; redis?: TcpProxy } = {}): Promise<ServerProcess> {
  const server = await startServerOnFreePort((port) => ({
    REDIS_URL: redisUrl(links.redis), DATABASE_URL: databaseUrl(links.store), PUBLIC_ADDRESS: `127.0.0.1:${port}`,
    JUNCTION_INTERNAL_KEY: 'failover-cut-key', LEASE_TTL_MS: String(LEASE_TTL_MS),
    // Nothing moves at the table unless its players act: no bot takes an away seat during the test.
    ABSENT_GRACE_MS: '600000',
    JOIN_BURST: '10000', JOIN_PER_SECOND: '1000', GUEST_CREATE_BURST: '10000', GUEST_CREATE_PER_SECOND: '1000',
  }));
  servers.push(server);
  return server;
}

const ws = (s: ServerProcess) => `ws://127.0.0.1:${s.port}`;

async function guest(server: ServerProcess): Promise<Guest> {
  return await (await fetch(`http://127.0.0.1:${server.port}/api/identity`, { method: 'POST' })).json() as Guest;
}

async function listedAt(roomId: string): Promise<string | undefined> {
  const redis = new Redis(prefixedRedisUrl(KEY_PREFIX));
  try {
    return (JSON.parse((await redis.hget('roomcaches', roomId)) ?? '{}') as { publicAddress?: string }).publicAddress;
  } finally {
    await redis.quit();
  }
}

async function sessionRow(roomId: string): Promise<{ owner: string; fence: string } | undefined> {
  const rows = await inPostgres<{ owner: string; fence: string }>(`SELECT owner, fence::text AS fence FROM "${SCHEMA}".game_sessions WHERE id = $1`, [roomId]);
  return rows[0];
}

/** A sorted-key text of the public view: the same table shows the same text. */
function shown(room: Room<Synced>): string {
  const sorted = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sorted);
    if (v && typeof v === 'object') return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted((v as Record<string, unknown>)[k])]));
    return v;
  };
  return JSON.stringify(sorted(JSON.parse(JSON.stringify(tableOf(room) ?? null))));
}

/** A's quiet table of two players, started before B exists (so it is A's), at rest. */
async function quietTableOn(a: ServerProcess): Promise<{ room: Room<Synced>; other: Room<Synced>; ana: Guest }> {
  const [ana, bo] = [await guest(a), await guest(a)];
  const room = await ready(await new Client(ws(a)).create<Synced>('took_over', { name: 'Ana', private: true, players: 2, paceMs: 500, idleMs: 120_000, token: ana.token }));
  const other = await ready(await new Client(ws(a)).joinById<Synced>(room.roomId, { name: 'Bo', token: bo.token }));
  room.send('start', {});
  await eventually(() => room.state.phase === 'playing' && !!secretOf(room) && !!secretOf(other), 30_000, 'the game to start');
  await eventually(async () => (await sessionRow(room.roomId)) !== undefined, 30_000, 'the session stored');
  await eventually(() => { const v = tableOf<TookOverPublicView>(room); return v.phase === 'play' && Date.now() > v.paceUntil + 50; }, 30_000, 'the table at rest');
  return { room, other, ana };
}

describe.skipIf(!up)('a takeover while the survivor is cut off', () => {
  beforeAll(async () => {
    await inPostgres(`CREATE SCHEMA "${SCHEMA}"`);
  }, 60_000);

  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.stop('SIGKILL')));
    await Promise.all(proxies.splice(0).map((p) => p.close()));
  }, 60_000);

  afterAll(async () => {
    await deleteRedisKeys(KEY_PREFIX);
    await inPostgres(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`);
  }, 60_000);

  for (const link of ['store', 'redis'] as const) {
    it(`${link} cut during the takeover: the survivor opens nothing while cut, then claims the table and the seat is retaken with the same state`, async () => {
      const target = link === 'store' ? new URL(POSTGRES_URL) : new URL(REDIS_URL);
      const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || (link === 'store' ? 5432 : 6379)) });
      proxies.push(proxy);
      const a = await start();
      const { room, other, ana } = await quietTableOn(a);
      const b = await start({ [link]: proxy });
      const before = shown(room);
      const rowBefore = (await sessionRow(room.roomId))!;

      proxy.cut();
      a.child.kill('SIGKILL');
      await a.stop('SIGKILL');
      const killedAt = Date.now();
      // B cannot read the store (or see the leases) now: for longer than A's lease and several of its passes, nothing moves.
      while (Date.now() - killedAt < CUT_AFTER_KILL_MS) {
        expect(await sessionRow(room.roomId)).toEqual(rowBefore);
        expect(await listedAt(room.roomId)).not.toBe(`127.0.0.1:${b.port}`);
        await new Promise((r) => setTimeout(r, 500));
      }
      expect(b.child.exitCode).toBeNull();

      proxy.restore();
      await eventually(async () => (await sessionRow(room.roomId))?.fence !== rowBefore.fence, 120_000, 'the table claimed once the link is back');
      await eventually(async () => (await listedAt(room.roomId)) === `127.0.0.1:${b.port}`, 120_000, 'the table open on the survivor');
      const back = await ready(await new Client(ws(b)).joinById<Synced>(room.roomId, { token: ana.token }));
      await eventually(() => back.state.players.get(back.sessionId)?.connected === true && !!secretOf(back), 30_000, 'the seat retaken');
      expect(shown(back)).toBe(before);
      back.connection.close();
      other.connection.close();
    }, 300_000);
  }
});
