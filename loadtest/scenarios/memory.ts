/**
 * `npm run bench -- memory [--tables 50] [--seats 4] [--game car_exchange]`: resident memory of one
 * server process (the bundle `npm start` runs, embedded store in a fresh data directory) idle, then
 * with N tables of real colyseus.js clients seated and playing slowly (a move every 2–4 s each, so
 * the tables stay open), and after they leave. Per client = what the last three quarters of the
 * tables added / their clients: a room, its game state and its encode buffers, the sockets and
 * their buffers, all included. Each sample follows a full collection in the server (through the
 * inspector, loadtest/inspector.ts), so a figure is live memory, not where V8's collector stood.
 * `--heap` also takes a heap snapshot at each sample and prints what the heap grew by per client,
 * by constructor or kind (a snapshot grows the server's RSS, so its RSS figures are then inflated).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findGame } from '../../shared/games/registry.js';
import { LoadPlayer } from '../playerClient.js';
import { collectAndMeasure, type CollectedMemory, type HeapByKind } from '../inspector.js';
import { freePort, type ServerProcess } from '../serverProcess.js';

type Values = Record<string, string | boolean | undefined>;
type WithServers = <T>(count: number, run: (servers: ServerProcess[]) => Promise<T>, env?: Record<string, string>, nodeArgs?: string[]) => Promise<T>;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** RSS as it stands (the median of a few samples a second apart: one can land on a GC), then memory after full collections. */
async function sample(server: ServerProcess, inspectPort: number, withHeap: boolean, samples = 5): Promise<{ rssMiB: number; collected: CollectedMemory; heap?: HeapByKind }> {
  const seen: number[] = [];
  for (let i = 0; i < samples; i++) {
    seen.push(server.usage().rssMiB);
    await sleep(1000);
  }
  if (!withHeap) return { rssMiB: Math.round(seen.sort((a, b) => a - b)[Math.floor(samples / 2)]), collected: await collectAndMeasure(inspectPort) };
  const { heap, ...collected } = await collectAndMeasure(inspectPort, true);
  return { rssMiB: Math.round(seen.sort((a, b) => a - b)[Math.floor(samples / 2)]), collected, heap };
}

/** What one more client added to the heap, by constructor or kind: the largest first. */
function heapPerClient(before: HeapByKind, after: HeapByKind, clients: number, top = 15): { kind: string; bytesPerClient: number; countPerClient: number }[] {
  return [...after].map(([kind, a]) => {
    const b = before.get(kind) ?? { count: 0, bytes: 0 };
    return { kind, bytesPerClient: Math.round((a.bytes - b.bytes) / clients), countPerClient: Math.round(((a.count - b.count) / clients) * 10) / 10 };
  }).sort((x, y) => y.bytesPerClient - x.bytesPerClient).slice(0, top);
}

export async function runScenario(values: Values, withServers: WithServers) {
  const game = findGame(String(values.game === 'railway_madness' ? 'car_exchange' : values.game));
  if (!game) throw new Error(`unknown game ${String(values.game)}`);
  const tables = Number(values.tables);
  const seats = Number(values.seats);
  const dataDir = mkdtempSync(join(tmpdir(), 'junction-memory-'));
  try {
    return await measure(withServers, dataDir, game, tables, seats, values.heap === true);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measure(withServers: WithServers, dataDir: string, game: NonNullable<ReturnType<typeof findGame>>, tables: number, seats: number, withHeap: boolean) {
  const inspectPort = await freePort();
  return withServers(1, async ([server]) => {
    await sleep(5000);
    const idle = await sample(server, inspectPort, withHeap);
    const endpoint = `ws://127.0.0.1:${server.port}`;
    const players: LoadPlayer[] = [];
    let seed = 1;
    const seatTables = async (count: number) => {
      for (let t = 0; t < count; t++) {
        const host = new LoadPlayer(endpoint, game, seed++, [2000, 4000]);
        await host.create({ name: `host${seed}`, variant: game.defaultVariant, players: seats });
        players.push(host);
        for (let s = 1; s < seats; s++) {
          const p = new LoadPlayer(endpoint, game, seed++, [2000, 4000]);
          await p.joinById(host.room.roomId, `p${seed}`);
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
    const playing = await sample(server, inspectPort, withHeap);
    const stillPlaying = players.filter((p) => p.room.state.phase === 'playing').length;
    await Promise.all(players.map((p) => p.leave()));
    await sleep(5000);
    const after = await sample(server, inspectPort, withHeap);
    const clients = players.length;
    const added = clients - firstClients;
    const kib = (mib: number, count: number) => Math.round((mib * 1024) / Math.max(1, count));
    const live = (m: { collected: CollectedMemory }) => m.collected.heapUsedMiB + m.collected.externalMiB;
    return {
      scenario: 'memory',
      game: game.id,
      tables,
      clients,
      stillPlaying,
      idle: { rssMiB: idle.rssMiB, collected: idle.collected },
      firstStep: { clients: firstClients, rssMiB: first.rssMiB, collected: first.collected },
      playing: { rssMiB: playing.rssMiB, collected: playing.collected },
      afterLeave: { rssMiB: after.rssMiB, collected: after.collected },
      /** The second step's heap growth per client, by constructor (objects) or kind (strings, arrays, closures…). */
      heapPerClient: first.heap && playing.heap ? heapPerClient(first.heap, playing.heap, added) : undefined,
      /** RSS the tables added, over all clients (includes one-off growth). */
      perClientRssKiBFromIdle: kib(playing.rssMiB - idle.rssMiB, clients),
      /** What each client of the second step added: the marginal cost of one more playing client. */
      perClientRssKiB: kib(playing.rssMiB - first.rssMiB, added),
      /** The same after full collections: RSS, and live memory (V8 heap + memory outside it). */
      perClientCollectedRssKiB: kib(playing.collected.rssMiB - first.collected.rssMiB, added),
      perClientLiveKiB: kib(live(playing) - live(first), added),
      errors: players.flatMap((p) => p.stats.errors).length,
    };
  }, { JUNCTION_DATA_DIR: join(dataDir, 'pglite') }, [`--inspect=127.0.0.1:${inspectPort}`]);
}
