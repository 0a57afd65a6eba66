/**
 * `npm run bench -- capacity [--sizes 250,500,1000,2000,4000] [--seconds 10]
 *   [--targets ws,echo,echo_broadcast,railway_madness,car_exchange] [--generator raw|colyseus]`
 *
 * One server process per N and target, pinned to core 0 (taskset), under the same load generator
 * pinned to core 1: a plain `ws` echo, a bare Colyseus 0.16 echo room (`echo`), the same room
 * broadcasting a state change to its 4 clients on each action as a Junction table does
 * (`echo_broadcast`, context), and Junction's railway_madness (race window 0) and car_exchange.
 * Every client sends one message per 150–600 ms think time (Junction clients: one view-bot action).
 * The default generator is raw Colyseus seats (capacity/rawSeat.ts, one decoding seat per
 * table, capacity/rawTables.ts); `--generator colyseus` uses colyseus.js clients that all decode.
 * After a warm-up, a window of `--seconds` is measured: action → outcome latency, server CPU per
 * 1,000 actions, bytes each client received per second, server RSS, errors, and this generator's
 * CPU as a share of its core (a run above 0.8 is marked invalid: it measured the generator, not
 * the server).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findGame } from '../../shared/games/registry.js';
import { ColyseusEchoClient, RawEchoClient, WsEchoClient, wsBytes } from '../capacity/echoClients.js';
import { coreBusySeconds } from '../capacity/coreBusy.js';
import { JunctionTables } from '../capacity/junctionTables.js';
import { rawBytes } from '../capacity/rawSeat.js';
import { RawTables } from '../capacity/rawTables.js';
import { wireCounters } from '../playerClient.js';
import { freshSchema } from '../pgSchema.js';
import { BUILT_SERVER, startServerOnFreePort, type ServerProcess } from '../serverProcess.js';
import { summarise } from '../stats.js';

const WARM_UP_MS = 3_000;
const CONNECT_CONCURRENCY = 50;
const INVALID_GENERATOR_SHARE = 0.8;
/** Other processes on the server's core above this share make a run "disturbed": its latency is not the server's alone. */
const DISTURBED_CORE0_SHARE = 0.2;
const ECHO_SCRIPT = 'loadtest/capacity/echoServer.ts';

/** Every load-test client comes from 127.0.0.1 and acts often: lift the per-IP and per-client limits. */
const JUNCTION_ENV = {
  RACE_WINDOW_MS: '0',
  JOIN_BURST: '1000000', JOIN_PER_SECOND: '100000', CODE_LOOKUP_BURST: '1000000', CODE_LOOKUP_PER_SECOND: '100000',
  MESSAGE_BURST: '1000000', MESSAGES_PER_SECOND: '100000', FLOOD_CUTOFF_DROPS: '1000000',
};

type Target = 'ws' | 'echo' | 'echo_broadcast' | string;
type Generator = 'raw' | 'colyseus';
const ECHO_KINDS: Record<string, string> = { ws: 'ws', echo: 'colyseus', echo_broadcast: 'broadcast' };

interface Stats { latencies: number[]; actions: number; errors: string[]; refusals?: number }

interface Load {
  /** Stats of every client so far (a list that may grow during the window). */
  stats(): Stats[];
  /** Bytes all clients received so far. */
  bytes(): number;
  /** Errors outside the clients' own stats (failed joins). */
  extraErrors(): string[];
  /** Junction tables whose game finished so far (each replaced by a new table). */
  tablesFinished?(): number;
  stop(): Promise<void>;
}

async function inBatches<T>(count: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < count; i += CONNECT_CONCURRENCY) {
    out.push(...await Promise.all(Array.from({ length: Math.min(CONNECT_CONCURRENCY, count - i) }, (_, k) => make(i + k))));
  }
  return out;
}

