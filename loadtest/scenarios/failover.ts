/**
 * `npm run bench -- failover --tables 200 --processes 3 --kills 10 [--game railway_madness --variant classic]`:
 * tables outliving their process (issue 24). P bundled server processes on Redis (a key prefix of
 * this run's own) and PostgreSQL (a schema of its own); T private two-seat tables, each seat a
 * colyseus.js client with a guest identity playing with the game's view bot (one action in flight
 * at a time; a longer --think keeps games running through a long set-up). K times: the process
 * holding the most tables is killed with SIGKILL and a fresh one started in its place (as a
 * restart policy would); every seat of its tables finds the table again by id through any live
 * process with its guest token (what the browser client does), and the time from the kill to
 * that seat being connected again is recorded, per client and per table (its last seat). The
 * next kill waits for every seat to be back.
 *
 * Actions: each seat counts what it sent, what was acknowledged (applied and shown) and what was
 * in flight when its connection dropped (it may or may not have been applied). At the end the
 * journal of every table is read from the store: for each seat, `lost` = acknowledged actions the
 * journal does not hold, `duplicated` = journal entries beyond acknowledged + in flight.
 */
import { loadavg } from 'node:os';
import { randomBytes } from 'node:crypto';
import { Client, type Room } from 'colyseus.js';
import { Redis } from 'ioredis';
import type { AnyGame } from '../../shared/games/contract.js';
import { findGame } from '../../shared/games/registry.js';
import { readTableViews } from '../../shared/wire/registry.js';
import { Rng } from '../../shared/random.js';
import { openStore } from '../../server/store/index.js';
import { BUILT_SERVER, startServerOnFreePort, type ServerProcess } from '../serverProcess.js';
import { freshSchema } from '../pgSchema.js';
import { summarise } from '../stats.js';

interface Synced {
  game: string; phase: string; version: number; table?: unknown;
  players: Map<string, { seat: number; connected: boolean; secret?: unknown }>;
}

const WAIT_LIMIT_MS = 180_000;
const RETRY_MS = 100;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(check: () => T | undefined | false | Promise<T | undefined | false>, ms: number, what: string): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** Set-up requests on a loaded machine: a process stalled past its socket's patience is tried again on the next one. */
async function attempt<T>(what: string, run: (i: number) => Promise<T>, tries = 5): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await run(i);
    } catch (error) {
      if (i + 1 >= tries) throw new Error(`${what} failed ${tries} times: ${String(error)}`);
      await sleep(500 * (i + 1));
    }
  }
}

/** One seat: plays, and when its connection drops, takes its seat back wherever the table now lives. */
class Seat {
  room: Room<Synced> | undefined;
  seat = -1;
  acked = 0;
  refused = 0;
  sent = 0;
  inFlightAtDrop = 0;
  away = false;
  backAt = 0;
  leftAt = 0;
  joinedAt = 0;
  attempts = 0;
  private pending: number | null = null;
  private nextId = 1;
  private stopped = false;
  private readonly rng: Rng;
  private timer: NodeJS.Timeout | undefined;

  constructor(readonly roomId: string, private readonly token: string, private readonly name: string, private readonly game: AnyGame,
    seed: number, private readonly thinkMs: [number, number], private readonly liveServers: () => ServerProcess[]) {
    this.rng = new Rng(seed);
  }

  attach(room: Room<Synced>): void {
    this.room = room;
    room.onMessage('ack', (m: { id?: number }) => {
      if (m.id !== undefined && m.id === this.pending) { this.pending = null; this.acked++; }
    });
    room.onMessage('error', (m: { id?: number }) => {
      if (m.id !== undefined && m.id === this.pending) { this.pending = null; this.refused++; }
    });
    room.onMessage('*', () => undefined);
    room.onLeave((code) => {
      if (this.stopped || room !== this.room || code === 1000 || room.state.phase === 'finished') return;
      this.inFlightAtDrop += this.pending === null ? 0 : 1;
      this.pending = null;
      this.away = true;
      this.leftAt = Date.now();
      this.attempts = 0;
      void this.comeBack();
    });
    this.schedule();
  }

