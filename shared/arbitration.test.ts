import { describe, expect, it } from 'vitest';
import { RaceQueue, compensate, type Submission } from './arbitration.js';
import { DelayEstimate, FLOOR_MS, PLAUSIBLE_MARGIN_MS, holdFor } from './delayEstimate.js';
import { ActionStamper } from './protocol/stamper.js';
import { Rng } from './random.js';

const race = (arrival: number, stamp: number | undefined, allowanceMs: number, holdMs: number): Submission =>
  ({ arrival, stamp, race: true, allowanceMs, holdMs });
const move = (arrival: number): Submission => ({ arrival, stamp: undefined, race: false, allowanceMs: 0, holdMs: 0 });

describe('compensated action time', () => {
  it('trusts a stamp inside [arrival - allowance, arrival]', () => {
    expect(compensate(1000, 920, 150)).toEqual({ time: 920, clamped: null });
  });
  it('clamps a stamp earlier than the allowance to arrival - allowance, and says so', () => {
    expect(compensate(1000, 100, 150)).toEqual({ time: 850, clamped: 'early' });
  });
  it('never lets a stamp claim to be later than its arrival', () => {
    expect(compensate(1000, 5000, 150)).toEqual({ time: 1000, clamped: 'late' });
  });
  it('uses the arrival when there is no stamp, and for an unmeasured player (allowance 0)', () => {
    expect(compensate(1000, undefined, 150)).toEqual({ time: 1000, clamped: null });
    expect(compensate(1000, 900, 0)).toEqual({ time: 1000, clamped: 'early' });
  });
});

describe('measured delay and the adaptive hold', () => {
  it("allows the line's delay: the fastest recent round trip, plus the millisecond floor", () => {
    const d = new DelayEstimate();
    for (const rtt of [152, 150, 149, 151, 400, 150]) d.add(rtt);
    expect(d.allowance(250)).toBe(149 + FLOOR_MS);
  });
  it('calls a stamp implausible only past the slowest recent round trip but one (one outlier ignored)', () => {
    const d = new DelayEstimate();
    for (const rtt of [152, 150, 149, 151, 400, 150]) d.add(rtt);
    expect(d.plausible(250)).toBe(152 + FLOOR_MS + PLAUSIBLE_MARGIN_MS);
    const trusted = 1000 - 149 - FLOOR_MS;
    expect(compensate(1000, 1000 - 160, d.allowance(250), d.plausible(250))).toEqual({ time: trusted, clamped: 'early' });
    expect(compensate(1000, 1000 - 200, d.allowance(250), d.plausible(250))).toEqual({ time: trusted, clamped: 'implausible' });
  });
  it('forgets old round trips: a line that got faster is held less', () => {
    const d = new DelayEstimate();
    for (let i = 0; i < 8; i++) d.add(150);
    for (let i = 0; i < 8; i++) d.add(20);
    expect(d.allowance(250)).toBe(20 + FLOOR_MS);
  });
  it('is capped, and zero until the player has been measured', () => {
    const d = new DelayEstimate();
    expect(d.allowance(250)).toBe(0);
    for (const rtt of [400, 410, 420]) d.add(rtt);
    expect(d.allowance(250)).toBe(250);
    expect(d.allowance(0)).toBe(0);
  });
  it('holds a claim only as long as the slowest other seat needs', () => {
    expect(holdFor([22, 8, 154])).toBe(154);
    expect(holdFor([])).toBe(0);
  });
  it('a table of fast players releases a race a few milliseconds after its arrival', () => {
    const q = new RaceQueue<string>(new Rng(1));
    const fast = 20 + FLOOR_MS;
    q.submit('a', race(1020, 1000, fast, fast));
    expect(q.nextReleaseAt()).toBe(1000 + fast);
    expect(q.release(1000 + fast - 1)).toEqual([]);
    expect(q.release(1000 + fast).map((c) => c.item)).toEqual(['a']);
  });
  it('the 150 ms player wins with the quicker reaction: the 20 ms player is held for it', () => {
    const q = new RaceQueue<string>(new Rng(1));
    // Both saw the change made at 1000: fast reacts in 260 ms, slow in 250 ms.
    q.submit('fast', race(1000 + 20 + 260, 1260, 22, 152));
    q.submit('slow', race(1000 + 150 + 250, 1250, 152, 22));
    expect(q.release(1400).map((c) => c.item)).toEqual(['slow']);
    expect(q.release(1412).map((c) => c.item)).toEqual(['fast']);
  });
  it("a slow player's own claim is not held for its own delay", () => {
    const q = new RaceQueue<string>(new Rng(1));
    const claim = q.submit('slow', race(1400, 1250, 152, 22));
    expect(claim.releaseAt).toBe(1272);
    expect(q.release(1400).map((c) => c.item)).toEqual(['slow']);
  });
  it('lets a non-race action through at once unless an earlier race claim is pending', () => {
    const q = new RaceQueue<string>(new Rng(1));
    q.submit('turn move', move(1000));
    expect(q.release(1000).map((c) => c.item)).toEqual(['turn move']);
    q.submit('grab', race(1010, 1005, 100, 100));
    q.submit('later move', move(1020));
    expect(q.release(1020)).toEqual([]);
    expect(q.nextReleaseAt()).toBe(1105);
    expect(q.release(1105).map((c) => c.item)).toEqual(['grab', 'later move']);
  });
});

