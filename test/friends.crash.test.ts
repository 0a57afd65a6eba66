/**
 * Online marks outlive no process (issue 29): two real server processes share Redis and
 * PostgreSQL; Bo plays a private Took Over! table on one of them, Cy sits at a table on the other.
 * The first is killed with SIGKILL: it never clears Bo's mark, and the survivor reopens Bo's table
 * under the same id, so the mark still names a live room. Read through the survivor, Bo drops off
 * Ana's online list once the mark lapses (ONLINE_TTL_SECONDS, renewed only by a live process),
 * while Cy, whose process renews his mark, stays online. Per-run Redis key prefix and PostgreSQL
 * schema, removed afterwards; every process is killed by its PID.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, type Room } from 'colyseus.js';
import { startServerOnFreePort, type ServerProcess } from '../loadtest/serverProcess.js';
import { requireService, inPostgres } from './support/services.js';
import { eventually, ready } from './support/server.js';
import { guest, hostOf as listedHostOf, http, kill9, ownStores, ws } from './support/fleet.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
type Synced = { phase: string; players: Map<string, { seat: number }> };
interface Guest { token: string; identity: { id: string; display: string } }

const up = (await requireService('redis')) && (await requireService('postgres'));
const stores = ownStores('friends-crash');
const SCHEMA = stores.schema;
const ONLINE_TTL_SECONDS = 6;
let servers: ServerProcess[] = [];
const rooms: Room[] = [];

async function friends(s: ServerProcess, who: Guest, method: string, path: string, body?: unknown): Promise<{ status: number; json: Json }> {
  const res = await fetch(`${http(s)}/api/friends${path}`, {
    method, headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: await res.json().catch(() => null) };
}

/** The process whose listing (the shared matchmaker) holds the room now. */
const hostOf = (roomId: string): Promise<ServerProcess | undefined> => listedHostOf(stores.keyPrefix, roomId, servers);

async function sessionStored(roomId: string): Promise<boolean> {
  return (await inPostgres(`select id from "${SCHEMA}".game_sessions where id = $1`, [roomId])).length > 0;
}

const keep = <R extends Room>(room: R): R => { rooms.push(room); return room; };

describe.skipIf(!up)('online marks of a killed process lapse', () => {
  beforeAll(async () => {
    await stores.create();
    const started = await Promise.allSettled([0, 1].map(() => startServerOnFreePort((port) => ({
      REDIS_URL: stores.redisUrl, DATABASE_URL: stores.databaseUrl, PUBLIC_ADDRESS: `127.0.0.1:${port}`,
      JUNCTION_INTERNAL_KEY: 'friends-crash-key', QUICKPLAY_FILL_MS: '600000', ABSENT_GRACE_MS: '600000',
      // A loaded machine stalls event loops for seconds: a shorter lease would move tables nobody killed.
      LEASE_TTL_MS: '6000', ONLINE_TTL_SECONDS: String(ONLINE_TTL_SECONDS), SHUTDOWN_GRACE_MS: '1000',
    }))));
    servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
  }, 240_000);

  afterAll(async () => {
    await Promise.all(rooms.filter((r) => r.connection.isOpen).map((r) => r.leave().catch(() => undefined)));
    await Promise.all(servers.map((s) => s.stop('SIGKILL')));
    await stores.remove();
  }, 120_000);

  it('kill -9 of the process holding Bo\'s connection: Bo drops off Ana\'s list although his table lives on; Cy stays', async () => {
    const [ana, bo, cy, dan] = [await guest<Guest>(servers[0]), await guest<Guest>(servers[0]), await guest<Guest>(servers[1]), await guest<Guest>(servers[1])];
    for (const friend of [bo, cy]) expect((await friends(servers[0], ana, 'POST', '/follows', { id: friend.identity.id })).status).toBe(201);

    // Bo and Dan play a quiet private table (nothing moves unless they act): one a survivor takes over.
    const table = keep(await ready(await new Client(ws(servers[0])).create<Synced>('took_over', { private: true, players: 2, paceMs: 500, idleMs: 120_000, token: bo.token })));
    keep(await ready(await new Client(ws(servers[0])).joinById<Synced>(table.roomId, { token: dan.token })));
    await eventually(() => table.state.players.size === 2, 30_000, 'Dan seated');
    table.send('start', {});
    await eventually(() => table.state.phase === 'playing', 30_000, 'the game started');
    await eventually(() => sessionStored(table.roomId), 30_000, 'the session stored');
    const doomed = (await eventually(() => hostOf(table.roomId), 30_000, 'Bo\'s table listed'))!;
    const survivor = servers.find((s) => s !== doomed)!;

    // Cy waits at a table on the survivor (rooms are spread over the processes: open until one lands there).
    let cyTable: Room | null = null;
    for (let i = 0; i < 8 && !cyTable; i++) {
      const room = keep(await ready(await new Client(ws(survivor)).create<Synced>('traffic_memory', { players: 3, token: cy.token })));
      if ((await eventually(() => hostOf(room.roomId), 30_000, 'Cy\'s table listed')) === survivor) cyTable = room;
      else await room.leave();
    }
    expect(cyTable, 'a table of Cy on the survivor').not.toBeNull();

    const status = async () => {
      const follows = (await friends(survivor, ana, 'GET', '')).json.follows as { identity: { id: string }; online: boolean; table: Json }[];
      return { bo: follows.find((f) => f.identity.id === bo.identity.id)!, cy: follows.find((f) => f.identity.id === cy.identity.id)! };
    };
    await eventually(async () => { const s = await status(); return s.bo.online && s.cy.online; }, 30_000, 'Bo and Cy online');
    expect((await status()).bo.table).toMatchObject({ private: true, game: 'took_over', roomId: null });

    await kill9(doomed);
    // The survivor takes the table over under the same id: Bo's mark names a room that exists again.
    await eventually(async () => (await hostOf(table.roomId)) === survivor, 120_000, 'Bo\'s table reopened on the survivor');
    const after = await eventually(async () => { const s = await status(); return !s.bo.online && s.cy.online ? s : undefined; }, 60_000, 'Bo offline, Cy online');
    expect(after.bo.table).toBeNull();
    expect(after.cy.table).toMatchObject({ roomId: cyTable!.roomId, game: 'traffic_memory', action: 'join' });
  }, 300_000);
});
