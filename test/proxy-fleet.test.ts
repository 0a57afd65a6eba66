/**
 * The docker-compose fleet without Docker: three identical game-server processes (then a fourth)
 * on the machine's Redis and PostgreSQL, behind Debian's nginx running deploy/nginx.conf itself.
 * Clients (colyseus.js) talk to the proxy only.
 *
 * What the test changes in deploy/nginx.conf is what compose provides, on the three lines marked
 * `# fleet:` (test/support/nginx.ts replaceMarkedLines): the listen port (a free one on 127.0.0.1
 * instead of 80), the resolver (test/support/dnsServer.ts, which answers `game` with the fleet's
 * addresses as Docker's DNS does with the replicas') and the game port (one free port instead of
 * 2567). Each process listens on its own loopback address (127.0.0.2, .3, .4; .5 joins later), as
 * each container has its own IPv4 address, and announces `127.0.0.1:<proxy>/node/{ip}`
 * (PUBLIC_ADDRESS_TEMPLATE), so nothing but the proxy can carry a client to it.
 *
 * Last, the process holding a table is killed (SIGKILL): its players join the table again by id
 * through the proxy and play on at the process that took it over (docs/architecture.md, failover).
 *
 * Its own Redis key prefix and PostgreSQL schema, both removed afterwards; every process (nginx
 * included) is stopped in afterAll, and killed when the test process exits in any case.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, type Room } from 'colyseus.js';
import { freePort, PortTakenError, startServerProcess, type ServerProcess } from '../loadtest/serverProcess.js';
import { games } from '../shared/games/registry.js';
import { requireService } from './support/services.js';
import { collect, eventually, ready } from './support/server.js';
import { listingsOf, ownStores } from './support/fleet.js';
import { startDnsServer, type DnsServer } from './support/dnsServer.js';
import { replaceMarkedLines, requireNginx, startNginx, type NginxProcess } from './support/nginx.js';
import { playWithViewBot, type SyncedSeats } from './support/viewBotTable.js';

const nginxBinary = requireNginx();
const up = Boolean(nginxBinary) && (await requireService('redis')) && (await requireService('postgres'));
const GAME = 'railway_madness';
const FLEET_IPS = ['127.0.0.2', '127.0.0.3', '127.0.0.4'];
const LATE_IP = '127.0.0.5';
const stores = ownStores('fleet');
const START_ATTEMPTS = 3;

interface Synced extends SyncedSeats { players: Map<string, { seat: number; name: string; connected: boolean; secret?: unknown }> }
interface Member { ip: string; server: ServerProcess }

let dns: DnsServer | undefined;
let proxy: NginxProcess | undefined;
let gamePort = 0;
const fleet: Member[] = [];
const rooms: Room[] = [];

/** A port nobody listens on at any of these addresses right now (every process of the fleet uses it, as every container uses 2567). */
async function portFreeOn(addresses: string[]): Promise<number> {
  const bind = (host: string, port: number) => new Promise<net.Server | undefined>((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(undefined));
    probe.listen(port, host, () => resolve(probe));
  });
  for (;;) {
    const first = await bind(addresses[0], 0);
    if (!first) throw new Error(`cannot listen on ${addresses[0]}`);
    const port = (first.address() as net.AddressInfo).port;
    const rest = await Promise.all(addresses.slice(1).map((a) => bind(a, port)));
    await Promise.all([first, ...rest].map((s) => s && new Promise((r) => s.close(r))));
    if (rest.every(Boolean)) return port;
  }
}

const proxyHttp = () => `http://127.0.0.1:${proxy!.port}`;
const publicAddressOf = (ip: string) => `127.0.0.1:${proxy!.port}/node/${ip}`;

function startMember(ip: string): Promise<ServerProcess> {
  return startServerProcess(gamePort, {
    HOST: ip, PUBLIC_ADDRESS_TEMPLATE: `127.0.0.1:${proxy!.port}/node/{ip}`,
    REDIS_URL: stores.redisUrl, DATABASE_URL: stores.databaseUrl, TRUST_PROXY: 'loopback',
    JUNCTION_INTERNAL_KEY: 'fleet-test-key', QUICKPLAY_FILL_MS: '60000', SHUTDOWN_GRACE_MS: '1000',
    // Every client arrives from 127.0.0.1 through the proxy: one address for the per-address limits.
    JOIN_BURST: '10000', JOIN_PER_SECOND: '1000', CODE_LOOKUP_BURST: '10000', CODE_LOOKUP_PER_SECOND: '1000',
  });
}

/** The proxy on deploy/nginx.conf, changed only on its marked lines. */
async function startProxy(): Promise<NginxProcess> {
  const port = await freePort();
  const site = replaceMarkedLines(readFileSync('deploy/nginx.conf', 'utf8'), {
    listen: `listen 127.0.0.1:${port};`,
    resolver: `resolver 127.0.0.1:${dns!.port} valid=1s ipv6=off;`,
    'game-port': `set $game_port ${gamePort};`,
  });
  return startNginx(nginxBinary!, site, port);
}

