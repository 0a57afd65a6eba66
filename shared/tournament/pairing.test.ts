import { describe, expect, it } from 'vitest';
import { Rng } from '../random.js';
import { advancers, pairRound, type Pairing } from './pairing.js';
import { pointsForPlaces } from './points.js';
import { computeStandings } from './standings.js';
import type { PlayerRoundResult, SeatRange } from './types.js';

const players = (n: number): string[] => Array.from({ length: n }, (_, i) => `p${String(i + 1).padStart(3, '0')}`);

function countRepeats(tables: string[][], earlier: string[][]): number {
  const met = new Map<string, number>();
  const key = (a: string, b: string): string => (a < b ? `${a}|${b}` : `${b}|${a}`);
  for (const t of earlier) for (let i = 0; i < t.length; i++) for (let j = i + 1; j < t.length; j++) met.set(key(t[i], t[j]), (met.get(key(t[i], t[j])) ?? 0) + 1);
  let repeats = 0;
  for (const t of tables) for (let i = 0; i < t.length; i++) for (let j = i + 1; j < t.length; j++) repeats += met.get(key(t[i], t[j])) ?? 0;
  return repeats;
}

/** The least repeats over every way to split `ids` into tables of `size` (small n only). */
function fewestRepeats(ids: string[], size: number, earlier: string[][]): number {
  let best = Infinity;
  const tables: string[][] = [];
  const walk = (rest: string[]): void => {
    if (rest.length === 0) {
      best = Math.min(best, countRepeats(tables, earlier));
      return;
    }
    // The first remaining player anchors the next table; choose its companions.
    const [first, ...others] = rest;
    const choose = (from: number, picked: string[]): void => {
      if (picked.length === size - 1) {
        tables.push([first, ...picked]);
        walk(others.filter((x) => !picked.includes(x)));
        tables.pop();
        return;
      }
      for (let i = from; i < others.length; i++) choose(i + 1, [...picked, others[i]]);
    };
    choose(0, []);
  };
  walk(ids);
  return best;
}

/** Plays a whole Swiss event with random (seeded) results; returns each round's pairing. */
function simulate(n: number, tableSize: number, seatRange: SeatRange, rounds: number, seed: number): Pairing[] {
  const ids = players(n);
  const results: PlayerRoundResult[] = [];
  const previousTables: string[][] = [];
  const byeCounts = new Map<string, number>();
  const outcomes = new Rng(seed ^ 0x5bd1e995);
  const out: Pairing[] = [];
  for (let round = 1; round <= rounds; round++) {
    const order = computeStandings({ players: ids.map((playerId) => ({ playerId })), results, seed }).map((s) => s.playerId);
    const pairing = pairRound({ players: order, tableSize, seatRange, seed, round, random: round === 1, previousTables, byeCounts });
    out.push(pairing);
    pairing.tables.forEach((table, i) => {
      const places = outcomes.shuffle(table.map((_, k) => k + 1));
      const points = pointsForPlaces(places);
      table.forEach((playerId, k) => results.push({ round, playerId, tableId: `r${round}t${i}`, place: places[k], tableSize: table.length, points: points[k], bye: false }));
      previousTables.push(table);
    });
    for (const playerId of pairing.byes) {
      results.push({ round, playerId, tableId: null, place: 0, tableSize: 1, points: 1.5, bye: true });
      byeCounts.set(playerId, (byeCounts.get(playerId) ?? 0) + 1);
    }
  }
  return out;
}

