/**
 * A join by id whose answer starts (the join hold's keep-alive) and then takes more than 5 s must
 * still end (issue 24): Node's HTTP agent drops a socket idle for 5 s, and colyseus.js' request
 * whose response had already started then never settles — the failover bench had seats stuck on
 * their first join for minutes.
 *
 * Real processes on Redis (own key prefix) and PostgreSQL (own schema): a table that never
 * started (nothing to reopen) sits on a process killed with -9; a join by id sent through the
 * survivor is held while the listing still names the dead process, then Colyseus asks the dead
 * process for a seat and health-checks it, each with a 4 s timeout here
 * (COLYSEUS_PRESENCE_SHORT_TIMEOUT), so the answer is silent for ~8 s after the hold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from 'colyseus.js';
import { startServerOnFreePort, type ServerProcess } from '../loadtest/serverProcess.js';
import { requireService } from './support/services.js';
import { hostOf, kill9, ownStores, ws } from './support/fleet.js';

const up = (await requireService('redis')) && (await requireService('postgres'));
const stores = ownStores('slowanswer');
const servers: ServerProcess[] = [];

async function startOne(): Promise<ServerProcess> {
  const server = await startServerOnFreePort((port) => ({
    REDIS_URL: stores.redisUrl, DATABASE_URL: stores.databaseUrl, PUBLIC_ADDRESS: `127.0.0.1:${port}`,
    JUNCTION_INTERNAL_KEY: 'slow-answer-test-key', LEASE_TTL_MS: '3000', COLYSEUS_PRESENCE_SHORT_TIMEOUT: '4000',
    JOIN_BURST: '10000', JOIN_PER_SECOND: '1000', GUEST_CREATE_BURST: '10000', GUEST_CREATE_PER_SECOND: '1000',
  }));
  servers.push(server);
  return server;
}

describe.skipIf(!up)('a held join whose answer is slow', () => {
  beforeAll(async () => {
    await stores.create();
    await Promise.all([startOne(), startOne()]);
  }, 300_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop('SIGKILL')));
    await stores.remove();
  }, 120_000);

  it('kill -9 of a waiting table\'s process: a join by id through the survivor is answered (refused), never left waiting for ever', async () => {
    const host = await new Client(ws(servers[0])).create(
      'took_over', { name: 'Ana', private: true, players: 2 },
    );
    const holder = (await hostOf(stores.keyPrefix, host.roomId, servers))!;
    const survivor = servers.find((s) => s !== holder)!;
    expect(holder).toBeDefined();
    await kill9(holder);

    const startedAt = Date.now();
    const outcome = await new Client(ws(survivor)).joinById(host.roomId, { name: 'Bo' })
      .then(() => 'joined', (error: Error) => error.message);
    // The table never started, so nothing reopens it: the join is refused once the dead process is known.
    expect(outcome).toMatch(/not available|not found/);
    // It went through the slow path: the hold (its whole limit) and ~8 s of remote call and health check.
    expect(Date.now() - startedAt).toBeGreaterThan(5_000);
  }, 180_000);
});
