/**
 * `npm run bench -- memory [--tables 50] [--seats 4] [--game car_exchange]`: resident memory of one
 * server process (the bundle `npm start` runs, embedded store in a fresh data directory) idle, then
 * with N tables of real colyseus.js clients seated and playing slowly (a move every 2–4 s each, so
 * the tables stay open), and after they leave. Per client = what the last three quarters of the
 * tables added / their clients: a room, its game state and its encode buffers, the sockets and
 * their buffers, all included. Each sample follows a full collection in the server (through the
 * inspector, loadtest/inspector.ts), so a figure is live memory, not where V8's collector stood.
 * `--heap` also takes a heap snapshot at each sample and prints what the heap grew by per client,
 * by constructor or kind, and what the heap still held once every table had closed against idle
 * (a snapshot grows the server's RSS, so its RSS figures are then inflated); `--snapshots DIR` also
 * writes the idle, playing and all-closed snapshots of the last cycle there (loadtest/heapRetainers.ts
 * reads them). `--cycles N` (default 2) plays and closes the tables N times; figures per client are
 * the first cycle's.
 * "After every table closed" waits until the server's own /metrics count no room and no client.
 * GC pauses while the tables play are the server's own perf_hooks 'gc' entries (loadtest/inspector.ts).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findGame } from '../../shared/games/registry.js';
import { LoadPlayer } from '../playerClient.js';
import { collectAndMeasure, readGcPauses, recordGcPauses, type CollectedMemory, type HeapByKind } from '../inspector.js';
import { freePort, type ServerProcess } from '../serverProcess.js';

type Values = Record<string, string | boolean | undefined>;
type WithServers = <T>(count: number, run: (servers: ServerProcess[]) => Promise<T>, env?: Record<string, string>, nodeArgs?: string[]) => Promise<T>;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** RSS as it stands (the median of a few samples a second apart: one can land on a GC), then memory after full collections. */
async function sample(server: ServerProcess, inspectPort: number, withHeap: boolean, saveTo?: string, samples = 5): Promise<{ rssMiB: number; collected: CollectedMemory; heap?: HeapByKind }> {
  const seen: number[] = [];
  for (let i = 0; i < samples; i++) {
    seen.push(server.usage().rssMiB);
    await sleep(1000);
  }
  if (!withHeap && !saveTo) return { rssMiB: Math.round(seen.sort((a, b) => a - b)[Math.floor(samples / 2)]), collected: await collectAndMeasure(inspectPort) };
  const { heap, ...collected } = await collectAndMeasure(inspectPort, true, saveTo);
  return { rssMiB: Math.round(seen.sort((a, b) => a - b)[Math.floor(samples / 2)]), collected, heap };
}

/** What one more client added to the heap, by constructor or kind: the largest first. */
function heapPerClient(before: HeapByKind, after: HeapByKind, clients: number, top = 15): { kind: string; bytesPerClient: number; countPerClient: number }[] {
  return [...after].map(([kind, a]) => {
    const b = before.get(kind) ?? { count: 0, bytes: 0 };
    return { kind, bytesPerClient: Math.round((a.bytes - b.bytes) / clients), countPerClient: Math.round(((a.count - b.count) / clients) * 10) / 10 };
  }).sort((x, y) => y.bytesPerClient - x.bytesPerClient).slice(0, top);
}