describe('exact ties', () => {
  function tiedRace(coin: Rng, firstArrival: 'a' | 'b') {
    const q = new RaceQueue<string>(coin);
    const [x, y] = firstArrival === 'a' ? ['a', 'b'] : ['b', 'a'];
    q.submit(x, race(1010, 1000, 20, 20));
    q.submit(y, race(1011, 1000, 20, 20));
    return q.release(1100);
  }

  it('are settled by the coin, not by arrival: over 400 ties each seat wins about half', () => {
    const coin = new Rng(42);
    let aWins = 0;
    for (let i = 0; i < 400; i++) if (tiedRace(coin, 'a')[0].item === 'a') aWins++;
    expect(aWins).toBeGreaterThan(160);
    expect(aWins).toBeLessThan(240);
  });

  it('record the outcome on the claims, and the same seed settles them the same way', () => {
    const first = Array.from({ length: 20 }, ((coin) => () => tiedRace(coin, 'a'))(new Rng(7)));
    const again = Array.from({ length: 20 }, ((coin) => () => tiedRace(coin, 'a'))(new Rng(7)));
    expect(first.map((r) => r.map((c) => c.item).join())).toEqual(again.map((r) => r.map((c) => c.item).join()));
    for (const [winner, loser] of first) {
      expect(winner.tie).toMatchObject({ size: 2, rank: 0 });
      expect(loser.tie).toMatchObject({ size: 2, rank: 1 });
      expect([winner.tie!.arrived, loser.tie!.arrived].sort()).toEqual([0, 1]);
    }
  });

  it('leave claims at different times, and lone claims, without a coin', () => {
    const q = new RaceQueue<string>(new Rng(1));
    q.submit('later', race(1010, 1001, 20, 20));
    q.submit('earlier', race(1011, 1000, 20, 20));
    const out = q.release(1100);
    expect(out.map((c) => c.item)).toEqual(['earlier', 'later']);
    expect(out.map((c) => c.tie)).toEqual([null, null]);
  });
});

describe('forged stamps', () => {
  it('an always-earliest stamp gains at most the millisecond floor over an honest player on the same line', () => {
    // Both lines measure 50 ms at their fastest; the change was made at 1000 and both reacted in 240 ms.
    const q = new RaceQueue<string>(new Rng(3));
    const line = 50 + FLOOR_MS;
    const honest = q.submit('honest', race(1000 + 50 + 240, 1240, line, line));
    const forged = q.submit('forger', race(1000 + 50 + 240, 0, line, line));
    expect(forged.clamped).toBe('early');
    expect(honest.clamped).toBeNull();
    expect(honest.compensated - forged.compensated).toBe(FLOOR_MS);
  });
  it('when the trip is slower than the line measured, the honest and the forged claim land on the same time', () => {
    const q = new RaceQueue<string>(new Rng(3));
    const honest = q.submit('honest', race(1000 + 56 + 240, 1240, 52, 52));
    const forged = q.submit('forger', race(1000 + 56 + 240, 0, 52, 52));
    expect(honest.clamped).toBe('early');
    expect(forged.compensated).toBe(honest.compensated);
  });
  it('a forger reacting later than an honest player at the same delay loses', () => {
    const q = new RaceQueue<string>(new Rng(3));
    q.submit('forger', race(1000 + 50 + 245, 0, 52, 52));
    q.submit('honest', race(1000 + 50 + 240, 1240, 52, 52));
    expect(q.release(2000).map((c) => c.item)).toEqual(['honest', 'forger']);
  });
  it('counts a stamp older than any recent round trip as implausible', () => {
    expect(compensate(1300, 0, 52, 60)).toEqual({ time: 1248, clamped: 'implausible' });
  });
  it("cannot use another seat's larger allowance", () => {
    const q = new RaceQueue<string>(new Rng(3));
    const forged = q.submit('fast forger', race(1300, 1100, 22, 152));
    expect(forged.compensated).toBe(1278);
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