async function startLoad(target: Target, port: number, clients: number, generator: Generator): Promise<Load> {
  const endpoint = `ws://127.0.0.1:${port}`;
  const httpBase = `http://127.0.0.1:${port}`;
  if (target in ECHO_KINDS) {
    const made: (WsEchoClient | ColyseusEchoClient | RawEchoClient)[] = [];
    const joinErrors: string[] = [];
    await inBatches(clients, async (i) => {
      const client = target === 'ws' ? new WsEchoClient(i + 1, [150, 600])
        : generator === 'raw' ? new RawEchoClient(i + 1, [150, 600]) : new ColyseusEchoClient(i + 1, [150, 600]);
      try {
        await client.connect(target === 'ws' ? endpoint : generator === 'raw' ? httpBase : endpoint);
        made.push(client);
        client.start();
      } catch (error) {
        joinErrors.push(`join:${String(error)}`);
      }
    });
    return {
      stats: () => made.map((c) => c.stats),
      bytes: () => (target === 'ws' ? wsBytes.received : generator === 'raw' ? rawBytes.received : wireCounters.bytes),
      extraErrors: () => joinErrors,
      stop: async () => { await Promise.all(made.map((c) => c.close())); },
    };
  }
  const game = findGame(target);
  if (!game) throw new Error(`unknown capacity target ${target}: ws, echo, echo_broadcast or a game id`);
  if (generator === 'raw') {
    const raw = new RawTables(httpBase, game);
    await raw.start(clients);
    return {
      stats: () => raw.seats.map((p) => p.stats),
      bytes: () => rawBytes.received,
      extraErrors: () => raw.joinErrors,
      tablesFinished: () => raw.finishedTables,
      stop: () => raw.stop(),
    };
  }
  const tables = new JunctionTables(endpoint, game);
  await tables.start(clients);
  return {
    stats: () => tables.players.map((p) => p.stats),
    bytes: () => wireCounters.bytes,
    extraErrors: () => tables.joinErrors,
    stop: () => tables.stop(),
  };
}