/** Where the matchmaker says a room lives: the public address of its process (RedisDriver's `roomcaches`). */
async function addressesOf(roomIds: string[]): Promise<string[]> {
  return (await listingsOf(stores.keyPrefix, roomIds)).map((l) => l.publicAddress ?? '?');
}

/** A private two-seat table opened and joined through the proxy; returns where it lives. */
async function openTable(n: number): Promise<{ host: Room<Synced>; guest: Room<Synced>; address: string }> {
  const host = await ready(await new Client(proxyHttp()).create<Synced>(GAME, { name: `Host${n}`, private: true, variant: 'express', players: 2 }));
  rooms.push(host);
  const guest = await ready(await new Client(proxyHttp()).joinById<Synced>(host.roomId, { name: `Guest${n}` }));
  rooms.push(guest);
  const [address] = await addressesOf([host.roomId]);
  return { host, guest, address };
}

/** Both seats play with the view bot until each has had actions acknowledged: moves go in and outcomes come back through the proxy. */
async function playSomeTurns(host: Room<Synced>, guest: Room<Synced>): Promise<void> {
  const game = games.find((g) => g.id === GAME)!;
  await eventually(() => host.state.players.size === 2, 30_000, 'both seated');
  host.send('start', {});
  await eventually(() => host.state.phase === 'playing' && guest.state.phase === 'playing', 30_000, 'the game starts');
  const acks = [collect(host, 'ack'), collect(guest, 'ack')];
  const stops = [playWithViewBot(game, host, 11), playWithViewBot(game, guest, 12)];
  try {
    await eventually(() => acks.every((a) => a.length >= 2) || host.state.phase === 'finished', 60_000, 'actions acknowledged on both seats');
    expect(acks.some((a) => a.length > 0)).toBe(true);
  } finally {
    for (const stop of stops) stop();
  }
}

/**
 * The proxy's access log shows both websockets of the table (101) sent to `ip` on the game port at
 * its /node/ path. nginx logs a websocket when it closes: the seats leave first.
 */
async function routedThroughProxy(ip: string, host: Room, guest: Room): Promise<void> {
  for (const room of [host, guest]) rooms.splice(rooms.indexOf(room), 1);
  await Promise.all([host.leave(true), guest.leave(true)]);
  const logged = (room: Room) => proxy!.accessLog().split('\n').some((line) => line.startsWith(`101 ${ip}:${gamePort} GET /node/${ip}/`) && line.includes(`/${room.roomId}?`) && line.includes(`sessionId=${room.sessionId}`));
  await eventually(() => logged(host) && logged(guest), 30_000, `both websockets of ${host.roomId} logged as sent to ${ip}:${gamePort}\n${proxy!.accessLog()}`);
}

