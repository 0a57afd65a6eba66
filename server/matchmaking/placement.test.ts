import { describe, expect, it } from 'vitest';
import { chooseProcess, RecentPlacements, type PlacementInput } from './placement.js';

const input = (over: Partial<PlacementInput>): PlacementInput => ({
  processes: [], draining: new Set(), recent: new Map(), self: 'self', turn: 0, ...over,
});

describe('chooseProcess', () => {
  it('opens the room here when no process is known', () => {
    expect(chooseProcess(input({}))).toBe('self');
  });

  it('picks the process with the fewest rooms', () => {
    expect(chooseProcess(input({ processes: [{ processId: 'a', roomCount: 5 }, { processId: 'b', roomCount: 2 }] }))).toBe('b');
  });

  it('counts the rooms it sent that the stats do not show yet', () => {
    const processes = [{ processId: 'a', roomCount: 5 }, { processId: 'b', roomCount: 2 }];
    expect(chooseProcess(input({ processes, recent: new Map([['b', 4]]) }))).toBe('a');
  });

  it('skips draining processes, and falls back to this one when all drain', () => {
    const processes = [{ processId: 'a', roomCount: 9 }, { processId: 'b', roomCount: 0 }];
    expect(chooseProcess(input({ processes, draining: new Set(['b']) }))).toBe('a');
    expect(chooseProcess(input({ processes, draining: new Set(['a', 'b']) }))).toBe('self');
  });

  it('takes equally loaded processes in turn, whatever order the stats list them in', () => {
    const processes = [{ processId: 'c', roomCount: 1 }, { processId: 'a', roomCount: 1 }, { processId: 'b', roomCount: 3 }];
    expect([0, 1, 2, 3].map((turn) => chooseProcess(input({ processes, turn })))).toEqual(['a', 'c', 'a', 'c']);
  });

  it('starts the turn among equals with itself, so two processes opening one room each use both', () => {
    const processes = [{ processId: 'a', roomCount: 0 }, { processId: 'b', roomCount: 0 }];
    expect(chooseProcess(input({ processes, self: 'a' }))).toBe('a');
    expect(chooseProcess(input({ processes, self: 'b' }))).toBe('b');
    expect([0, 1, 2].map((turn) => chooseProcess(input({ processes, self: 'b', turn })))).toEqual(['b', 'a', 'b']);
  });

  it('spreads a burst evenly while the stats stay unchanged', () => {
    // A tournament round opening 24 tables: the published counts do not move during the burst.
    const processes = [{ processId: 'a', roomCount: 3 }, { processId: 'b', roomCount: 0 }, { processId: 'c', roomCount: 1 }];
    const recent = new RecentPlacements(2_000);
    for (let turn = 0; turn < 24; turn++) {
      const chosen = chooseProcess(input({ processes, recent: recent.counts(1_000), turn }));
      recent.add(chosen, 1_000);
    }
    const counts = recent.counts(1_000);
    const totals = processes.map((p) => p.roomCount + (counts.get(p.processId) ?? 0));
    expect(Math.max(...totals) - Math.min(...totals)).toBeLessThanOrEqual(1);
    expect(totals.reduce((x, y) => x + y, 0)).toBe(28);
  });
});

describe('RecentPlacements', () => {
  it('forgets placements older than its window', () => {
    const recent = new RecentPlacements(2_000);
    recent.add('a', 0);
    recent.add('a', 1_500);
    recent.add('b', 1_900);
    expect(recent.counts(1_999)).toEqual(new Map([['a', 2], ['b', 1]]));
    expect(recent.counts(2_000)).toEqual(new Map([['a', 1], ['b', 1]]));
    expect(recent.counts(4_000)).toEqual(new Map());
  });
});
