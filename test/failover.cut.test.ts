/**
 * A takeover while the survivor cannot reach the store or Redis (issue 24, "Bad input and faults":
 * the claim waits and retries, and never opens a table it could not read completely). Process A
 * holds a quiet Took Over! table of two players; the survivor B reaches PostgreSQL and Redis
 * through TCP proxies this test owns. A is killed while one of B's links is cut: for longer than
 * A's lease and several takeover passes B opens nothing (the session row keeps A's token), and once
 * the link is back B claims the table, opens it with the same id and state, and the player's seat
 * is theirs again. Real processes, the machine's PostgreSQL (own schema) and Redis (own prefix).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Client, type Room } from 'colyseus.js';
import { startServerOnFreePort, type ServerProcess } from '../loadtest/serverProcess.js';
import { POSTGRES_URL, REDIS_URL, requireService, inPostgres } from './support/services.js';
import { eventually, ready, secretOf, shownView as shown } from './support/server.js';
import { addressOf, kill9, listingOf, ownStores, quietTookOverTable, ws } from './support/fleet.js';
import { startTcpProxy, type TcpProxy } from './support/tcpProxy.js';

const up = (await requireService('redis')) && (await requireService('postgres'));
const stores = ownStores('failover-cut');
const SCHEMA = stores.schema;
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
  const url = new URL(stores.redisUrl);
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

const listedAt = async (roomId: string): Promise<string | undefined> => (await listingOf(stores.keyPrefix, roomId)).publicAddress;

async function sessionRow(roomId: string): Promise<{ owner: string; fence: string } | undefined> {
  const rows = await inPostgres<{ owner: string; fence: string }>(`SELECT owner, fence::text AS fence FROM "${SCHEMA}".game_sessions WHERE id = $1`, [roomId]);
  return rows[0];
}

describe.skipIf(!up)('a takeover while the survivor is cut off', () => {
  beforeAll(async () => {
    await stores.create();
  }, 60_000);

  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.stop('SIGKILL')));
    await Promise.all(proxies.splice(0).map((p) => p.close()));
  }, 60_000);

  afterAll(async () => {
    await stores.remove();
  }, 60_000);

  for (const link of ['store', 'redis'] as const) {
    it(`${link} cut during the takeover: the survivor opens nothing while cut, then claims the table and the seat is retaken with the same state`, async () => {
      const target = link === 'store' ? new URL(POSTGRES_URL) : new URL(REDIS_URL);
      const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || (link === 'store' ? 5432 : 6379)) });
      proxies.push(proxy);
      const a = await start();
      // A's quiet table of two players, started before B exists (so it is A's), at rest.
      const { a: room, b: other, ana } = await quietTookOverTable<Synced, Guest>(a, a, async (id) => (await sessionRow(id)) !== undefined);
      const b = await start({ [link]: proxy });
      const before = shown(room);
      const rowBefore = (await sessionRow(room.roomId))!;

      proxy.cut();
      await kill9(a);
      const killedAt = Date.now();
      // B cannot read the store (or see the leases) now: for longer than A's lease and several of its passes, nothing moves.
      while (Date.now() - killedAt < CUT_AFTER_KILL_MS) {
        expect(await sessionRow(room.roomId)).toEqual(rowBefore);
        expect(await listedAt(room.roomId)).not.toBe(addressOf(b));
        await new Promise((r) => setTimeout(r, 500));
      }
      expect(b.child.exitCode).toBeNull();

      proxy.restore();
      await eventually(async () => (await sessionRow(room.roomId))?.fence !== rowBefore.fence, 120_000, 'the table claimed once the link is back');
      await eventually(async () => (await listedAt(room.roomId)) === addressOf(b), 120_000, 'the table open on the survivor');
      const back = await ready(await new Client(ws(b)).joinById<Synced>(room.roomId, { token: ana.token }));
      await eventually(() => back.state.players.get(back.sessionId)?.connected === true && !!secretOf(back), 30_000, 'the seat retaken');
      expect(shown(back)).toBe(before);
      back.connection.close();
      other.connection.close();
    }, 300_000);
  }
});
