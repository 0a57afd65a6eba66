/**
 * Whether the machine's PostgreSQL and Redis answer. Tests that need them skip with a message
 * when they do not, except under CI=true, where a missing service is a failure.
 */
import net from 'node:net';
import pg from 'pg';
import { Redis } from 'ioredis';

export const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1000 });
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => { socket.destroy(); resolve(false); });
  });
}

/** Resolves true when the service is up; false (with a console note) when the test should skip; throws under CI. */
export async function requireService(name: 'postgres' | 'redis'): Promise<boolean> {
  const up = name === 'postgres' ? await reachable('127.0.0.1', 5432) : await reachable('127.0.0.1', 6379);
  if (up) return true;
  if (process.env.CI === 'true') throw new Error(`${name} is required under CI=true but does not answer on 127.0.0.1`);
  console.warn(`[skip] ${name} is not running on 127.0.0.1: skipping the tests that need it`);
  return false;
}

/** A query on the machine's PostgreSQL through a connection of its own (schemas a test creates and drops). */
export async function inPostgres<T = unknown>(query: string, params: unknown[] = []): Promise<T[]> {
  const db = new pg.Client({ connectionString: POSTGRES_URL });
  await db.connect();
  try {
    return (await db.query(query, params)).rows as T[];
  } finally {
    await db.end();
  }
}

/** The machine's Redis with every key under the test's own prefix. */
export function prefixedRedisUrl(keyPrefix: string): string {
  const url = new URL(REDIS_URL);
  url.searchParams.set('keyPrefix', keyPrefix);
  return url.toString();
}

/** Deletes the keys under the test's own prefix, and only those (SCAN ignores keyPrefix: match it by hand). */
export async function deleteRedisKeys(keyPrefix: string): Promise<number> {
  const redis = new Redis(REDIS_URL);
  let deleted = 0;
  try {
    for await (const keys of redis.scanStream({ match: `${keyPrefix}*`, count: 500 }) as AsyncIterable<string[]>) {
      if (keys.length > 0) deleted += await redis.del(...keys);
    }
  } finally {
    await redis.quit();
  }
  return deleted;
}
