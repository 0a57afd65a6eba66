/** TableClocks on Colyseus' own clock: one timer per purpose, replaced when set again, cleared, fired once. */
import { describe, expect, it } from 'vitest';
import { SteppedClock } from '../../test/support/steppedClock.js';
import { TableClocks } from './tableClocks.js';

function clocks() {
  let now = 1_000;
  const clock = new SteppedClock();
  const table = new TableClocks(clock, () => now);
  const advance = (ms: number) => { now += ms; clock.step(ms); };
  return { table, advance };
}

describe('TableClocks', () => {
  it('fires at the given time, once', () => {
    const { table, advance } = clocks();
    const fired: string[] = [];
    table.at('deadline', 1_500, () => fired.push('deadline'));
    expect(table.isSet('deadline')).toBe(true);
    advance(400);
    expect(fired).toEqual([]);
    advance(200);
    expect(fired).toEqual(['deadline']);
    expect(table.isSet('deadline')).toBe(false);
    advance(1_000);
    expect(fired).toEqual(['deadline']);
  });

  it('setting a timer again replaces it; null and clear only cancel; other purposes are untouched', () => {
    const { table, advance } = clocks();
    const fired: string[] = [];
    table.at('deadline', 1_100, () => fired.push('first'));
    table.at('deadline', 1_300, () => fired.push('second'));
    table.at('absence', 1_200, () => fired.push('absence'));
    table.at('release', 1_050, () => fired.push('release'));
    table.clear('release');
    advance(150);
    expect(fired).toEqual([]);
    advance(100);
    expect(fired).toEqual(['absence']);
    table.at('absence', null, () => fired.push('never'));
    advance(100);
    expect(fired).toEqual(['absence', 'second']);
  });

  it('a time already past fires on the next tick', () => {
    const { table, advance } = clocks();
    const fired: number[] = [];
    table.at('autoStart', 0, () => fired.push(1));
    advance(1);
    expect(fired).toEqual([1]);
  });
});
