/**
 * Issue 28 item 10: per-address limits were per process, so N processes allowed N times the
 * limit. Two real server processes share the machine's Redis (under this run's own key prefix,
 * deleted after) and PostgreSQL (this run's own schema, dropped after); a join limit of 3 per
 * 30 s spent through A must be spent for B too.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { Redis } from 'ioredis';
import { startServerOnFreePort, type ServerProcess } from '../../loadtest/serverProcess.js';
import { POSTGRES_URL, REDIS_URL, requireService } from '../support/services.js';

const up = (await requireService('redis')) && (await requireService('postgres'));
const RUN = `${process.pid}_${randomBytes(4).toString('hex')}`;
const KEY_PREFIX = `junction-test:shared-limits:${RUN}:`;
const SCHEMA = `junction_shared_limits_${RUN}`;
const JOIN_BURST = 3;
let servers: ServerProcess[] = [];

async function inPostgres(query: string): Promise<void> {
  const db = new pg.Client({ connectionString: POSTGRES_URL });
  await db.connect();
  try {
    await db.query(query);
  } finally {
    await db.end();
  }
}

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