  /** Seated and connected at the table, as the synchronised state says. */
  seated(): boolean {
    const me = this.room?.state.players?.get(this.room.sessionId);
    return !this.away && Boolean(me?.connected);
  }

  playing(): boolean {
    return this.room?.state.phase === 'playing';
  }

  /** Stops playing and waits (bounded) for the answer to the action in flight. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await until(() => this.pending === null || this.away, 30_000, 'the last action answered').catch(() => undefined);
    if (this.pending !== null) this.inFlightAtDrop++;
    if (this.room && !this.away) await Promise.race([this.room.leave(true).catch(() => undefined), sleep(5_000)]);
  }

  private async comeBack(): Promise<void> {
    while (!this.stopped) {
      const servers = this.liveServers();
      const server = servers[Math.floor(Math.random() * servers.length)];
      try {
        this.attempts++;
        const room = await new Client(`ws://127.0.0.1:${server.port}`).joinById<Synced>(this.roomId, { token: this.token, name: this.name });
        this.joinedAt = Date.now();
        await until(() => room.state.players?.get(room.sessionId)?.connected, 30_000, 'seat retaken');
        this.away = false;
        this.backAt = Date.now();
        this.attach(room);
        return;
      } catch {
        await sleep(RETRY_MS);
      }
    }
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    const [lo, hi] = this.thinkMs;
    this.timer = setTimeout(() => this.play(), lo + Math.random() * (hi - lo));
  }

  private play(): void {
    const room = this.room;
    if (this.stopped || this.away || !room) return;
    if (this.pending === null && room.state.phase === 'playing' && this.game.viewBot) {
      const me = room.state.players.get(room.sessionId);
      const views = me?.secret ? readTableViews(room.state as never, room.sessionId) : undefined;
      if (me && views) {
        this.seat = me.seat;
        const action = this.game.viewBot(views.publicView, views.seatView, me.seat, this.rng.state, Date.now());
        this.rng.next();
        if (action) {
          this.pending = this.nextId++;
          this.sent++;
          room.send('action', { id: this.pending, a: action, t: Date.now() });
        }
      }
    }
    if (room.state.phase !== 'finished') this.schedule();
  }
}

export async function runScenario(values: Record<string, string | boolean | undefined>): Promise<unknown> {
  const game = findGame(String(values.game ?? 'railway_madness'));
  if (!game) throw new Error(`unknown game ${String(values.game)}`);
  const tableCount = Number(values.tables ?? 20);
  const processCount = Math.max(2, Number(values.processes ?? 3));
  const kills = Number(values.kills ?? 3);
  const variant = typeof values.variant === 'string' ? values.variant : game.id === 'railway_madness' ? 'classic' : undefined;
  const think = String(values.think ?? '300,900').split(',').map(Number) as [number, number];
  const run = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const keyPrefix = `junction-bench:failover:${run}:`;
  const redisUrl = new URL(typeof values.redis === 'string' ? values.redis : 'redis://127.0.0.1:6379');
  const baseRedis = redisUrl.toString();
  redisUrl.searchParams.set('keyPrefix', keyPrefix);
  const database = await freshSchema(typeof values.database === 'string' ? values.database : 'postgres://postgres@127.0.0.1:5432/test', 'junction_bench_failover');
  let live: ServerProcess[] = [];
  const every: ServerProcess[] = [];
  const seats: Seat[] = [];
  const start = async () => {
    const server = await startServerOnFreePort((port) => ({
      REDIS_URL: redisUrl.toString(), DATABASE_URL: database.url, PUBLIC_ADDRESS: `127.0.0.1:${port}`,
      JUNCTION_INTERNAL_KEY: `bench-${run}`, ABSENT_GRACE_MS: '3600000', QUICKPLAY_FILL_MS: '3600000',
      // LOG_LEVEL=info shows the takeover lines (`takeover: table reopened here`, lease losses).
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      JOIN_BURST: '1000000', JOIN_PER_SECOND: '100000', GUEST_CREATE_BURST: '1000000', GUEST_CREATE_PER_SECOND: '100000',
    }), 3, BUILT_SERVER);
    every.push(server);
    live.push(server);
    return server;
  };
  const where = async (roomIds: string[]): Promise<Map<string, string>> => {
    const redis = new Redis(redisUrl.toString());
    try {
      const rows = await Promise.all(roomIds.map(async (id) => [id, (JSON.parse((await redis.hget('roomcaches', id)) ?? '{}') as { publicAddress?: string }).publicAddress ?? '?'] as const));
      return new Map(rows);
    } finally {
      await redis.quit();
    }
  };

  try {
    await Promise.all(Array.from({ length: processCount }, () => start()));
    const http = (i: number) => `http://127.0.0.1:${live[i % live.length].port}`;
    const tables: { roomId: string; seats: Seat[] }[] = [];
    for (let t = 0; t < tableCount; t++) {
      const guests = await Promise.all([0, 1].map((i) => attempt('a guest identity', async (n) => (await (await fetch(`${http(t + i + n)}/api/identity`, { method: 'POST' })).json()) as { token: string })));
      const host = await attempt('a table', (n) => new Client(`ws://127.0.0.1:${live[(t + n) % live.length].port}`).create<Synced>(game.id, { name: `H${t}`, private: true, players: 2, ...(variant ? { variant } : {}), token: guests[0].token }));
      const hostSeat = new Seat(host.roomId, guests[0].token, `H${t}`, game, t * 2 + 1, think, () => live);
      hostSeat.attach(host);
      const guest = await attempt('the second seat', (n) => new Client(`ws://127.0.0.1:${live[(t + 1 + n) % live.length].port}`).joinById<Synced>(host.roomId, { name: `G${t}`, token: guests[1].token }));
      const guestSeat = new Seat(host.roomId, guests[1].token, `G${t}`, game, t * 2 + 2, think, () => live);
      guestSeat.attach(guest);
      await until(() => host.state.players?.size === 2, 30_000, 'both seated');
      host.send('start', {});
      tables.push({ roomId: host.roomId, seats: [hostSeat, guestSeat] });
      seats.push(hostSeat, guestSeat);
    }
    // A seat that lost its socket while the table was waiting (a reservation expired on a stalled
    // process: 4002) came back on its own; its host asks to start again until the game runs.
    let asked = Date.now();
    await until(() => {
      if (Date.now() - asked > 5_000) {
        asked = Date.now();
        for (const t of tables) {
          const host = t.seats[0].room;
          if (host?.state.phase === 'waiting' && t.seats.every((s) => s.seated())) host.send('start', {});
        }
      }
      // Started (a table set up early may have finished by now: it is simply never hit).
      return seats.every((s) => s.room !== undefined && s.room.state.phase !== 'waiting');
    }, WAIT_LIMIT_MS, 'every table started');

    const perClient: number[] = [];
    const perTable: number[] = [];
    let tablesHit = 0;
    const generatorFrom = { cpu: process.cpuUsage(), at: Date.now() };
    for (let k = 0; k < kills; k++) {
      await sleep(2_000); // let play go on between kills
      const placed = await where(tables.map((t) => t.roomId));
      const running = tables.filter((t) => t.seats.every((s) => s.playing()));
      const count = (s: ServerProcess) => running.filter((t) => placed.get(t.roomId) === `127.0.0.1:${s.port}`).length;
      const victim = [...live].sort((a, b) => count(b) - count(a))[0];
      const hit = running.filter((t) => placed.get(t.roomId) === `127.0.0.1:${victim.port}`);
      const killedAt = Date.now();
      victim.child.kill('SIGKILL');
      live = live.filter((s) => s !== victim);
      const replacement = start();
      // Progress on stderr (the figures are the one JSON line on stdout): when each kill happened, to line up with the servers' logs.
      console.error(JSON.stringify({ kill: k + 1, killedAt, pid: victim.child.pid, tables: hit.length }));
      await until(() => hit.every((t) => t.seats.every((s) => s.backAt > killedAt && s.seated() || s.room?.state.phase === 'finished')), WAIT_LIMIT_MS, `every seat of the ${hit.length} tables of the killed process back`);
      await replacement;
      // Where the time went, per kill (min / median / max ms after the kill): the drop seen, the join answered, the seat shown connected.
      const spread = (xs: number[]) => { const v = [...xs].sort((a, b) => a - b); return [v[0], v[Math.floor(v.length / 2)], v[v.length - 1]]; };
      const hitSeats = hit.flatMap((t) => t.seats);
      console.error(JSON.stringify({ kill: k + 1, dropSeen: spread(hitSeats.map((s) => s.leftAt - killedAt)), joined: spread(hitSeats.map((s) => s.joinedAt - killedAt)), back: spread(hitSeats.map((s) => s.backAt - killedAt)), joinAttempts: spread(hitSeats.map((s) => s.attempts)) }));
      for (const t of hit) {
        const times = t.seats.filter((s) => s.backAt > killedAt).map((s) => s.backAt - killedAt);
        perClient.push(...times);
        if (times.length > 0) perTable.push(Math.max(...times));
      }
      tablesHit += hit.length;
    }

    await Promise.all(seats.map((s) => s.stop()));
    const store = await openStore({ databaseUrl: database.url });
    let acked = 0; let applied = 0; let inFlight = 0; let lost = 0; let duplicated = 0; let unshown = 0;
    try {
      for (const t of tables) {
        const log = await store.readGameLog(t.roomId);
        for (const s of t.seats) {
          const inJournal = log.filter((e) => e.k === 'a' && e.s === s.seat).length;
          acked += s.acked; applied += inJournal; inFlight += s.inFlightAtDrop;
          lost += Math.max(0, s.acked - inJournal);
          duplicated += Math.max(0, inJournal - s.acked - s.inFlightAtDrop);
          unshown += Math.min(s.inFlightAtDrop, Math.max(0, inJournal - s.acked));
        }
      }
    } finally {
      await store.close();
    }
    return {
      scenario: 'failover', game: game.id, variant, tables: tableCount, processes: processCount, kills, tablesHit,
      resumePerClientMs: summarise(perClient), resumePerTableMs: summarise(perTable),
      actions: { sent: seats.reduce((n, s) => n + s.sent, 0), acked, refused: seats.reduce((n, s) => n + s.refused, 0), inJournal: applied, inFlightAtDrop: inFlight, appliedNotShown: unshown, lost, duplicated },
      loadAverage: loadavg().map((n) => Math.round(n * 100) / 100),
      generator: generatorShare(generatorFrom),
    };
  } finally {
    for (const s of seats) await Promise.race([s.stop(), sleep(1_000)]);
    await Promise.all(every.map((s) => s.stop('SIGKILL')));
    const redis = new Redis(baseRedis);
    try {
      for await (const keys of redis.scanStream({ match: `${keyPrefix}*`, count: 500 }) as AsyncIterable<string[]>) {
        if (keys.length > 0) await redis.del(...keys);
      }
    } finally {
      await redis.quit();
    }
    await database.drop();
  }
}

/** This load generator's CPU over the kill phase, as a share of one core (the figures count only if it was not the bottleneck). */
function generatorShare(from: { cpu: NodeJS.CpuUsage; at: number }): { cpuSeconds: number; wallSeconds: number; shareOfOneCore: number } {
  const used = process.cpuUsage(from.cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  const wallSeconds = (Date.now() - from.at) / 1000;
  return { cpuSeconds: Math.round(cpuSeconds * 10) / 10, wallSeconds: Math.round(wallSeconds), shareOfOneCore: Math.round((cpuSeconds / wallSeconds) * 1000) / 1000 };
}