/** Rooms and clients the server itself counts (its /metrics gauges). */
async function openRoomsAndClients(port: number): Promise<{ rooms: number; clients: number }> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const sum = (name: string) => [...text.matchAll(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\d+)`, 'gm'))].reduce((n, m) => n + Number(m[1]), 0);
  return { rooms: sum('junction_rooms'), clients: sum('junction_clients') };
}

/** The server's process-wide collections by holder (`junction_process_entries`, server/ops/processEntries.ts). */
async function processEntries(port: number): Promise<Record<string, number>> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  return Object.fromEntries([...text.matchAll(/^junction_process_entries\{holder="([^"]+)"\} (\d+)/gm)].map((m) => [m[1], Number(m[2])]));
}

/** Waits (up to `limitMs`) until the server has closed every table and dropped every client; how long it took and what was left. */
async function allClosed(port: number, limitMs = 60_000): Promise<{ waitedMs: number; rooms: number; clients: number }> {
  const started = Date.now();
  for (;;) {
    const open = await openRoomsAndClients(port);
    if ((open.rooms === 0 && open.clients === 0) || Date.now() - started > limitMs) return { waitedMs: Date.now() - started, ...open };
    await sleep(500);
  }
}

export async function runScenario(values: Values, withServers: WithServers) {
  const game = findGame(String(values.game === 'railway_madness' ? 'car_exchange' : values.game));
  if (!game) throw new Error(`unknown game ${String(values.game)}`);
  const tables = Number(values.tables);
  const seats = Number(values.seats);
  const dataDir = mkdtempSync(join(tmpdir(), 'junction-memory-'));
  try {
    return await measure(withServers, dataDir, game, tables, seats, Math.max(1, Number(values.cycles ?? 2)), values.heap === true, typeof values.snapshots === 'string' ? values.snapshots : undefined);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measure(withServers: WithServers, dataDir: string, game: NonNullable<ReturnType<typeof findGame>>, tables: number, seats: number, cycles: number, withHeap: boolean, snapshots?: string) {
  const inspectPort = await freePort();
  if (snapshots) mkdirSync(snapshots, { recursive: true });
  return withServers(1, async ([server]) => {
    const cpuBefore = process.cpuUsage();
    const started = Date.now();
    await sleep(5000);
    const idle = await sample(server, inspectPort, withHeap, snapshots && join(snapshots, 'idle.heapsnapshot'));
    const idleEntries = await processEntries(server.port);
    await recordGcPauses(inspectPort);
    const endpoint = `ws://127.0.0.1:${server.port}`;
    let seed = 1;
    /** Seats the tables, samples them playing, lets everyone leave and samples once every table closed. */
    const cycle = async (last: boolean) => {
      const players: LoadPlayer[] = [];
      const seatTables = async (count: number) => {
        for (let t = 0; t < count; t++) {
          const host = new LoadPlayer(endpoint, game, seed++, [2000, 4000]);
          // Each player is issued a guest identity, as a browser is: identity-keyed state is measured too.
          await host.create({ name: `host${seed}`, variant: game.defaultVariant, players: seats, token: '' });
          players.push(host);
          for (let s = 1; s < seats; s++) {
            const p = new LoadPlayer(endpoint, game, seed++, [2000, 4000]);
            await p.joinById(host.room.roomId, `p${seed}`, { token: '' });
            players.push(p);
          }
          host.room.send('start', {});
        }
        await sleep(10_000);
      };
      // Two steps: the first also grows what any load grows once (V8's young generation, socket
      // machinery); the second step's slope is what one more client costs.
      const firstTables = Math.max(1, Math.floor(tables / 4));
      await seatTables(firstTables);
      const firstClients = players.length;
      const first = await sample(server, inspectPort, withHeap);
      await seatTables(tables - firstTables);
      const playing = await sample(server, inspectPort, withHeap, last && snapshots ? join(snapshots, 'playing.heapsnapshot') : undefined);
      const stillPlaying = players.filter((p) => p.room.state.phase === 'playing').length;
      const gc = await readGcPauses(inspectPort);
      await Promise.all(players.map((p) => p.leave()));
      const closed = await allClosed(server.port);
      const after = await sample(server, inspectPort, withHeap, last && snapshots ? join(snapshots, 'closed.heapsnapshot') : undefined);
      return { players, firstClients, first, playing, stillPlaying, gc, closed, after, entries: await processEntries(server.port) };
    };
    // Two cycles by default: the first one's leftovers include what any first load leaves for good
    // (V8's compiled code, modules loaded on first use); the second shows whether tables give back all they take.
    const runs: Awaited<ReturnType<typeof cycle>>[] = [];
    for (let c = 0; c < cycles; c++) runs.push(await cycle(c === cycles - 1));
    const { players, firstClients, first, playing, stillPlaying, gc: gcWhilePlaying, closed, after, entries: closedEntries } = runs[0];
    const clients = players.length;
    const added = clients - firstClients;
    const kib = (mib: number, count: number) => Math.round((mib * 1024) / Math.max(1, count));
    const live = (m: { collected: CollectedMemory }) => m.collected.heapUsedMiB + m.collected.externalMiB;
    const heapMiB = (m: { collected: CollectedMemory }) => m.collected.heapUsedMiB;
    const cpu = process.cpuUsage(cpuBefore);
    const generatorCpuSeconds = Math.round(((cpu.user + cpu.system) / 1e6) * 100) / 100;
    const wallSeconds = (Date.now() - started) / 1000;
    return {
      scenario: 'memory',
      game: game.id,
      tables,
      clients,
      stillPlaying,
      /** Issue 31's figures: the V8 heap after full collections idle, per playing client (heap + outside it), and once every table closed. */
      summary: {
        idleHeapMiB: heapMiB(idle),
        perClientLiveKiB: kib(live(playing) - live(first), added),
        perClientHeapKiB: kib(heapMiB(playing) - heapMiB(first), added),
        perClientHeapFromIdleKiB: kib(heapMiB(playing) - heapMiB(idle), clients),
        closedHeapMiB: heapMiB(after),
        closedOverIdlePct: Math.round(((heapMiB(after) - heapMiB(idle)) / heapMiB(idle)) * 1000) / 10,
        closedLiveOverIdleMiB: Math.round((live(after) - live(idle)) * 10) / 10,
        closedAfterMs: closed.waitedMs, roomsLeft: closed.rooms, clientsLeft: closed.clients,
        gcWhilePlaying,
        processEntries: { idle: idleEntries, closed: closedEntries },
        /** Each cycle once its tables closed: the heap, and against the first cycle's (a warm idle). */
        cycles: runs.map((r) => ({
          playingHeapMiB: heapMiB(r.playing), closedHeapMiB: heapMiB(r.after), closedLiveMiB: Math.round(live(r.after) * 10) / 10,
          closedOverFirstClosedPct: Math.round(((heapMiB(r.after) - heapMiB(runs[0].after)) / heapMiB(runs[0].after)) * 1000) / 10,
          gcP99Ms: r.gc.p99Ms, gcMaxMs: r.gc.maxMs, roomsLeft: r.closed.rooms, entries: r.entries,
        })),
      },
      idle: { rssMiB: idle.rssMiB, collected: idle.collected },
      firstStep: { clients: firstClients, rssMiB: first.rssMiB, collected: first.collected },
      playing: { rssMiB: playing.rssMiB, collected: playing.collected },
      afterLeave: { rssMiB: after.rssMiB, collected: after.collected },
      /** The second step's heap growth per client, by constructor (objects) or kind (strings, arrays, closures…). */
      heapPerClient: first.heap && playing.heap ? heapPerClient(first.heap, playing.heap, added) : undefined,
      /** What the heap still held after every table closed, against idle, by constructor or kind (per client of the run). */
      heapKeptPerClient: idle.heap && after.heap ? heapPerClient(idle.heap, after.heap, clients) : undefined,
      /** RSS the tables added, over all clients (includes one-off growth). */
      perClientRssKiBFromIdle: kib(playing.rssMiB - idle.rssMiB, clients),
      /** What each client of the second step added: the marginal cost of one more playing client. */
      perClientRssKiB: kib(playing.rssMiB - first.rssMiB, added),
      /** The same after full collections: RSS, and live memory (V8 heap + memory outside it). */
      perClientCollectedRssKiB: kib(playing.collected.rssMiB - first.collected.rssMiB, added),
      perClientLiveKiB: kib(live(playing) - live(first), added),
      errors: players.flatMap((p) => p.stats.errors).length,
      loadGenerator: { cpuSeconds: generatorCpuSeconds, wallSeconds: Math.round(wallSeconds), shareOfOneCorePct: Math.round((generatorCpuSeconds / wallSeconds) * 1000) / 10 },
    };
  }, { JUNCTION_DATA_DIR: join(dataDir, 'pglite') }, [`--inspect=127.0.0.1:${inspectPort}`]);
}
