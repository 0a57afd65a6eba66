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
 * The players run in `--generators G` threads (default 2, loadtest/scenarios/failoverPlayers.ts):
 * a kill sends every seat of its tables back at once, and one thread stalled for seconds decoding
 * those joins. Each thread reports how busy it was over the kill phase (event-loop utilisation,
 * loop delay p99 and max): the figures count only if no thread was saturated.
 *
 * `--profile DIR`: every server process that lives to the end writes a V8 CPU profile there
 * (the killed ones cannot); the survivors' profiles cover each takeover burst they served.
 *
 * Actions: each seat counts what it sent, what was acknowledged (applied and shown) and what was
 * in flight when its connection dropped (it may or may not have been applied). At the end the
 * journal of every table is read from the store: for each seat, `lost` = acknowledged actions the
 * journal does not hold, `duplicated` = journal entries beyond acknowledged + in flight.
 */
import { loadavg } from 'node:os';
import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { Redis } from 'ioredis';
import { findGame } from '../../shared/games/registry.js';
import { openStore } from '../../server/store/index.js';
import { BUILT_SERVER, startServerOnFreePort, type ServerProcess } from '../serverProcess.js';
import { freshSchema } from '../pgSchema.js';
import { summarise } from '../stats.js';
import { sleep } from './failoverSeat.js';
import type { PlayersAsk, PlayersSetup, SeatCounts, SeatTimes, ThreadLoad } from './failoverPlayers.js';

/** A thread of players (failoverPlayers.ts), asked one request at a time per call. */
class PlayerThread {
  private readonly worker: Worker;
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();

