/**
 * Boots a real Junction process for a test file (each vitest file runs in its own worker, and
 * Colyseus' matchmaker is a per-process singleton) and gives colyseus.js clients over real sockets.
 */
import { Client, type Room } from 'colyseus.js';
import { startJunction, type Junction } from '../../server/app.js';
import type { Config } from '../../server/config.js';
import { readTableViews } from '../../shared/wire/registry.js';
import type { SyncedTable } from '../../shared/wire/contract.js';

export interface TestServer {
  junction: Junction;
  url: string;
  http: string;
  client(): Client;
  stop(): Promise<void>;
}

export async function bootServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const junction = await startJunction({
    PORT: 0, HOST: '127.0.0.1', JUNCTION_DATA_DIR: 'memory://', QUICKPLAY_FILL_MS: 60_000,
    RECONNECT_SECONDS: 20, JOIN_BURST: 10_000, JOIN_PER_SECOND: 1000, CODE_LOOKUP_BURST: 10_000, CODE_LOOKUP_PER_SECOND: 1000, GUEST_CREATE_BURST: 10_000, GUEST_CREATE_PER_SECOND: 1000, PLAYER_API_BURST: 10_000, PLAYER_API_PER_SECOND: 1000, ABSENT_GRACE_MS: 60_000, FINISHED_LINGER_MS: 5_000,
    TOURNAMENT_CREATE_BURST: 10_000, TOURNAMENT_CREATE_PER_SECOND: 1000, TOURNAMENT_REGISTER_BURST: 10_000, TOURNAMENT_REGISTER_PER_SECOND: 1000, SHUTDOWN_GRACE_MS: 300, CONNECTIONS_PER_ADDRESS: 100_000, REDIS_URL: undefined, DATABASE_URL: undefined,
    ...overrides,
  });
  const http = `http://127.0.0.1:${junction.port}`;
  return {
    junction,
    url: `ws://127.0.0.1:${junction.port}`,
    http,
    client: () => new Client(`ws://127.0.0.1:${junction.port}`),
    stop: () => junction.shutdown(),
  };
}

/**
 * Poll until `check` returns a value (not undefined/false), or fail after `ms`. It returns as soon as
 * the state is there: the default limit is sized for a loaded 2-core CI machine, not for speed.
 * A check that throws is asked again (a room's state has no fields until its first patch arrives,
 * so `room.state.players.size` throws for a moment after the join); at the limit its last error is
 * part of the failure.
 */
export async function eventually<T>(check: () => T | undefined | false | Promise<T | undefined | false>, ms = 30_000, what = 'condition'): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    let lastError: unknown;
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > until) {
      throw new Error(`timed out waiting for ${what}${lastError ? ` (the check last threw: ${lastError instanceof Error ? lastError.message : String(lastError)})` : ''}`, { cause: lastError });
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Collect every message of a type a room receives. */
export function collect<T>(room: Room, type: string): T[] {
  const seen: T[] = [];
  room.onMessage(type, (m: T) => seen.push(m));
  return seen;
}

/** The engine's public view as this client holds it (read back from the synchronised schema). */
export function tableOf<T>(room: Room): T {
  return readTableViews(room.state as SyncedTable, room.sessionId)!.publicView as T;
}

/** A value as comparable text: keys sorted, undefined dropped (the schema read-back and the engine may order keys apart). */
export function canon(value: unknown): string {
  const sorted = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sorted);
    if (v && typeof v === 'object') return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted((v as Record<string, unknown>)[k])]));
    return v;
  };
  return JSON.stringify(sorted(JSON.parse(JSON.stringify(value ?? null))));
}

/** The public view this client holds as comparable text: the same table shows the same text, wherever it is open. */
export function shownView(room: Room): string {
  return canon(tableOf(room));
}

/** This client's own seat view, null for spectators or before the game starts. */
export function secretOf<T>(room: Room): T | null {
  return (readTableViews(room.state as SyncedTable, room.sessionId)?.seatView ?? null) as T | null;
}

/**
 * Wait until the first state patch has arrived (a fresh room's state fields are empty until then).
 * Milliseconds when idle; the limit is for a loaded CI machine.
 */
export async function ready<R extends Room>(room: R): Promise<R> {
  await eventually(() => (room.state as { game?: string }).game ? true : undefined, 30_000, 'first state');
  return room;
}
