/**
 * Several real server processes (loadtest/serverProcess.ts) sharing the machine's Redis and
 * PostgreSQL: the test file's own key prefix and schema, the processes' addresses, a guest identity
 * from one of them, where the shared matchmaker lists a room (RedisDriver's `roomcaches` hash),
 * which of the test's processes holds it, a kill -9, and a quiet table for a survivor to take over.
 */
import { randomBytes } from 'node:crypto';
import { Client, type Room } from 'colyseus.js';
import { Redis } from 'ioredis';
import type { ServerProcess } from '../../loadtest/serverProcess.js';
import type { TookOverPublicView } from '../../shared/games/took_over/views.js';
import { POSTGRES_URL, deleteRedisKeys, inPostgres, prefixedRedisUrl } from './services.js';
import { eventually, ready, secretOf, tableOf } from './server.js';

/** A test file's own part of the machine's Redis (a key prefix) and PostgreSQL (a schema), new on every run. */
export interface OwnStores {
  keyPrefix: string;
  schema: string;
  /** The machine's Redis with every key under `keyPrefix`. */
  redisUrl: string;
  /** The machine's PostgreSQL with `schema` first on the search path. */
  databaseUrl: string;
  /** Creates the schema (in beforeAll, before any process starts). */
  create(): Promise<void>;
  /** Deletes the keys and drops the schema (in afterAll, once every process is gone). */
  remove(): Promise<void>;
}

/** `name` tells the runs of each file apart in Redis and PostgreSQL (`-` becomes `_` in the schema). */
export function ownStores(name: string): OwnStores {
  const run = `${process.pid}_${randomBytes(4).toString('hex')}`;
  const keyPrefix = `junction-test:${name}:${run}:`;
  const schema = `junction_${name.replaceAll('-', '_')}_${run}`;
  return {
    keyPrefix,
    schema,
    redisUrl: prefixedRedisUrl(keyPrefix),
    databaseUrl: `${POSTGRES_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    create: async () => { await inPostgres(`CREATE SCHEMA "${schema}"`); },
    remove: async () => {
      await deleteRedisKeys(keyPrefix);
      await inPostgres(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    },
  };
}

export const ws = (s: ServerProcess): string => `ws://127.0.0.1:${s.port}`;
export const http = (s: ServerProcess): string => `http://127.0.0.1:${s.port}`;
/** The address a process announces: these tests start each one with PUBLIC_ADDRESS set to it. */
export const addressOf = (s: ServerProcess): string => `127.0.0.1:${s.port}`;

/** A new guest identity and its token, made by `server`. */
export async function guest<G = { token: string }>(server: ServerProcess): Promise<G> {
  return await (await fetch(`${http(server)}/api/identity`, { method: 'POST' })).json() as G;
}

/** A room's entry in the shared matchmaker; {} when it has none. */
export interface Listing { processId?: string; publicAddress?: string }

/** The listings of these rooms, in their order, read through one connection. */
export async function listingsOf(keyPrefix: string, roomIds: readonly string[]): Promise<Listing[]> {
  const redis = new Redis(prefixedRedisUrl(keyPrefix));
  try {
    return await Promise.all(roomIds.map(async (roomId) => JSON.parse((await redis.hget('roomcaches', roomId)) ?? '{}') as Listing));
  } finally {
    await redis.quit();
  }
}

export async function listingOf(keyPrefix: string, roomId: string): Promise<Listing> {
  return (await listingsOf(keyPrefix, [roomId]))[0]!;
}

/** The process among `among` whose listing holds the room now (undefined: no listing, or another process'). */
export async function hostOf(keyPrefix: string, roomId: string, among: readonly ServerProcess[]): Promise<ServerProcess | undefined> {
  const { publicAddress } = await listingOf(keyPrefix, roomId);
  return among.find((s) => publicAddress === addressOf(s));
}

/** SIGKILL (a stopped process too), and wait until it has exited. */
export async function kill9(server: ServerProcess): Promise<void> {
  server.child.kill('SIGKILL');
  await server.stop('SIGKILL');
}

/**
 * Two guests at a quiet private Took Over! table (nothing moves unless they act, so a survivor takes
 * it over as it was): Ana opens it through `createOn`, Bo joins through `joinOn`, each with an
 * identity from that process. Returned once the game has started, `stored` says its session row is
 * written (the first commit: a survivor can find the table) and no pace deadline is pending (one
 * would move the table on its own).
 */
export async function quietTookOverTable<S extends { phase: string }, G extends { token: string } = { token: string }>(
  createOn: ServerProcess, joinOn: ServerProcess, stored: (roomId: string) => Promise<boolean>,
): Promise<{ a: Room<S>; b: Room<S>; ana: G; bo: G }> {
  const [ana, bo] = [await guest<G>(createOn), await guest<G>(joinOn)];
  const a = await ready(await new Client(ws(createOn)).create<S>('took_over', { name: 'Ana', private: true, players: 2, paceMs: 500, idleMs: 120_000, token: ana.token }));
  const b = await ready(await new Client(ws(joinOn)).joinById<S>(a.roomId, { name: 'Bo', token: bo.token }));
  a.send('start', {});
  await eventually(() => a.state.phase === 'playing' && !!secretOf(a) && !!secretOf(b), 30_000, 'the game to start');
  await eventually(() => stored(a.roomId), 30_000, 'the session stored');
  await eventually(() => { const v = tableOf<TookOverPublicView>(a); return v.phase === 'play' && Date.now() > v.paceUntil + 50; }, 30_000, 'the table at rest');
  return { a, b, ana, bo };
}
