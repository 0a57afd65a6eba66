/**
 * A table of the public turn-based queue moves to another process while it fills (issue 25):
 * server processes on the machine's Redis (a per-run key prefix) and PostgreSQL (a per-run schema).
 * Ana sits down at a Rush Hour queue table; its process is killed (kill -9) and a survivor takes it
 * over with the same id and her seat, where Ben's quick play finds it; a third process starts and the
 * survivor is stopped (SIGTERM: handed over), and the third one has it with both seats, where Cleo's
 * quick play fills it and the game starts; Ana comes back to her seat by id.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, type Room } from 'colyseus.js';
import { startServerOnFreePort, type ServerProcess } from '../loadtest/serverProcess.js';
import { POSTGRES_URL, REDIS_URL, requireService, inPostgres, deleteRedisKeys } from './support/services.js';
import { eventually, ready } from './support/server.js';

const up = (await requireService('redis')) && (await requireService('postgres'));
const RUN = `${process.pid}_${randomBytes(4).toString('hex')}`;
const KEY_PREFIX = `junction-test:queue-failover:${RUN}:`;
const SCHEMA = `junction_queue_failover_${RUN}`;
const servers: ServerProcess[] = [];

interface Synced { phase: string; players: Map<string, { seat: number; bot: boolean; connected: boolean }> }
interface Guest { token: string; identity: { id: string } }
interface Line { id: string; seat: number | null; filling?: { taken: number; seats: number } }

const http = (s: ServerProcess) => `http://127.0.0.1:${s.port}`;
const client = (s: ServerProcess) => new Client(`ws://127.0.0.1:${s.port}`);
const rooms = async (s: ServerProcess) => ((await (await fetch(`${http(s)}/health`)).json()) as { rooms: number }).rooms;
const queue = (s: ServerProcess, who: Guest) => client(s).joinOrCreate<Synced>('rush_hour', { pace: 'turn', moveClock: '24h', players: 3, token: who.token });
const humans = (room: Room<Synced>) => [...room.state.players.values()].filter((p) => !p.bot);

async function start(): Promise<ServerProcess> {
  const databaseUrl = `${POSTGRES_URL}?options=${encodeURIComponent(`-c search_path=${SCHEMA}`)}`;
  const redisUrl = new URL(REDIS_URL);
  redisUrl.searchParams.set('keyPrefix', KEY_PREFIX);
  const server = await startServerOnFreePort((port) => ({
    REDIS_URL: redisUrl.toString(), DATABASE_URL: databaseUrl, PUBLIC_ADDRESS: `127.0.0.1:${port}`,
    JUNCTION_INTERNAL_KEY: 'queue-failover-test-key', SHUTDOWN_GRACE_MS: '1000', RECONNECT_SECONDS: '1', TURN_SLEEP_AFTER_MS: '600000',
  }));
  servers.push(server);
  return server;
}

/** Waits until Your games (asked of `s`) shows the table as `check` wants it: in the store, and open on some process. */
function listed(s: ServerProcess, who: Guest, id: string, check: (line: Line) => boolean, what: string): Promise<Line> {
  return eventually(async () => {
    const res = await fetch(`${http(s)}/api/players/me/games`, { headers: { authorization: `Bearer ${who.token}` } });
    if (res.status !== 200) return undefined;
    return ((await res.json()) as { running: Line[] }).running.find((l) => l.id === id && check(l));
  }, 120_000, what);
}

describe.skipIf(!up)('the turn-based queue when its process goes', () => {
  beforeAll(async () => {
    await inPostgres(`CREATE SCHEMA "${SCHEMA}"`);
    await Promise.all([start(), start()]);
  }, 240_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop('SIGKILL')));
    await deleteRedisKeys(KEY_PREFIX);
    await inPostgres(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`);
  }, 120_000);

  it('a filling table is taken over (kill -9) and handed over (SIGTERM) with its id and seats, and fills on the new process', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const guest = async () => (await (await fetch(`${http(a)}/api/identity`, { method: 'POST' })).json()) as Guest;
    const [ana, ben, cleo] = [await guest(), await guest(), await guest()];

    const first = await ready(await queue(a, ana));
    const id = first.roomId;
    const opened = await listed(a, ana, id, (l) => l.filling?.taken === 1, 'Ana\'s filling table in Your games');
    const holder = (await rooms(a)) === 1 ? a : b;
    const survivor = holder === a ? b : a;
    expect(await rooms(survivor)).toBe(0);

    // kill -9 of its process: the survivor takes it over, and the queue finds it there.
    await holder.stop('SIGKILL');
    await listed(survivor, ana, id, (l) => l.filling?.taken === 1 && l.seat === opened.seat, 'taken over with Ana\'s seat');
    expect(await rooms(survivor)).toBe(1);
    const benRoom = await ready(await queue(survivor, ben));
    expect(benRoom.roomId).toBe(id);
    await eventually(() => humans(benRoom).length === 2, 30_000, 'Ana still seated beside Ben');
    await listed(survivor, ben, id, (l) => l.filling?.taken === 2, 'two seats taken, in the store');

    // SIGTERM with another process alive: handed over, both seats kept.
    const third = await start();
    expect(await survivor.stop('SIGTERM')).toBe(0);
    await listed(third, ben, id, (l) => l.filling?.taken === 2, 'handed over with both seats');
    expect(await rooms(third)).toBe(1);
    const cleoRoom = await ready(await queue(third, cleo));
    expect(cleoRoom.roomId).toBe(id);
    await eventually(() => cleoRoom.state.phase === 'playing', 60_000, 'started when its last seat was taken');
    expect(humans(cleoRoom)).toHaveLength(3);

    // Ana comes back to her seat by id.
    const back = await ready(await client(third).joinById<Synced>(id, { token: ana.token }));
    await eventually(() => back.state.players.get(back.sessionId)?.connected === true, 30_000, 'Ana back in her seat');
    expect(back.state.players.get(back.sessionId)?.seat).toBe(opened.seat);
    for (const room of [back, cleoRoom]) room.connection.close();
  }, 420_000);
});