  constructor(setup: PlayersSetup) {
    // The bench runs under tsx: a worker registers tsx's loader before it imports a .ts entry.
    const entry = new URL('./failoverPlayers.ts', import.meta.url).href;
    this.worker = new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`, { eval: true, workerData: setup });
    this.worker.on('message', (m: { id: number; reply?: unknown; error?: string }) => {
      const waiter = this.waiting.get(m.id);
      this.waiting.delete(m.id);
      if (m.error !== undefined) waiter?.reject(new Error(m.error));
      else waiter?.resolve(m.reply);
    });
    this.worker.on('error', (error) => { for (const w of this.waiting.values()) w.reject(error); this.waiting.clear(); });
  }

  ask<T>(request: PlayersAsk): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  async end(): Promise<void> {
    await this.worker.terminate();
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
  const threadCount = Math.max(1, Number(values.generators ?? 2));
  const profileDir = typeof values.profile === 'string' ? values.profile : undefined;
  const threads: PlayerThread[] = [];
  const start = async () => {
    const server = await startServerOnFreePort((port) => ({
      REDIS_URL: redisUrl.toString(), DATABASE_URL: database.url, PUBLIC_ADDRESS: `127.0.0.1:${port}`,
      JUNCTION_INTERNAL_KEY: `bench-${run}`, ABSENT_GRACE_MS: '3600000', QUICKPLAY_FILL_MS: '3600000',
      // LOG_LEVEL=info shows the takeover lines (`takeover: table reopened here`, lease losses).
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      JOIN_BURST: '1000000', JOIN_PER_SECOND: '100000', GUEST_CREATE_BURST: '1000000', GUEST_CREATE_PER_SECOND: '100000',
    }), 3, BUILT_SERVER, profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []);
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
    const ports = () => live.map((server) => server.port);
    // Table t is set up by thread t % threads, as one thread would have (same seeds, same processes).
    threads.push(...Array.from({ length: threadCount }, (_, i) => new PlayerThread({
      gameId: game.id, variant, think, tableIndexes: Array.from({ length: tableCount }, (_, t) => t).filter((t) => t % threadCount === i),
    })));
    const roomIds = (await Promise.all(threads.map((th) => th.ask<string[]>({ kind: 'setup', ports: ports() })))).flat();
    await Promise.all(threads.map((th) => th.ask({ kind: 'started' })));

    const perClient: number[] = [];
    const perTable: number[] = [];
    let tablesHit = 0;
    const generatorFrom = { cpu: process.cpuUsage(), at: Date.now() };
    await Promise.all(threads.map((th) => th.ask({ kind: 'measure' })));
    for (let k = 0; k < kills; k++) {
      await sleep(2_000); // let play go on between kills
      const placed = await where(roomIds);
      const running = (await Promise.all(threads.map((th) => th.ask<string[]>({ kind: 'running' })))).flat();
      const count = (s: ServerProcess) => running.filter((id) => placed.get(id) === `127.0.0.1:${s.port}`).length;
      const victim = [...live].sort((a, b) => count(b) - count(a))[0];
      const hit = running.filter((id) => placed.get(id) === `127.0.0.1:${victim.port}`);
      const killedAt = Date.now();
      victim.child.kill('SIGKILL');
      live = live.filter((s) => s !== victim);
      await Promise.all(threads.map((th) => th.ask({ kind: 'ports', ports: ports() })));
      const replacement = start().then(() => Promise.all(threads.map((th) => th.ask({ kind: 'ports', ports: ports() }))));
      // Progress on stderr (the figures are the one JSON line on stdout): when each kill happened, to line up with the servers' logs.
      console.error(JSON.stringify({ kill: k + 1, killedAt, pid: victim.child.pid, tables: hit.length }));
      const backByTable = await Promise.all(threads.map((th) => th.ask<SeatTimes[][]>({ kind: 'back', killedAt, roomIds: hit })));
      await replacement;
      // Where the time went, per kill (min / median / max ms after the kill): the drop seen, the join answered, the seat shown connected.
      const spread = (xs: number[]) => { const v = [...xs].sort((a, b) => a - b); return [v[0], v[Math.floor(v.length / 2)], v[v.length - 1]]; };
      const hitTables = backByTable.flat();
      const hitSeats = hitTables.flat();
      console.error(JSON.stringify({ kill: k + 1, dropSeen: spread(hitSeats.map((s) => s.leftAt - killedAt)), joined: spread(hitSeats.map((s) => s.joinedAt - killedAt)), back: spread(hitSeats.map((s) => s.backAt - killedAt)), joinAttempts: spread(hitSeats.map((s) => s.attempts)) }));
      for (const seatsOfTable of hitTables) {
        const times = seatsOfTable.map((s) => s.backAt - killedAt);
        perClient.push(...times);
        if (times.length > 0) perTable.push(Math.max(...times));
      }
      tablesHit += hit.length;
    }

    const stopped = await Promise.all(threads.map((th) => th.ask<{ load: ThreadLoad; counts: { roomId: string; seats: SeatCounts[] }[] }>({ kind: 'stop' })));
    const generator = generatorShare(generatorFrom);
    const store = await openStore({ databaseUrl: database.url });
    let sent = 0; let refused = 0; let acked = 0; let applied = 0; let inFlight = 0; let lost = 0; let duplicated = 0; let unshown = 0;
    try {
      for (const t of stopped.flatMap((th) => th.counts)) {
        const log = await store.readGameLog(t.roomId);
        for (const s of t.seats) {
          const inJournal = log.filter((e) => e.k === 'a' && e.s === s.seat).length;
          sent += s.sent; refused += s.refused;
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
      actions: { sent, acked, refused, inJournal: applied, inFlightAtDrop: inFlight, appliedNotShown: unshown, lost, duplicated },
      loadAverage: loadavg().map((n) => Math.round(n * 100) / 100),
      generator: { ...generator, threads: stopped.map((th) => th.load) },
    };
  } finally {
    for (const th of threads) await th.end();
    // A profile is written only by a process that exits: with --profile the survivors shut down.
    await Promise.all(every.map((s) => s.stop(profileDir ? 'SIGTERM' : 'SIGKILL')));
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
