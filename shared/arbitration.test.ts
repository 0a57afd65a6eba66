import { describe, expect, it } from 'vitest';
import { RaceQueue, compensatedTime } from './arbitration.js';
import { ActionStamper } from './protocol/stamper.js';

describe('compensated action time', () => {
  it('trusts a stamp inside [arrival - window, arrival]', () => {
    expect(compensatedTime(1000, 920, 150)).toBe(920);
  });
  it('caps a stamp older than the window at arrival - window', () => {
    expect(compensatedTime(1000, 100, 150)).toBe(850);
  });
  it('never lets a stamp claim to be later than its arrival', () => {
    expect(compensatedTime(1000, 5000, 150)).toBe(1000);
  });
  it('uses the arrival when there is no stamp, and always with window 0', () => {
    expect(compensatedTime(1000, undefined, 150)).toBe(1000);
    expect(compensatedTime(1000, 900, 0)).toBe(1000);
  });
});

describe('race queue', () => {
  it('applies a later-arriving claim first when it was made earlier (within the window)', () => {
    const q = new RaceQueue<string>(150);
    q.submit('fast player', 1000, 995, true);
    q.submit('slow player', 1060, 960, true);
    expect(q.release(1100)).toEqual([]);
    expect(q.release(1110).map((c) => c.item)).toEqual(['slow player']);
    expect(q.release(1145).map((c) => c.item)).toEqual(['fast player']);
  });

  it('with window 0 serves first come, first served at once', () => {
    const q = new RaceQueue<string>(0);
    q.submit('a', 1000, 900, true);
    expect(q.release(1000).map((c) => c.item)).toEqual(['a']);
  });

  it('breaks equal compensated times by arrival', () => {
    const q = new RaceQueue<string>(100);
    q.submit('second', 1010, 1000, true);
    q.submit('first', 1000, 1000, true);
    expect(q.release(1100).map((c) => c.item)).toEqual(['first', 'second']);
  });

  it('lets a non-race action through at once unless an earlier race claim is pending', () => {
    const q = new RaceQueue<string>(100);
    q.submit('turn move', 1000, undefined, false);
    expect(q.release(1000).map((c) => c.item)).toEqual(['turn move']);
    q.submit('grab', 1010, 1005, true);
    q.submit('later move', 1020, undefined, false);
    expect(q.release(1020)).toEqual([]);
    expect(q.nextReleaseAt()).toBe(1105);
    expect(q.release(1105).map((c) => c.item)).toEqual(['grab', 'later move']);
  });
});

describe('action stamps', () => {
  it('adds the time the player looked at a state to that state server time', () => {
    const s = new ActionStamper();
    s.noteState(7, 50_000, 10_000);
    expect(s.stamp(10_240, 0)).toBe(50_240);
  });
  it('keeps the first receipt of a version (a repeated patch does not reset the look)', () => {
    const s = new ActionStamper();
    s.noteState(7, 50_000, 10_000);
    s.noteState(7, 50_000, 10_100);
    expect(s.stamp(10_200, 0)).toBe(50_200);
  });
  it('falls back to the clock estimate before any state arrived', () => {
    expect(new ActionStamper().stamp(10, 123.4)).toBe(123);
  });
});
