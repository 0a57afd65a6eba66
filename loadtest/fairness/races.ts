/**
 * Plays contested grabs between simulated players (loadtest/fairness/racer.ts) on private
 * Railway Madness (juniors) tables until `contests` grabs were contested: after every change,
 * every player grabs the same face-up card.
 *  - 'react': each player sees the change (half its round trip late), reacts after the same
 *    random reaction time distribution, and stamps as its `stamping` says;
 *  - 'tie': every player sends the same stamp at the same moment (an exact tie, in a fixed
 *    order, so arrival order would always favour the first).
 */
import { Client } from 'colyseus.js';
import { Rng } from '../../shared/random.js';
import type { RailwayPublicView } from '../../shared/games/railway/views.js';
import { readTableViews } from '../../shared/wire/registry.js';
import { Racer, type Stamping, type Synced } from './racer.js';

export interface RacerSpec { name: string; rttMs: number; stamping?: Stamping }

export const REACTION_MS = 250;
export const REACTION_JITTER_MS = 60;
/** Tie mode: the tied stamp sits this far after an honest one, so no line's jitter clamps it. */
const TIE_SLACK_MS = 12;

export interface RaceTotals { tables: number; contested: number; wins: Record<string, number>; outcomeMs: Record<string, number[]> }

/** `parallel` tables play at once (each its own pair of players), all counting towards `contests`. */
export async function runRaces(endpoint: string, specs: RacerSpec[], mode: 'react' | 'tie', contests: number, seed = 1, parallel = 1): Promise<RaceTotals> {
  const rng = new Rng(seed);
  const totals: RaceTotals = {
    tables: 0, contested: 0,
    wins: Object.fromEntries(specs.map((s) => [s.name, 0])),
    outcomeMs: Object.fromEntries(specs.map((s) => [s.name, []])),
  };
  await Promise.all(Array.from({ length: parallel }, async () => {
    while (totals.contested < contests) await playTable(endpoint, specs, mode, contests, rng, totals);
  }));
  return totals;
}

async function playTable(endpoint: string, specs: RacerSpec[], mode: 'react' | 'tie', contests: number, rng: Rng, totals: RaceTotals): Promise<void> {
  totals.tables++;
  const racers = await seat(endpoint, specs);
  const grabs = new Map<number, number>();
  const done = new Promise<void>((resolve) => {
    for (const r of racers) {
      let lastSeen = -1;
      r.room.onStateChange((s) => {
        if (s.phase === 'finished' || totals.contested >= contests) return resolve();
        if (s.phase !== 'playing' || s.version === lastSeen || !s.table) return;
        lastSeen = s.version;
        const seen = { version: s.version, changedAt: s.changedAt, slot: (readTableViews(s, r.room.sessionId)!.publicView as RailwayPublicView).table.findIndex((t) => t !== null) };
        r.receive(() => {
          r.stamper.noteState(seen.version, seen.changedAt, Date.now());
          if (seen.slot < 0) return;
          const reaction = mode === 'tie' ? REACTION_MS : REACTION_MS + rng.int(REACTION_JITTER_MS);
          setTimeout(() => {
            grabs.set(seen.version, (grabs.get(seen.version) ?? 0) + 1);
            if (grabs.get(seen.version) === racers.length) totals.contested++;
            if (mode === 'react') r.grab(seen.version, seen.slot);
            else r.grab(seen.version, seen.slot, seen.changedAt + REACTION_MS + TIE_SLACK_MS);
          }, reaction);
        });
      });
    }
  });
  racers[0].room.send('start', {});
  await Promise.race([done, new Promise((r) => setTimeout(r, 120_000))]);
  // Let the last outcomes arrive before leaving.
  await new Promise((r) => setTimeout(r, 600));
  for (const r of racers) {
    r.stop();
    totals.wins[r.name] += r.wins;
    totals.outcomeMs[r.name].push(...r.outcomeMs);
  }
  await Promise.all(racers.map((r) => r.room.leave(true).catch(() => undefined)));
}

async function seat(endpoint: string, specs: RacerSpec[]): Promise<Racer[]> {
  const host = await new Client(endpoint).create<Synced>('railway_madness', { private: true, variant: 'juniors', players: specs.length, name: specs[0].name });
  const rooms = [host];
  for (const s of specs.slice(1)) rooms.push(await new Client(endpoint).joinById<Synced>(host.roomId, { name: s.name }));
  const racers = specs.map((s, i) => new Racer(s.name, s.rttMs, rooms[i], s.stamping));
  for (const r of racers) r.startProbes();
  // The four quick probes have been answered by the time the game starts.
  await new Promise((r) => setTimeout(r, 800 + Math.max(...specs.map((s) => s.rttMs))));
  return racers;
}
