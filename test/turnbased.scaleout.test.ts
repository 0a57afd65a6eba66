/**
 * A sleeping turn-based table wakes on another process (issue 25): two server processes on the
 * machine's Redis (a per-run key prefix) and PostgreSQL (a per-run schema). A Traffic Tango table of
 * three guest identities and a bot is opened on A; with nobody connected it sleeps (A's room count
 * drops); a player wakes it through B and joins through B: it is open on B, with the same id, seats
 * and state. The move clock is 1 hour, so no deadline moves the table during the test.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, type Room } from 'colyseus.js';
import { startServerOnFreePort, type ServerProcess } from '../loadtest/serverProcess.js';
import { POSTGRES_URL, REDIS_URL, requireService, inPostgres, deleteRedisKeys } from './support/services.js';
import { eventually, ready, tableOf } from './support/server.js';

const up = (await requireService('redis')) && (await requireService('postgres'));
const RUN = `${process.pid}_${randomBytes(4).toString('hex')}`;
const KEY_PREFIX = `junction-test:turnbased:${RUN}:`;
const SCHEMA = `junction_turnbased_${RUN}`;
let servers: ServerProcess[] = [];

interface Synced { phase: string; deadline: number; active: number[]; players: Map<string, { seat: number; bot: boolean; name: string }> }
interface Guest { token: string; identity: { id: string; display: string } }

const http = (i: number) => `http://127.0.0.1:${servers[i].port}`;
const client = (i: number) => new Client(`ws://127.0.0.1:${servers[i].port}`);
const rooms = async (i: number) => ((await (await fetch(`${http(i)}/health`)).json()) as { rooms: number }).rooms;

describe.skipIf(!up)('a sleeping turn-based table wakes on another process', () => {
  beforeAll(async () => {
    await inPostgres(`CREATE SCHEMA "${SCHEMA}"`);
    const databaseUrl = `${POSTGRES_URL}?options=${encodeURIComponent(`-c search_path=${SCHEMA}`)}`;
    const redisUrl = new URL(REDIS_URL);
    redisUrl.searchParams.set('keyPrefix', KEY_PREFIX);
    const started = await Promise.allSettled([0, 1].map(() => startServerOnFreePort((port) => ({
      REDIS_URL: redisUrl.toString(), DATABASE_URL: databaseUrl, PUBLIC_ADDRESS: `127.0.0.1:${port}`,
      JUNCTION_INTERNAL_KEY: 'turnbased-test-key', SHUTDOWN_GRACE_MS: '1000', TURN_SLEEP_AFTER_MS: '300', RECONNECT_SECONDS: '2',
    }))));
    servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
  }, 240_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await deleteRedisKeys(KEY_PREFIX);
    await inPostgres(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`);
  }, 120_000);

  it('sleeps on A and comes back on B with the same id and state', async () => {
    const guests = await Promise.all([0, 1, 2].map(async () => (await (await fetch(`${http(0)}/api/identity`, { method: 'POST' })).json()) as Guest));
    const host = await ready(await client(0).create<Synced>('traffic_tango', { private: true, pace: 'turn', moveClock: '1h', token: guests[0].token }));
    const others = await Promise.all(guests.slice(1).map(async (g) => ready(await client(0).joinById<Synced>(host.roomId, { token: g.token }))));
    host.send('add_bot', { level: 'easy' });
    await eventually(() => host.state.players.size === 4, 30_000, 'four seated');
    host.send('start', {});
    await eventually(() => host.state.phase === 'playing' && host.state.deadline > 0, 30_000, 'playing');
    const botSeat = [...host.state.players.values()].find((p) => p.bot)!.seat;
    await eventually(() => !host.state.active.includes(botSeat), 30_000, 'the bot moved');
    const before = JSON.stringify(tableOf<unknown>(host));
    const seats = JSON.stringify([...host.state.players.values()].map((p) => [p.seat, p.name, p.bot]).sort());
    expect(await rooms(0)).toBe(1);

    await Promise.all([host, ...others].map((r) => r.leave(false)));
    await eventually(async () => (await rooms(0)) === 0, 60_000, 'asleep: A holds no room');
    expect(await rooms(1)).toBe(0);

    const back = await eventually(async () => {
      const res = await fetch(`${http(1)}/api/games/${host.roomId}/wake`, { method: 'POST', headers: { authorization: `Bearer ${guests[1].token}` } });
      if (res.status !== 200) return undefined;
      try {
        return await ready(await client(1).joinById<Synced>(host.roomId, { token: guests[1].token }));
      } catch {
        return undefined;
      }
    }, 60_000, 'woken through B and joined') as Room<Synced>;
    expect(back.roomId).toBe(host.roomId);
    expect(await rooms(1)).toBe(1);
    expect(await rooms(0)).toBe(0);
    expect(JSON.stringify(tableOf<unknown>(back))).toBe(before);
    expect(JSON.stringify([...back.state.players.values()].map((p) => [p.seat, p.name, p.bot]).sort())).toBe(seats);
    await back.leave(false);
  }, 300_000);
});
