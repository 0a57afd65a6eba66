/**
 * N tables of one game, every seat a real websocket client playing with the view bot, from
 * table creation to the stored result.
 */
import type { AnyGame } from '../../shared/games/contract.js';
import { decodeFailures, LoadPlayer, wireCounters } from '../playerClient.js';
import { summarise } from '../stats.js';

export interface TablesOptions {
  endpoints: string[];
  httpBase: string;
  game: AnyGame;
  tables: number;
  seats: number;
  variant?: string;
  extraOptions?: Record<string, unknown>;
  timeoutMs: number;
  thinkMs?: [number, number];
}

export async function runTables(o: TablesOptions) {
  const started = Date.now();
  const players: LoadPlayer[] = [];
  const roomIds: string[] = [];
  let seed = 1;
  await Promise.all(Array.from({ length: o.tables }, async (_, t) => {
    const endpoint = (i: number) => o.endpoints[(t + i) % o.endpoints.length];
    const host = new LoadPlayer(endpoint(0), o.game, seed++, o.thinkMs);
    await host.create({ name: `host${t}`, variant: o.variant ?? o.game.defaultVariant, players: o.seats, ...o.extraOptions });
    const table = [host];
    for (let s = 1; s < o.seats; s++) {
      const p = new LoadPlayer(endpoint(s), o.game, seed++, o.thinkMs);
      await p.joinById(host.room.roomId, `p${t}.${s}`);
      table.push(p);
    }
    host.room.send('start', {});
    roomIds.push(host.room.roomId);
    players.push(...table);
  }));
  const connectedAt = Date.now();
  const wireAtStart = { ...wireCounters };
  const generatorCpuAtStart = process.cpuUsage();
  const allDone = Promise.all(players.map((p) => p.finished));
  await Promise.race([allDone, new Promise((r) => setTimeout(r, o.timeoutMs))]);
  const finishedAt = Date.now();
  const generatorCpu = process.cpuUsage(generatorCpuAtStart);
  const patches = wireCounters.patches - wireAtStart.patches;
  const round = (n: number) => Math.round(n * 10) / 10;
  const unfinished = players.filter((p) => p.room.state.phase !== 'finished').length;

  let stored = 0;
  await new Promise((r) => setTimeout(r, 500));
  for (const id of roomIds) {
    const res = await fetch(`${o.httpBase}/api/results/${id}`);
    if (res.ok) stored++;
  }
  await Promise.all(players.map((p) => p.leave()));
  const latencies = players.flatMap((p) => p.stats.latencies);
  const errors = players.flatMap((p) => p.stats.errors);
  return {
    scenario: 'tables',
    game: o.game.id,
    clients: players.length,
    tables: o.tables,
    durationMs: finishedAt - started,
    playMs: finishedAt - connectedAt,
    messages: players.reduce((n, p) => n + p.stats.messages, 0),
    actions: players.reduce((n, p) => n + p.stats.actions, 0),
    refusals: players.reduce((n, p) => n + p.stats.refusals, 0),
    errors: errors.length,
    errorKinds: [...new Set(errors)],
    decodeFailures: decodeFailures.count,
    unfinishedClients: unfinished,
    latencyMs: summarise(latencies),
    wire: {
      /** Mean size of one state patch as one client receives it. */
      bytesPerPatchPerClient: round((wireCounters.patchBytes - wireAtStart.patchBytes) / Math.max(1, patches)),
      bytesPerClientPerSecond: round((wireCounters.bytes - wireAtStart.bytes) / players.length / Math.max(0.001, (finishedAt - connectedAt) / 1000)),
      messagesPerAction: round((wireCounters.messages - wireAtStart.messages) / Math.max(1, players.reduce((n, p) => n + p.stats.actions, 0))),
    },
    /** The load generator's (this process's) CPU over the play, as a share of one core: above 0.8 it is the bottleneck. */
    generatorCpuShare: Math.round(((generatorCpu.user + generatorCpu.system) / 1000 / Math.max(1, finishedAt - connectedAt)) * 100) / 100,
    resultsStored: stored,
    resultsExpected: o.tables,
  };
}