/** A raw request to the proxy (fetch cannot send Upgrade): its status. */
function statusOf(pathname: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${proxyHttp()}${pathname}`, { headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.once('upgrade', (res, socket) => { socket.destroy(); resolve(res.statusCode ?? 0); });
    req.once('error', reject);
  });
}

async function pidsSeenThroughProxy(wanted: number[]): Promise<true | undefined> {
  const seen = new Set<number>();
  for (let i = 0; i < wanted.length * 6; i++) {
    const res = await fetch(`${proxyHttp()}/health`);
    if (res.ok) seen.add(((await res.json()) as { pid: number }).pid);
  }
  return wanted.every((pid) => seen.has(pid)) || undefined;
}

describe.skipIf(!up)('a fleet behind deploy/nginx.conf, routed by announced address', () => {
  beforeAll(async () => {
    await stores.create();
    dns = await startDnsServer({ game: FLEET_IPS });
    // Another process may take the chosen game port on one of the addresses before a server binds it: start again on another.
    for (let attempt = 1; ; attempt++) {
      gamePort = await portFreeOn([...FLEET_IPS, LATE_IP]);
      proxy = await startProxy();
      const started = await Promise.allSettled(FLEET_IPS.map((ip) => startMember(ip)));
      started.forEach((s, i) => { if (s.status === 'fulfilled') fleet.push({ ip: FLEET_IPS[i], server: s.value }); });
      const failed = started.find((s) => s.status === 'rejected');
      if (!failed) break;
      if (!(failed.reason instanceof PortTakenError) || attempt >= START_ATTEMPTS) throw failed.reason;
      await Promise.all(fleet.splice(0).map((m) => m.server.stop('SIGKILL')));
      await proxy.stop();
    }
  }, 300_000);

  afterAll(async () => {
    // A room whose socket already closed never answers leave(): wait for none longer than a few seconds.
    await Promise.all(rooms.map((r) => Promise.race([r.leave(true).catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 5_000))])));
    await Promise.all(fleet.map((m) => m.server.stop()));
    await proxy?.stop();
    await dns?.close();
    await stores.remove();
  }, 120_000);

  it('balances HTTP over every process the name `game` resolves to', async () => {
    await eventually(() => pidsSeenThroughProxy(fleet.map((m) => m.server.pid)), 60_000, 'every process answering /health through the proxy');
  }, 90_000);

  it('forwards websockets only to private addresses on the game port', async () => {
    const upgrade = { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': randomBytes(16).toString('base64') };
    for (const outside of ['/node/8.8.8.8/x', '/node/169.254.169.254/latest/meta-data', '/node/172.32.0.1/x', '/node/192.169.0.1/x', '/node/10.0.0.300/x', `/node/127.0.0.2:22/x`, '/node/127.0.0.2', '/node/localhost/x']) {
      expect(await statusOf(outside, upgrade), outside).toBe(404);
    }
    // A fleet address, but not a websocket: refused before it reaches the process.
    expect(await statusOf(`/node/${FLEET_IPS[0]}/health`)).toBe(426);
    expect(proxy!.accessLog()).not.toMatch(/^\d+ (?!-)\S+ GET \/node\/(8\.8|169\.254|172\.32|192\.169|10\.0|127\.0\.0\.2:22)/m);
  });

  it('opens tables on all three processes and play reaches each one through the proxy', async () => {
    const tables: Awaited<ReturnType<typeof openTable>>[] = [];
    for (let n = 0; n < 12 && new Set(tables.map((t) => t.address)).size < FLEET_IPS.length; n++) tables.push(await openTable(n));
    const perAddress = Object.fromEntries(FLEET_IPS.map((ip) => [ip, tables.filter((t) => t.address === publicAddressOf(ip)).length]));
    console.log(`tables per process: ${JSON.stringify(perAddress)}`);
    expect([...new Set(tables.map((t) => t.address))].sort()).toEqual(FLEET_IPS.map(publicAddressOf).sort());
    for (const ip of FLEET_IPS) {
      const table = tables.find((t) => t.address === publicAddressOf(ip))!;
      await playSomeTurns(table.host, table.guest);
      await routedThroughProxy(ip, table.host, table.guest);
    }
  }, 240_000);

  it('a fourth process joins with no proxy change: it gets HTTP, tables and play', async () => {
    const proxyPid = proxy!.pid;
    dns!.set('game', [...FLEET_IPS, LATE_IP]);
    // A retry of this test finds the process the first attempt started.
    let late = fleet.find((m) => m.ip === LATE_IP);
    if (!late) {
      late = { ip: LATE_IP, server: await startMember(LATE_IP) };
      fleet.push(late);
    }
    await eventually(() => pidsSeenThroughProxy([late!.server.pid]), 60_000, 'the new process answering /health through the proxy');
    // The new process has no room: placement sends it the next tables once its stats are published.
    const table = await eventually(async () => {
      const t = await openTable(100 + rooms.length);
      return t.address === publicAddressOf(LATE_IP) ? t : undefined;
    }, 60_000, 'a table on the new process');
    await playSomeTurns(table.host, table.guest);
    await routedThroughProxy(LATE_IP, table.host, table.guest);
    expect(proxy!.pid).toBe(proxyPid); // the same nginx, never reloaded
  }, 240_000);

  it('a table whose process is killed is found again through the proxy, at the process that took it over', async () => {
    const guests = await Promise.all([0, 1].map(async () => (await (await fetch(`${proxyHttp()}/api/identity`, { method: 'POST' })).json()) as { token: string }));
    const host = await ready(await new Client(proxyHttp()).create<Synced>(GAME, { name: 'Kay', private: true, variant: 'classic', players: 2, token: guests[0].token }));
    rooms.push(host);
    const guest = await ready(await new Client(proxyHttp()).joinById<Synced>(host.roomId, { name: 'Lou', token: guests[1].token }));
    rooms.push(guest);
    await playSomeTurns(host, guest);
    const [before] = await addressesOf([host.roomId]);
    const victim = fleet.find((m) => publicAddressOf(m.ip) === before)!;
    fleet.splice(fleet.indexOf(victim), 1);
    dns!.set('game', fleet.map((m) => m.ip)); // as Docker drops a dead container from the service's name
    await victim.server.stop('SIGKILL');
    // Each player joins the table again by id with their identity, through the proxy only.
    const comeBack = (token: string) => eventually(async () => {
      try {
        return await new Client(proxyHttp()).joinById<Synced>(host.roomId, { token });
      } catch {
        return undefined;
      }
    }, 120_000, `table ${host.roomId} open again`);
    const [host2, guest2] = [await ready(await comeBack(guests[0].token)), await ready(await comeBack(guests[1].token))];
    rooms.push(host2, guest2);
    const [after] = await addressesOf([host.roomId]);
    const survivor = fleet.find((m) => publicAddressOf(m.ip) === after);
    expect(survivor, `the table's new address ${after}`).toBeDefined();
    await playSomeTurns(host2, guest2);
    await routedThroughProxy(survivor!.ip, host2, guest2);
  }, 300_000);
});
