/**
 * Is the tie coin fair? Exact ties go through the real race queue (shared/arbitration.ts) with the
 * coin each room really uses (`tieCoin`, seeded from the game seed), the claims always submitted
 * in the same order, so any pull towards the first arrival (or the first seat, or one rank) shows.
 *
 * The seeds are fixed, so a run can never flake; the bound is still a statistical one: a fair
 * coin lands outside mean ± 5 standard deviations of a binomial count with probability < 1e-6 per
 * check, and 100,000 ties put that bound at ± 0.8 % for a two-way tie (issue 31 asks 50 ± 3 %).
 */
import { describe, expect, it } from 'vitest';
import { RaceQueue, type Submission } from '../../shared/arbitration.js';
import type { Rng } from '../../shared/random.js';
import { tieCoin } from './actionPipeline.js';

const TIES = 100_000;
const Z = 5;

/** Claims of `size` seats with the same stamp, arriving 1 ms apart in seat order; returns each claim's rank, by arrival. */
function settle(queue: RaceQueue<number>, size: number, at: number): number[] {
  const claim = (arrival: number): Submission => ({ arrival, stamp: at, race: true, allowanceMs: 40, holdMs: 40 });
  for (let seat = 0; seat < size; seat++) queue.submit(seat, claim(at + 10 + seat));
  const released = queue.release(at + 100);
  return released.sort((a, b) => a.item - b.item).map((c) => c.tie!.rank);
}

/** How often each arrival got each rank, over `rooms` rooms settling `tiesPerRoom` ties each. */
function tally(size: number, rooms: number, tiesPerRoom: number, coinOf: (room: number) => Rng): number[][] {
  const counts = Array.from({ length: size }, () => new Array<number>(size).fill(0));
  for (let room = 0; room < rooms; room++) {
    const queue = new RaceQueue<number>(coinOf(room));
    for (let t = 0; t < tiesPerRoom; t++) settle(queue, size, 1000 * (t + 1)).forEach((rank, arrival) => counts[arrival][rank]++);
  }
  return counts;
}

/** Every cell's count is within Z standard deviations of a fair split (each rank 1/size of the ties). */
function expectFair(counts: number[][]): void {
  const size = counts.length;
  const ties = counts[0].reduce((a, b) => a + b, 0);
  const p = 1 / size;
  const slack = Z * Math.sqrt(ties * p * (1 - p));
  for (const [arrival, ranks] of counts.entries()) {
    for (const [rank, n] of ranks.entries()) {
      expect(Math.abs(n - ties * p), `arrival ${arrival} got rank ${rank} ${n} times of ${ties}`).toBeLessThanOrEqual(slack);
    }
  }
}

describe('the tie coin (issue 31: 50 ± 3 % over exact ties)', () => {
  it('the first tie of 100,000 tables with consecutive game seeds goes to the first arrival half the time', () => {
    const counts = tally(2, TIES, 1, (room) => tieCoin(room));
    expectFair(counts);
    // Issue 31's own target, far inside the bound above.
    expect(Math.abs(counts[0][0] / TIES - 0.5)).toBeLessThan(0.03);
  });

  it('the first tie of 100,000 tables with spread-out seeds, and of tables reopened under a new fence', () => {
    expectFair(tally(2, TIES, 1, (room) => tieCoin(Math.imul(room + 1, 0x9e3779b1) >>> 0)));
    expectFair(tally(2, TIES, 1, (room) => tieCoin(12345, room + 1)));
  });

  it('every tie of one long game, and the first ten ties of 10,000 games, split evenly', () => {
    expectFair(tally(2, 1, TIES, () => tieCoin(0xdecade)));
    expectFair(tally(2, TIES / 10, 10, (room) => tieCoin(room)));
  });

  it('three- and four-way ties: each arrival gets each rank a third or a quarter of the time', () => {
    expectFair(tally(3, TIES, 1, (room) => tieCoin(room)));
    expectFair(tally(4, TIES, 1, (room) => tieCoin(room)));
  });
});