describe('pairRound', () => {
  it('seats everyone exactly once per round, in valid tables', () => {
    for (const n of [3, 5, 7, 16, 23, 50, 97, 200]) {
      for (const p of simulate(n, 4, { min: 2, max: 6 }, 3, 11)) {
        const seated = [...p.tables.flat(), ...p.byes];
        expect(seated).toHaveLength(n);
        expect(new Set(seated).size).toBe(n);
        for (const t of p.tables) expect(t.length === 3 || t.length === 4 || t.length === 5 || (n === 2 && t.length === 2)).toBe(true);
      }
    }
  });

  it('16 players, tables of 4, 3 rounds: no repeat opponents', () => {
    for (const seed of [1, 2, 3, 42, 1234]) {
      const pairings = simulate(16, 4, { min: 2, max: 6 }, 3, seed);
      const earlier: string[][] = [];
      for (const p of pairings) {
        expect(countRepeats(p.tables, earlier)).toBe(0);
        expect(p.repeats).toBe(0);
        earlier.push(...p.tables);
      }
    }
  });

  it('larger events stay free of repeats while that is easy (40 players, 5 rounds; 200 players, 6 rounds)', () => {
    for (const [n, rounds] of [[40, 5], [200, 6]] as const) {
      const pairings = simulate(n, 4, { min: 2, max: 6 }, rounds, 9);
      const earlier: string[][] = [];
      for (const p of pairings) {
        expect(countRepeats(p.tables, earlier)).toBe(p.repeats);
        expect(p.repeats).toBe(0);
        earlier.push(...p.tables);
      }
    }
  });

  it('reaches the fewest possible repeats when some are forced (checked against brute force)', () => {
    for (const [n, size, rounds] of [[8, 4, 5], [9, 3, 5], [12, 4, 5], [10, 5, 4]] as const) {
      for (const seed of [1, 2, 3]) {
        const pairings = simulate(n, size, { min: size, max: size }, rounds, seed);
        const earlier: string[][] = [];
        for (const p of pairings) {
          expect(p.repeats).toBe(countRepeats(p.tables, earlier));
          expect(p.repeats).toBe(fewestRepeats(players(n), size, earlier));
          earlier.push(...p.tables);
        }
      }
    }
  });

  it('is deterministic for a seed and differs between seeds', () => {
    expect(simulate(30, 4, { min: 2, max: 6 }, 3, 77)).toEqual(simulate(30, 4, { min: 2, max: 6 }, 3, 77));
    expect(simulate(30, 4, { min: 2, max: 6 }, 1, 77)[0].tables).not.toEqual(simulate(30, 4, { min: 2, max: 6 }, 1, 78)[0].tables);
  });

  it('with no history, groups players by standing: top table = top players', () => {
    const order = players(12);
    const p = pairRound({ players: order, tableSize: 4, seatRange: { min: 2, max: 6 }, seed: 1, round: 2 });
    expect(p.tables.map((t) => [...t].sort())).toEqual([order.slice(0, 4), order.slice(4, 8), order.slice(8, 12)]);
  });

  it('gives fair byes: nobody gets a second bye while someone has none', () => {
    const cases: [number, number, SeatRange, number][] = [
      [7, 2, { min: 2, max: 2 }, 14],
      [9, 2, { min: 2, max: 2 }, 9],
      [7, 4, { min: 4, max: 4 }, 9],
      [11, 4, { min: 4, max: 4 }, 8],
    ];
    for (const [n, size, range, rounds] of cases) {
      const byes = new Map(players(n).map((id) => [id, 0]));
      for (const p of simulate(n, size, range, rounds, 3)) {
        for (const id of p.byes) byes.set(id, byes.get(id)! + 1);
        const counts = [...byes.values()];
        expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
      }
    }
  });

  it('gives the bye to the lowest standing among those with the fewest byes', () => {
    const order = players(5);
    const p = pairRound({ players: order, tableSize: 2, seatRange: { min: 2, max: 2 }, seed: 1, round: 2, byeCounts: new Map([['p005', 1]]) });
    expect(p.byes).toEqual(['p004']);
  });
});

describe('advancers', () => {
  it('takes the best places of a table', () => {
    const table = [{ playerId: 'a', place: 3 }, { playerId: 'b', place: 1 }, { playerId: 'c', place: 2 }, { playerId: 'd', place: 4 }];
    expect(advancers(table, 2, [])).toEqual(['b', 'c']);
  });

  it('settles a tie at the cut by the standing before the round', () => {
    const table = [{ playerId: 'a', place: 1 }, { playerId: 'b', place: 2 }, { playerId: 'c', place: 2 }, { playerId: 'd', place: 4 }];
    expect(advancers(table, 2, ['d', 'c', 'b', 'a'])).toEqual(['a', 'c']);
  });

  it('never sends a whole table through', () => {
    expect(advancers([{ playerId: 'a', place: 1 }, { playerId: 'b', place: 2 }], 2, [])).toEqual(['a']);
  });
});
