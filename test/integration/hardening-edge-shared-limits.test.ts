/**
 * Issue 28 item 10: per-address limits were per process, so N processes allowed N times the
 * limit. Two real server processes share the machine's Redis (under this run's own key prefix,
 * deleted after) and PostgreSQL (this run's own schema, dropped after); a join limit of 3 per
 * 30 s spent through A must be spent for B too.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { startServerOnFreePort, type ServerProcess } from '../../loadtest/serverProcess.js';
import { POSTGRES_URL, REDIS_URL, requireService, inPostgres } from '../support/services.js';
import { LimitStore } from '../../server/http/ipLimits.js';

const up = (await requireService('redis')) && (await requireService('postgres'));
const RUN = `${process.pid}_${randomBytes(4).toString('hex')}`;
const KEY_PREFIX = `junction-test:shared-limits:${RUN}:`;
const SCHEMA = `junction_shared_limits_${RUN}`;
const JOIN_BURST = 3;
let servers: ServerProcess[] = [];

/** This run's Redis keys, read without the prefix (SCAN ignores keyPrefix: match it by hand). */
async function runKeys(redis: Redis): Promise<string[]> {
  const found: string[] = [];
  for await (const keys of redis.scanStream({ match: `${KEY_PREFIX}*`, count: 500 }) as AsyncIterable<string[]>) found.push(...keys);
  return found;
}

/** A matchmaking request (limited before Colyseus reads it): the status and body. */
async function matchmake(i: number): Promise<{ status: number; body: { code?: string } }> {
  const res = await fetch(`http://127.0.0.1:${servers[i].port}/matchmake/joinOrCreate/no_such_room`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}',
  });
  return { status: res.status, body: await res.json().catch(() => ({})) as { code?: string } };
}

describe.skipIf(!up)('per-address limits shared through Redis', () => {
  beforeAll(async () => {
    await inPostgres(`CREATE SCHEMA "${SCHEMA}"`);
    const url = new URL(REDIS_URL);
    url.searchParams.set('keyPrefix', KEY_PREFIX);
    const databaseUrl = `${POSTGRES_URL}?options=${encodeURIComponent(`-c search_path=${SCHEMA}`)}`;
    const started = await Promise.allSettled([0, 1].map(() => startServerOnFreePort((port) => ({
      REDIS_URL: url.toString(), DATABASE_URL: databaseUrl, PUBLIC_ADDRESS: `127.0.0.1:${port}`, SHUTDOWN_GRACE_MS: '1000', JUNCTION_INTERNAL_KEY: 'shared-limits-test-key', JUNCTION_TOURNAMENT_SECRET: 'shared-limits-test-secret',
      JOIN_BURST: String(JOIN_BURST), JOIN_PER_SECOND: '0.1',
    }))));
    servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
  }, 240_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    const redis = new Redis(REDIS_URL);
    try {
      const keys = await runKeys(redis);
      if (keys.length > 0) await redis.del(...keys);
    } finally {
      await redis.quit();
    }
    await inPostgres(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`);
  }, 120_000);

  it('a join limit spent through process A is spent for process B, and its counter is in Redis', async () => {
    for (let n = 0; n < JOIN_BURST; n++) {
      const through = await matchmake(n % 2);
      expect(through.status, `request ${n + 1}`).not.toBe(429);
    }
    for (const i of [0, 1]) {
      const refused = await matchmake(i);
      expect(refused.status, `process ${i}`).toBe(429);
      expect(refused.body.code).toBe('too_many_joins');
    }
    const redis = new Redis(REDIS_URL);
    try {
      expect(await runKeys(redis)).toContain(`${KEY_PREFIX}junction:limits:join:127.0.0.1`);
    } finally {
      await redis.quit();
    }
  }, 60_000);
});

describe.skipIf(!up)('a shared limit while Redis is out', () => {
  const sockets = new Set<net.Socket>();
  let proxy: net.Server;
  let store: LimitStore | undefined;

  /** The test's own TCP proxy in front of the machine's Redis, so an outage can be made by cutting it. */
  beforeAll(async () => {
    const redis = new URL(REDIS_URL);
    proxy = net.createServer((client) => {
      const upstream = net.connect(Number(redis.port || 6379), redis.hostname);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('error', () => undefined).on('close', () => { sockets.delete(s); client.destroy(); upstream.destroy(); });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await store?.close();
    for (const s of sockets) s.destroy();
    if (proxy.listening) await new Promise((resolve) => proxy.close(resolve));
    const redis = new Redis(REDIS_URL);
    try {
      const keys = await runKeys(redis);
      if (keys.length > 0) await redis.del(...keys);
    } finally {
      await redis.quit();
    }
  });

  it('falls back to this process\'s own counter instead of failing or letting everyone through', async () => {
    const url = new URL(`redis://127.0.0.1:${(proxy.address() as net.AddressInfo).port}`);
    url.searchParams.set('keyPrefix', KEY_PREFIX);
    store = await LimitStore.open(url.toString(), { keyPrefix: 'outage', connectTimeoutMs: 30_000 });
    const limit = store.limit('join', 2, 0.1);
    expect([await limit.take('198.51.100.1'), await limit.take('198.51.100.1')]).toEqual([0, 0]);
    expect(await limit.take('198.51.100.1')).toBeGreaterThan(0);

    await new Promise<void>((resolve) => { proxy.close(() => resolve()); for (const s of sockets) s.destroy(); });

    const during = [];
    for (let n = 0; n < 3; n++) during.push(await limit.take('198.51.100.2'));
    expect(during.slice(0, 2)).toEqual([0, 0]);
    expect(during[2]).toBeGreaterThan(0);
    // Counted here, not in Redis: the first address's counter reached Redis, the second's did not.
    const redis = new Redis(REDIS_URL);
    try {
      const keys = await runKeys(redis);
      expect(keys).toContain(`${KEY_PREFIX}outage:join:198.51.100.1`);
      expect(keys).not.toContain(`${KEY_PREFIX}outage:join:198.51.100.2`);
    } finally {
      await redis.quit();
    }
  }, 60_000);
});
