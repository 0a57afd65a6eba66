/**
 * `npm run bench -- <scenario> [--key value ...]`: starts real server processes, drives them
 * with real websocket clients and prints ONE JSON line with the figures (docs/benchmarks.md).
 *
 *   tables      --game railway_madness --tables 100 --seats 4 [--pin] [--processes 2 --redis redis://127.0.0.1:6379] [--options '{"range":"1-12"}']
 *   wire        [--seats 4] [--trials 3]   bytes per state change, typed schema vs JSON strings (no server)
 *   fairness    --trials 200 --window 250 [--ties 1200 --parallel 8] [--parts slowVsFast,fastTable,forger,ties]
 *   tournament  --players 1024 --rounds 3 [--processes 2] [--join poll|stream] [--generator raw|colyseus] [--think 150,600] [--warmup 64] [--viewers 50] [--register-concurrency 16] [--profile /tmp/dir]
 *   abuse       --mode fuzz --messages 100000 | --mode flood --tables 12 --seats 3
 *   firstload   [--trials 5]   lobby first load (bytes, interactive ms) in Chromium, each game's chunk
 *   rejoin      [--trials 20]  a reload back to the seat (reconnection token, and retaking by id), p50/p95 ms in Chromium at 390×844
 *   memory      [--tables 100] [--seats 4] [--game car_exchange] [--heap] [--snapshots DIR] [--cycles 2]   idle heap and RSS, memory per playing
 *               client, the heap once every table closed, the server's GC pauses while playing
 *   failover    [--tables 20] [--processes 3] [--kills 3] [--game railway_madness] [--variant classic] [--think 300,900] [--generators 2] [--profile /tmp/dir]
 *               kill -9 of the busiest process K times: kill → every client back in its seat (p50/p95/max), actions lost/duplicated
 *   capacity    [--sizes 250,500,1000,2000,4000] [--seconds 10] [--targets ws,echo,echo_broadcast,railway_madness,car_exchange]
 *               [--generator raw|colyseus] [--profile /tmp/dir] [--database postgres://…  (Junction stores in a fresh schema there)]
 *               plain ws echo, bare Colyseus echo room (and one that broadcasts) and two Junction games,
 *               server on core 0, generator on core 1
 *   turnbased   [--tables 10000] [--players 200] [--concurrency 8] [--database postgres://…]
 *               N sleeping turn-based tables, P players waking theirs: RSS, wake to first patch p50/p95, deadline accuracy (also after a restart)
 * Every scenario that starts servers: [--node-args="--some-v8-flag …"] (with "=": the value starts with dashes) passes Node/V8 flags to each server process.
 */
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { findGame, games } from '../shared/games/registry.js';
import { freshSchema } from './pgSchema.js';
import { buildServer, startServerProcess, type ServerProcess } from './serverProcess.js';
import { runTables } from './scenarios/tables.js';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    game: { type: 'string', default: 'railway_madness' },
    tables: { type: 'string', default: '20' },
    seats: { type: 'string', default: '4' },
    processes: { type: 'string', default: '1' },
    redis: { type: 'string' },
    database: { type: 'string' },
    port: { type: 'string', default: '3567' },
    timeout: { type: 'string', default: '300000' },
    window: { type: 'string', default: '250' },
    trials: { type: 'string', default: '200' },
    /** fairness: same-stamp races of the tie part (default 1.5 × trials), tie tables at once, parts to run. */
    ties: { type: 'string' },
    parallel: { type: 'string', default: '1' },
    parts: { type: 'string' },
    players: { type: 'string', default: '64' },
    rounds: { type: 'string', default: '3' },
    /** failover: how many processes are killed, one after the other. */
    kills: { type: 'string', default: '3' },
    /** failover: threads of players (a kill's burst of rejoins outran one). */
    generators: { type: 'string', default: '2' },
    variant: { type: 'string' },
    join: { type: 'string', default: 'poll' },
    /** Pin the server to core 0 and this load generator to core 1 (taskset), so each has its own core. */
    pin: { type: 'boolean', default: false },
    /** Room options as JSON, e.g. '{"range":"1-12"}' for shorter Traffic-Memory games. */
    options: { type: 'string', default: '{}' },
    /** abuse: fuzz | flood; messages per room type for fuzz. */
    mode: { type: 'string', default: 'fuzz' },
    messages: { type: 'string', default: '100000' },
    /** capacity: client counts to sweep, seconds measured per run, targets to run. */
    sizes: { type: 'string', default: '250,500,1000,2000,4000' },
    seconds: { type: 'string', default: '10' },
    targets: { type: 'string', default: 'ws,echo,echo_broadcast,railway_madness,car_exchange' },
    /** capacity: raw seats (one decoding seat per table) or colyseus.js clients; a folder for the servers' CPU profiles. */
    generator: { type: 'string', default: 'raw' },
    /** memory: also take a heap snapshot at each sample and print the heap's growth per client by kind (inflates the later RSS samples). */
    heap: { type: 'boolean', default: false },
    /** memory: write the idle and all-closed heap snapshots into this folder. */
    snapshots: { type: 'string' },
    /** memory: times the tables are seated, played and closed (the later ones against the first's leftovers). */
    cycles: { type: 'string', default: '2' },
    /** tournament: each raw seat's think time between moves, ms (humans take seconds). */
    think: { type: 'string', default: '150,600' },
    /** tournament: players of a one-round night run first on the same servers (warm servers, as a deployment's are). */
    warmup: { type: 'string' },
    viewers: { type: 'string' },
    'register-concurrency': { type: 'string' },
    'node-args': { type: 'string' },
    profile: { type: 'string' },
    /** turnbased: players waking their tables at once. */
    concurrency: { type: 'string', default: '8' },
  },
});

