/** Scoring (RULES-NOTES 3.7, 3.8 "Garnets" and "Bonus and titles") and the final standing. */
import { describe, expect, it } from 'vitest';
import { trafficTangoGame as game } from './index.js';
import { candidateChooser, deliveryGarnets, finalBonus, places, tokenOfLife } from './scoring.js';
import type { CarReport } from './simulate.js';
import { act, refusal, ROUTES, table } from './testing.js';
import type { TrafficTangoState } from './state.js';

const report = (steps: number | null): CarReport => ({
  seat: 0, drove: true, crashed: steps === null, steps, tolls: 0, gas: steps ?? 17, crash: null, hitBy: [], track: [],
});

describe('garnets per delivery', () => {
  it('9 / 9 / 11 / crash give 3 / 3 / 2 / 0 (a tie is demoted to the lower tier)', () => {
    expect(deliveryGarnets([9, 9, 11, null].map(report))).toEqual([3, 3, 2, 0]);
  });
  it('four players on 9 steps get 1 garnet each', () => {
    expect(deliveryGarnets([9, 9, 9, 9].map(report))).toEqual([1, 1, 1, 1]);
  });
  it('three players equally fastest are each third: 2 garnets', () => {
    expect(deliveryGarnets([8, 8, 8, 10].map(report))).toEqual([2, 2, 2, 1]);
  });
  it('garnets rank by steps, not gas: tolls do not change the place', () => {
    const tolled = { ...report(9), tolls: 4, gas: 13 };
    expect(deliveryGarnets([tolled, report(10), report(11), report(12)])).toEqual([4, 3, 2, 1]);
  });
});

describe('end of the match', () => {
  it('30/30/40/50: +3 to each 30, no Token of Life, 50 is the Elimination Candidate', () => {
    expect(finalBonus([30, 30, 40, 50])).toEqual([3, 3, 0, 0]);
    expect(tokenOfLife([30, 30, 40, 50])).toBeNull();
  });
  it('30/35/35/40: bonuses 5, 3, 3', () => {
    expect(finalBonus([30, 35, 35, 40])).toEqual([5, 3, 3, 0]);
    expect(tokenOfLife([30, 35, 35, 40])).toBe(0);
  });
  it('all four tied: +2 each', () => {
    expect(finalBonus([40, 40, 40, 40])).toEqual([2, 2, 2, 2]);
  });
  it('ranking: lowest gas, then more garnets, then fewer crashes, then a shared place', () => {
    expect(places([30, 30, 30, 40], [5, 7, 5, 9], [1, 0, 0, 0])).toEqual([3, 1, 2, 4]);
    expect(places([30, 30, 40, 40], [5, 5, 1, 1], [0, 0, 2, 2])).toEqual([1, 1, 3, 3]);
  });
  it('40/50/50/50: the winner on 40 picks the Elimination Candidate', () => {
    expect(candidateChooser([40, 50, 50, 50], [1, 2, 2, 2])).toBe(0);
    expect(candidateChooser([40, 40, 50, 50], [1, 2, 3, 3])).toBe(0);
    expect(candidateChooser([40, 40, 50, 50], [1, 1, 3, 3])).toBeNull();
  });
});

/** Day 5 with the four clear routes (9 steps each, 1 garnet each). */
function lastDay(gasBefore: number[], garnets = [0, 0, 0, 0]): TrafficTangoState {
  let s = table({ day: 5, gas: gasBefore, garnets });
  (['NW', 'NE', 'SE', 'SW'] as const).forEach((c, seat) => { s = act(s, seat, { type: 'route', tiles: ROUTES[c].split(' ') }).state; });
  return s;
}

describe('final standing', () => {
  it('after day 5 the match ends: places by gas, bonus garnets, Token of Life, Elimination Candidate', () => {
    const s = lastDay([21, 26, 26, 31]);
    expect(s.gas).toEqual([30, 35, 35, 40]);
    expect(s.phase).toBe('over');
    expect(s.finale).toMatchObject({ bonus: [5, 3, 3, 0], token: 0, candidate: 3 });
    expect(s.garnets).toEqual([6, 4, 4, 1]);
    const r = game.result(s);
    expect(r?.seats).toEqual([{ seat: 0, place: 1, score: 30 }, { seat: 1, place: 2, score: 35 }, { seat: 2, place: 2, score: 35 }, { seat: 3, place: 4, score: 40 }]);
    expect(r?.summary).toEqual({ key: 'traffic_tango:summary.win', params: { seat: '@0', gas: 30, token: '@0', candidate: '@3' } });
    expect(game.publicView(s, 0).players.map((p) => p.garnets)).toEqual([6, 4, 4, 1]);
  });

  it('40/50/50/50: the winner chooses the Elimination Candidate among the tied players', () => {
    const s = lastDay([31, 41, 41, 41]);
    expect(s.phase).toBe('choose');
    expect(game.activeSeats(s)).toEqual([0]);
    expect(game.seatView(s, 0, 0).canEliminate).toEqual([1, 2, 3]);
    expect(game.result(s)).toBeNull();
    expect(refusal(s, 1, { type: 'eliminate', seat: 2 }).code).toBe('not_chooser');
    expect(refusal(s, 0, { type: 'eliminate', seat: 0 }).code).toBe('not_tied');
    const done = act(s, 0, { type: 'eliminate', seat: 2 }).state;
    expect(done.finale?.candidate).toBe(2);
    expect(game.result(done)?.summary).toMatchObject({ params: { candidate: '@2' } });
  });

  it('when the choice times out, the tied player with the fewest garnets is the Elimination Candidate', () => {
    const s = lastDay([31, 41, 41, 41], [0, 5, 2, 9]);
    const deadline = game.nextDeadline(s);
    expect(deadline).toBe(100 + 60_000);
    const r = game.advance(s, deadline ?? 0);
    expect(r.ok && r.state.finale?.candidate).toBe(2);
  });

  it('with all four tied, the player with the fewest garnets is the Elimination Candidate, nobody chooses', () => {
    const s = lastDay([31, 31, 31, 31], [4, 1, 3, 2]);
    expect(s.phase).toBe('over');
    expect(s.finale).toMatchObject({ bonus: [2, 2, 2, 2], token: null, chooser: null, candidate: 1 });
  });
});
