import { describe, expect, it } from 'vitest';
import { planTables } from './tables.js';

describe('planTables', () => {
  it('splits into tables of the target size when the count divides', () => {
    expect(planTables(16, 4, { min: 2, max: 6 })).toEqual({ sizes: [4, 4, 4, 4], byes: 0 });
  });

  it('uses T-1 or T+1 tables when it does not, fewest off-size tables first, then smaller tables', () => {
    expect(planTables(17, 4, { min: 2, max: 6 })).toEqual({ sizes: [5, 4, 4, 4], byes: 0 });
    expect(planTables(15, 4, { min: 2, max: 6 })).toEqual({ sizes: [4, 4, 4, 3], byes: 0 });
    expect(planTables(10, 4, { min: 2, max: 6 })).toEqual({ sizes: [4, 3, 3], byes: 0 });
    expect(planTables(6, 4, { min: 2, max: 6 })).toEqual({ sizes: [3, 3], byes: 0 });
    expect(planTables(5, 4, { min: 2, max: 6 })).toEqual({ sizes: [5], byes: 0 });
    expect(planTables(3, 4, { min: 2, max: 6 })).toEqual({ sizes: [3], byes: 0 });
  });

  it('plays a final of two when the game allows it', () => {
    expect(planTables(2, 4, { min: 2, max: 6 })).toEqual({ sizes: [2], byes: 0 });
  });

  it('gives byes when no split fits the seat range', () => {
    expect(planTables(7, 2, { min: 2, max: 2 })).toEqual({ sizes: [2, 2, 2], byes: 1 });
    expect(planTables(7, 4, { min: 4, max: 4 })).toEqual({ sizes: [4], byes: 3 });
    expect(planTables(3, 4, { min: 4, max: 4 })).toEqual({ sizes: [], byes: 3 });
    expect(planTables(1, 4, { min: 2, max: 6 })).toEqual({ sizes: [], byes: 1 });
  });

  it('clamps the target into the seat range', () => {
    expect(planTables(12, 8, { min: 2, max: 4 })).toEqual({ sizes: [4, 4, 4], byes: 0 });
  });

  it('widens past T±1 only when T±1 cannot seat everybody', () => {
    expect(planTables(9, 6, { min: 2, max: 8 })).toEqual({ sizes: [5, 4], byes: 0 });
    expect(planTables(2, 4, { min: 2, max: 6 })).toEqual({ sizes: [2], byes: 0 });
  });

  const ranges = [
    { min: 2, max: 6 }, { min: 2, max: 5 }, { min: 2, max: 4 }, { min: 2, max: 8 }, { min: 4, max: 4 }, { min: 2, max: 2 }, { min: 3, max: 5 },
  ];
  for (const range of ranges) {
    for (const target of [2, 3, 4, 5, 6]) {
      if (target < range.min || target > range.max) continue;
      it(`every count 3–200 gets valid tables (target ${target}, seats ${range.min}–${range.max})`, () => {
        const lo = Math.max(range.min, target - 1);
        const hi = Math.min(range.max, target + 1);
        const problems: string[] = [];
        for (let n = 3; n <= 200; n++) {
          const { sizes, byes } = planTables(n, target, range);
          const bad = (why: string): void => { problems.push(`n=${n} ${JSON.stringify(sizes)} byes=${byes}: ${why}`); };
          if (sizes.reduce((a, b) => a + b, 0) + byes !== n) bad('does not add up');
          if (sizes.some((s) => s < range.min || s > range.max)) bad('outside the seat range');
          // T±1 whenever some number of T±1 tables can seat everybody.
          let fits = false;
          for (let k = 1; k <= n; k++) if (k * lo <= n && n <= k * hi) fits = true;
          if (fits && (byes > 0 || sizes.some((s) => Math.abs(s - target) > 1))) bad('T±1 tables were possible');
          // Byes only when unavoidable.
          if (range.min === 2 && range.max >= 3 && byes > 0) bad('byes with a flexible game');
          if (range.max === range.min && byes !== n % range.min) bad('too many byes');
          if (byes >= 2 * range.min) bad('a whole table of byes');
        }
        expect(problems).toEqual([]);
      });
    }
  }
});
