import { describe, expect, it } from 'vitest';
import { defaultByePoints, normalisePlaces, pointsBySize, pointsForPlaces } from './points.js';

describe('placement points', () => {
  it('default 3/2/1/0 at a table of four, scaled linearly to other sizes', () => {
    expect(pointsBySize([3, 2, 1, 0], 4)).toEqual([3, 2, 1, 0]);
    expect(pointsBySize([3, 2, 1, 0], 3)).toEqual([3, 1.5, 0]);
    expect(pointsBySize([3, 2, 1, 0], 5)).toEqual([3, 2.25, 1.5, 0.75, 0]);
    expect(pointsBySize([3, 2, 1, 0], 2)).toEqual([3, 0]);
  });

  it('follows a configured, non-linear scale', () => {
    expect(pointsBySize([5, 3, 2, 0], 4)).toEqual([5, 3, 2, 0]);
    expect(pointsBySize([5, 3, 2, 0], 5)).toEqual([5, 3.5, 2.5, 1.5, 0]);
    expect(pointsBySize([10], 3)).toEqual([10, 10, 10]);
  });

  it('tied players share the points of the places they cover', () => {
    expect(pointsForPlaces([2, 1, 2, 4])).toEqual([1.5, 3, 1.5, 0]);
    expect(pointsForPlaces([1, 1, 1, 1])).toEqual([1.5, 1.5, 1.5, 1.5]);
    // Dense ranking means the same.
    expect(pointsForPlaces([1, 2, 2, 3])).toEqual(pointsForPlaces([1, 2, 2, 4]));
  });

  it('normalises places to competition ranking', () => {
    expect(normalisePlaces([1, 2, 2, 3])).toEqual([1, 2, 2, 4]);
    expect(normalisePlaces([9, 9, Number.MAX_SAFE_INTEGER])).toEqual([1, 1, 3]);
  });

  it('a bye is worth the average of a full table', () => {
    expect(defaultByePoints([3, 2, 1, 0], 4)).toBe(1.5);
    expect(defaultByePoints([3, 0], 2)).toBe(1.5);
  });
});