/** --node-args="--flag …": Node or V8 flags for every server process (e.g. to compare collector settings). */
const serverNodeArgs = (values['node-args'] ?? '').split(' ').filter(Boolean);

async function withServers<T>(count: number, run: (servers: ServerProcess[]) => Promise<T>, env: Record<string, string> = {}, nodeArgs: string[] = []): Promise<T & { server: { cpuSeconds: number; idleRssMiB: number; peakRssMiB: number }[] }> {
  const base = Number(values.port);
  const servers: ServerProcess[] = [];
  const shared: Record<string, string> = {};
  // Several processes share one PostgreSQL store (each embedded store would only see its own games),
  // in a schema of this run's own, dropped when the servers have stopped.
  const database = count > 1 ? await freshSchema(values.database ?? 'postgres://postgres@127.0.0.1:5432/test', 'junction_bench') : undefined;
  if (database) shared.DATABASE_URL = database.url;
  let sampler: NodeJS.Timeout | undefined;
  // Started inside the try: when the second process fails to start, the first is stopped too.
  try {
    for (let i = 0; i < count; i++) {
      const redis: Record<string, string> = count > 1 ? { REDIS_URL: values.redis ?? 'redis://127.0.0.1:6379', PUBLIC_ADDRESS: `127.0.0.1:${base + i}` } : {};
      // Every load-test client comes from 127.0.0.1: lift the per-IP join limits for the run.
      const limits = {
        JOIN_BURST: '1000000', JOIN_PER_SECOND: '100000', CODE_LOOKUP_BURST: '1000000', CODE_LOOKUP_PER_SECOND: '100000',
        TOURNAMENT_CREATE_BURST: '1000000', TOURNAMENT_CREATE_PER_SECOND: '100000', TOURNAMENT_REGISTER_BURST: '1000000', TOURNAMENT_REGISTER_PER_SECOND: '100000',
        // Registrations without a token each issue a guest; `stream` players each hold an event stream.
        GUEST_CREATE_BURST: '1000000', GUEST_CREATE_PER_SECOND: '100000', SSE_STREAMS_PER_ADDRESS: '1000000',
      };
      servers.push(await startServerProcess(base + i, { ...redis, ...shared, ...limits, RACE_WINDOW_MS: values.window!, ...env }, undefined, builtServer, [...nodeArgs, ...serverNodeArgs]));
    }
    if (values.pin) {
      execFileSync('taskset', ['-a', '-cp', '1', String(process.pid)], { stdio: 'ignore' });
      for (const s of servers) execFileSync('taskset', ['-a', '-cp', '0', String(s.pid)], { stdio: 'ignore' });
    }
    const peaks = servers.map(() => 0);
    sampler = setInterval(() => servers.forEach((s, i) => { peaks[i] = Math.max(peaks[i], s.usage().rssMiB); }), 500);
    const startCpu = servers.map((s) => s.usage().cpuSeconds);
    const idleRss = servers.map((s) => s.usage().rssMiB);
    const result = await run(servers);
    const server = servers.map((s, i) => ({
      cpuSeconds: Math.round((s.usage().cpuSeconds - startCpu[i]) * 100) / 100,
      idleRssMiB: Math.round(idleRss[i]),
      peakRssMiB: Math.round(peaks[i]),
    }));
    return { ...result, server };
  } finally {
    if (sampler) clearInterval(sampler);
    await Promise.all(servers.map((s) => s.stop()));
    await database?.drop();
  }
}

/** Benchmarks measure the server `npm start` runs: the bundle, not tsx's on-the-fly transform (60–80 MiB more). */
let builtServer: string;

async function main(): Promise<void> {
  const scenario = positionals[0] ?? 'tables';
  if (scenario !== 'wire') builtServer = buildServer();
  if (scenario === 'tables') {
    const game = findGame(values.game!);
    if (!game) throw new Error(`unknown game ${values.game}; known: ${games.map((g) => g.id).join(', ')}`);
    const result = await withServers(Number(values.processes), (servers) => runTables({
      endpoints: servers.map((s) => `ws://127.0.0.1:${s.port}`),
      httpBase: `http://127.0.0.1:${servers[0].port}`,
      game, tables: Number(values.tables), seats: Number(values.seats), variant: values.variant,
      extraOptions: JSON.parse(values.options!) as Record<string, unknown>, timeoutMs: Number(values.timeout),
    }));
    const serverCpu = result.server.reduce((n, s) => n + s.cpuSeconds, 0);
    const serverCpuPer1000Actions = Math.round((serverCpu / Math.max(1, result.actions)) * 1000 * 1000) / 1000;
    console.log(JSON.stringify({ ...result, serverCpuPer1000Actions, pinned: values.pin, processes: Number(values.processes), raceWindowMs: Number(values.window) }));
    return;
  }
  const { runScenario } = await import(`./scenarios/${scenario}.js`) as { runScenario: (v: typeof values, ws: typeof withServers) => Promise<unknown> };
  console.log(JSON.stringify(await runScenario(values, withServers)));
}

main().then(() => process.exit(0), (error: unknown) => {
  console.error(error);
  process.exit(1);
});
