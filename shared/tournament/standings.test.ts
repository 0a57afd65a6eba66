import { describe, expect, it } from 'vitest';
import { computeStandings } from './standings.js';
import type { PlayerRoundResult } from './types.js';

function table(round: number, id: string, players: [string, number, number][]): PlayerRoundResult[] {
  return players.map(([playerId, place, points]) => ({ round, playerId, tableId: id, place, tableSize: players.length, points, bye: false }));
}

const ids = (s: { playerId: string }[]): string[] => s.map((x) => x.playerId);

describe('computeStandings', () => {
  it('orders by points first', () => {
    const results = table(1, 't1', [['a', 2, 2], ['b', 1, 3], ['c', 3, 1], ['d', 4, 0]]);
    const s = computeStandings({ players: ['a', 'b', 'c', 'd'].map((playerId) => ({ playerId })), results, seed: 1 });
    expect(ids(s)).toEqual(['b', 'a', 'c', 'd']);
    expect(s.map((x) => x.rank)).toEqual([1, 2, 3, 4]);
    expect(s[0]).toMatchObject({ points: 3, wins: 1, played: 1, averageFinish: 0 });
  });

  it('breaks equal points by opponents\u2019 average points', () => {
    // a and e both have 3 points; a met stronger opponents (b: 3+3) than e did.
    const results = [
      ...table(1, 't1', [['a', 1, 3], ['b', 2, 0]]),
      ...table(1, 't2', [['e', 1, 3], ['f', 2, 0]]),
      ...table(2, 't3', [['b', 1, 3], ['x', 2, 0]]),
      ...table(2, 't4', [['a', 2, 0], ['y', 1, 3]]),
      ...table(2, 't5', [['e', 2, 0], ['z', 1, 3]]),
      ...table(3, 't6', [['b', 1, 3], ['z', 2, 0]]),
    ];
    const players = ['a', 'b', 'e', 'f', 'x', 'y', 'z'].map((playerId) => ({ playerId }));
    const s = computeStandings({ players, results, seed: 1 });
    const a = s.find((x) => x.playerId === 'a')!;
    const e = s.find((x) => x.playerId === 'e')!;
    expect(a.points).toBe(e.points);
    expect(a.opponentsPoints).toBe(4.5); // b has 0 + 3 + 3, y has 3: (6 + 3) / 2
    expect(e.opponentsPoints).toBe(1.5); // f has 0, z has 3 + 0
    expect(s.indexOf(a)).toBeLessThan(s.indexOf(e));
  });

  it('then by wins, then by average finish', () => {
    // p, r and s all have 3 points and opponents averaging 1.5 points.
    const results = [
      ...table(1, 't1', [['p', 1, 3], ['q0', 2, 0]]),
      ...table(2, 't2', [['p', 2, 0], ['q1', 1, 3]]),
      ...table(1, 't3', [['r', 2, 1.5], ['r0', 2, 1.5]]),
      ...table(2, 't4', [['r', 2, 1.5], ['r1', 2, 1.5]]),
      ...table(1, 't5', [['s', 2, 1.5], ['s0', 1, 1.5], ['s1', 3, 0]]),
      ...table(2, 't6', [['s', 2, 1.5], ['s2', 1, 1.5], ['s3', 3, 3]]),
    ];
    const players = ['p', 'q0', 'q1', 'r', 'r0', 'r1', 's', 's0', 's1', 's2', 's3'].map((playerId) => ({ playerId }));
    const s = computeStandings({ players, results, seed: 1 });
    const mine = s.filter((x) => ['p', 'r', 's'].includes(x.playerId));
    expect(mine.map((x) => [x.points, x.opponentsPoints])).toEqual([[3, 1.5], [3, 1.5], [3, 1.5]]);
    // p has a win; s and r none, and s finished higher on average (0.5 of the way down vs 1).
    expect(ids(mine)).toEqual(['p', 's', 'r']);
    expect(mine.map((x) => x.wins)).toEqual([1, 0, 0]);
  });

  it('settles complete ties by a lot fixed by the seed', () => {
    const players = ['a', 'b', 'c', 'd', 'e'].map((playerId) => ({ playerId }));
    const one = ids(computeStandings({ players, results: [], seed: 7 }));
    expect(ids(computeStandings({ players: [...players].reverse(), results: [], seed: 7 }))).toEqual(one);
    const others = [1, 2, 3, 4, 5].map((seed) => ids(computeStandings({ players, results: [], seed })).join());
    expect(new Set(others).size).toBeGreaterThan(1);
  });

  it('elimination: later exits rank above earlier ones whatever their points', () => {
    const results = [
      ...table(1, 't1', [['a', 1, 3], ['b', 2, 0]]),
      ...table(1, 't2', [['c', 1, 3], ['d', 2, 0]]),
      ...table(2, 't3', [['c', 1, 3], ['a', 2, 0]]),
    ];
    const players = [
      { playerId: 'a', eliminatedRound: null }, { playerId: 'b', eliminatedRound: 1 },
      { playerId: 'c', eliminatedRound: null }, { playerId: 'd', eliminatedRound: 1 },
    ];
    expect(ids(computeStandings({ players, results, seed: 3, format: 'elimination' })).slice(0, 2)).toEqual(['c', 'a']);
  });
});
