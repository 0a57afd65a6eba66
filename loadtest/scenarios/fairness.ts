/**
 * `npm run bench -- fairness [--trials 200] [--window 250]`: the race targets of docs/benchmarks.md,
 * each against its own server process, with simulated players on real websockets
 * (loadtest/fairness/): equal reactions at 20 ms vs 150 ms round trips, a table of fast lines
 * (outcome latency), an always-earliest stamper against an honest player at the same round trip,
 * and exact ties. `--window` is RACE_WINDOW_MS, the cap on any allowance and hold.
 */
import { runRaces, REACTION_JITTER_MS, REACTION_MS, type RaceTotals, type RacerSpec } from '../fairness/races.js';

type WithServers = (n: number, run: (s: { port: number }[]) => Promise<object>, env?: Record<string, string>) => Promise<object>;

function shares(t: RaceTotals): Record<string, number> {
  const total = Object.values(t.wins).reduce((a, b) => a + b, 0);
  return Object.fromEntries(Object.entries(t.wins).map(([k, v]) => [k, Math.round((v / Math.max(1, total)) * 1000) / 10]));
}

function p50(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** Clamped stamps by bound, and exact ties the coin settled, from the server's /metrics. */
async function raceCounters(port: number): Promise<{ clampedStamps: Record<string, number>; exactTies: number }> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const clampedStamps: Record<string, number> = {};
  for (const m of text.matchAll(/^junction_race_stamps_clamped_total\{[^}]*bound="(\w+)"[^}]*\} (\d+)/gm)) clampedStamps[m[1]] = (clampedStamps[m[1]] ?? 0) + Number(m[2]);
  const exactTies = [...text.matchAll(/^junction_race_ties_total\{[^}]*\} (\d+)/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
  return { clampedStamps, exactTies };
}

async function run(withServers: WithServers, window: string, specs: RacerSpec[], mode: 'react' | 'tie', contests: number): Promise<object> {
  return withServers(1, async ([s]) => {
    const totals = await runRaces(`ws://127.0.0.1:${s.port}`, specs, mode, contests);
    return {
      tables: totals.tables, contested: totals.contested, sharesPct: shares(totals),
      outcomeP50Ms: Object.fromEntries(Object.entries(totals.outcomeMs).map(([k, v]) => [k, p50(v)])),
      ...await raceCounters(s.port),
    };
  }, { RACE_WINDOW_MS: window });
}

export async function runScenario(values: Record<string, string | undefined>, withServers: WithServers): Promise<object> {
  const contests = Number(values.trials ?? 200);
  const window = values.window ?? '250';
  const cpuBefore = process.cpuUsage();
  const started = Date.now();
  const slowVsFast = await run(withServers, window, [{ name: 'rtt20', rttMs: 20 }, { name: 'rtt150', rttMs: 150 }], 'react', contests);
  const fastTable = await run(withServers, window, [{ name: 'rtt5', rttMs: 5 }, { name: 'rtt12', rttMs: 12 }, { name: 'rtt20', rttMs: 20 }], 'react', Math.ceil(contests / 2));
  // Twice the contests: the forger's edge is at most a millisecond, so the share needs the precision.
  const forger = await run(withServers, window, [{ name: 'honest80', rttMs: 80 }, { name: 'earliest80', rttMs: 80, stamping: 'earliest' }], 'react', 2 * contests);
  // Half as many more: a tied stamp that a load spike pushes past its allowance is clamped, and no longer a tie.
  const ties = await run(withServers, window, [{ name: 'host', rttMs: 20 }, { name: 'guest', rttMs: 20 }], 'tie', Math.ceil(1.5 * contests));
  const cpu = process.cpuUsage(cpuBefore);
  const wallSeconds = (Date.now() - started) / 1000;
  const loadGeneratorCpuSeconds = Math.round(((cpu.user + cpu.system) / 1e6) * 100) / 100;
  return {
    scenario: 'fairness', raceWindowMs: Number(window), reactionMs: `${REACTION_MS}+U(0,${REACTION_JITTER_MS})`,
    slowVsFast, fastTable, forger, ties,
    loadGenerator: { cpuSeconds: loadGeneratorCpuSeconds, wallSeconds, shareOfOneCorePct: Math.round((loadGeneratorCpuSeconds / wallSeconds) * 1000) / 10 },
  };
}