async function measure(target: Target, clients: number, seconds: number, generator: Generator, profileDir?: string, databaseUrl?: string) {
  const echo = ECHO_KINDS[target];
  // Junction runs as `npm start` runs it: the bundle (bench.ts builds it), its store in a fresh data
  // folder, or in PostgreSQL with --database (the store then runs in its own process).
  const dataDir = echo || databaseUrl ? undefined : mkdtempSync(join(tmpdir(), 'junction-capacity-'));
  const store: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl } : dataDir ? { JUNCTION_DATA_DIR: join(dataDir, 'pglite') } : {};
  const env: Record<string, string> = echo ? { ECHO_KIND: echo } : { ...JUNCTION_ENV, ...store };
  const script = echo ? ECHO_SCRIPT : BUILT_SERVER;
  // --profile: the server writes a V8 CPU profile of the whole run (set-up and window) there.
  const server: ServerProcess = await startServerOnFreePort(env, 3, script, profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []).catch((error: unknown) => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  let load: Load | undefined;
  let sampler: NodeJS.Timeout | undefined;
  try {
    execFileSync('taskset', ['-a', '-cp', '0', String(server.pid)], { stdio: 'ignore' });
    load = await startLoad(target, server.port, clients, generator);
    await new Promise((r) => setTimeout(r, WARM_UP_MS));

    const marks = new Map(load.stats().map((s) => [s, { latencies: s.latencies.length, actions: s.actions, errors: s.errors.length, refusals: s.refusals ?? 0 }]));
    const extraAtStart = load.extraErrors().length;
    const finishedAtStart = load.tablesFinished?.() ?? 0;
    const bytesAtStart = load.bytes();
    const serverAtStart = server.usage();
    const core0AtStart = coreBusySeconds(0);
    const generatorAtStart = process.cpuUsage();
    const startedAt = performance.now();
    let peakRss = serverAtStart.rssMiB;
    sampler = setInterval(() => { peakRss = Math.max(peakRss, server.usage().rssMiB); }, 500);
    await new Promise((r) => setTimeout(r, seconds * 1000));
    const wallMs = performance.now() - startedAt;
    const generatorCpu = process.cpuUsage(generatorAtStart);
    const serverAtEnd = server.usage();
    const core0Busy = coreBusySeconds(0) - core0AtStart;
    const bytes = load.bytes() - bytesAtStart;

    const latencies: number[] = [];
    const errors: string[] = load.extraErrors().slice(extraAtStart);
    let actions = 0;
    let refusals = 0;
    for (const s of load.stats()) {
      const m = marks.get(s) ?? { latencies: 0, actions: 0, errors: 0, refusals: 0 };
      for (let i = m.latencies; i < s.latencies.length; i++) latencies.push(s.latencies[i]);
      actions += s.actions - m.actions;
      refusals += (s.refusals ?? 0) - m.refusals;
      errors.push(...s.errors.slice(m.errors));
    }
    const generatorCpuShare = (generatorCpu.user + generatorCpu.system) / 1000 / wallMs;
    const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
    return {
      target, clients, generator,
      actions,
      /** Outcomes that were rule refusals (a move the game did not allow then), part of `actions`. */
      refusals,
      /** Junction games that ended in the window (their tables were replaced: result stored, new table created and joined). */
      gamesFinished: (load.tablesFinished?.() ?? 0) - finishedAtStart,
      latencyMs: summarise(latencies),
      serverCpuPer1000Actions: round(((serverAtEnd.cpuSeconds - serverAtStart.cpuSeconds) / Math.max(1, actions)) * 1000, 3),
      /** The same per action the game applied (refusals excluded): a server starved of its core answers late, its seats act on stale states and are refused more, and a refusal costs less. */
      serverCpuPer1000Applied: round(((serverAtEnd.cpuSeconds - serverAtStart.cpuSeconds) / Math.max(1, actions - refusals)) * 1000, 3),
      /** The server's write syscalls per action (socket writes, mostly): each is a syscall and a stream turn. */
      serverWritesPerAction: round((serverAtEnd.writeCalls - serverAtStart.writeCalls) / Math.max(1, actions), 2),
      serverCpuShare: round((serverAtEnd.cpuSeconds - serverAtStart.cpuSeconds) / (wallMs / 1000), 2),
      /** Share of core 0 that other processes (not the pinned server) used in the window: they delay the server. */
      core0OtherShare: round(Math.max(0, core0Busy - (serverAtEnd.cpuSeconds - serverAtStart.cpuSeconds)) / (wallMs / 1000), 2),
      bytesPerClientPerSecond: round(bytes / clients / (wallMs / 1000)),
      serverRssMiB: { end: round(serverAtEnd.rssMiB, 0), peak: round(Math.max(peakRss, serverAtEnd.rssMiB), 0) },
      errors: errors.length,
      errorKinds: [...new Set(errors.map((e) => e.slice(0, 80)))].slice(0, 5),
      /** Joins that failed while the clients connected, before the window (a failed table is retried). */
      setupErrors: extraAtStart,
      generatorCpuShare: round(generatorCpuShare, 2),
      valid: generatorCpuShare <= INVALID_GENERATOR_SHARE,
      disturbed: Math.max(0, core0Busy - (serverAtEnd.cpuSeconds - serverAtStart.cpuSeconds)) / (wallMs / 1000) > DISTURBED_CORE0_SHARE,
    };
  } finally {
    if (sampler) clearInterval(sampler);
    await load?.stop().catch(() => undefined);
    // Nothing is left to measure: a profiled server exits cleanly (the profile is written at exit),
    // any other is killed rather than left to play its tables out through the shutdown grace period.
    await server.stop(profileDir ? 'SIGTERM' : 'SIGKILL');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runScenario(values: { sizes?: string; seconds?: string; targets?: string; generator?: string; profile?: string; database?: string }): Promise<unknown> {
  const sizes = (values.sizes ?? '250,500,1000,2000,4000').split(',').map(Number);
  const targets = (values.targets ?? 'ws,echo,echo_broadcast,railway_madness,car_exchange').split(',');
  const seconds = Number(values.seconds ?? '10');
  const generator = (values.generator ?? 'raw') as Generator;
  if (generator !== 'raw' && generator !== 'colyseus') throw new Error(`--generator must be raw or colyseus, not ${generator}`);
  if (sizes.some((n) => !Number.isInteger(n) || n < 1)) throw new Error(`--sizes must be positive integers, not ${values.sizes}`);
  // The generator (this process, every thread) on core 1; each server is pinned to core 0 as it starts.
  execFileSync('taskset', ['-a', '-cp', '1', String(process.pid)], { stdio: 'ignore' });
  const runs = [];
  const database = values.database ? await freshSchema(values.database, 'junction_capacity') : undefined;
  try {
    for (const clients of sizes) {
      for (const target of targets) {
        const run = await measure(target, clients, seconds, generator, values.profile, database?.url);
        runs.push(run);
        // One line per run as it finishes, so a long sweep shows progress (the JSON at the end has them all).
        console.error(formatRow(run));
      }
    }
  } finally {
    await database?.drop();
  }
  return { scenario: 'capacity', generator, seconds, warmUpMs: WARM_UP_MS, thinkMs: [150, 600], store: values.database ? 'postgresql' : 'embedded', runs };
}

function formatRow(r: Awaited<ReturnType<typeof measure>>): string {
  return [
    `N=${r.clients}`, r.target.padEnd(15), `p50/p99 ${r.latencyMs.p50}/${r.latencyMs.p99} ms`, `actions ${r.actions} (refused ${r.refusals})${r.gamesFinished ? `, ${r.gamesFinished} games ended` : ''}`,
    `cpu/1k ${r.serverCpuPer1000Actions} s`, `writes/action ${r.serverWritesPerAction}`, `${r.bytesPerClientPerSecond} B/client/s`,
    `server ${Math.round(r.serverCpuShare * 100)} % of core 0 (others ${Math.round(r.core0OtherShare * 100)} %)`, `rss ${r.serverRssMiB.peak} MiB`, `errors ${r.errors}${r.setupErrors ? ` (+${r.setupErrors} failed joins before the window)` : ''}`, `generator ${Math.round(r.generatorCpuShare * 100)} %${r.valid ? '' : ' INVALID'}${r.disturbed ? ' DISTURBED' : ''}`,
  ].join(' | ');
}
