import { describe, expect, it } from 'vitest';
import { memoOn } from './memo.js';

describe('memoOn', () => {
  it('gives the same result for the same piece and arguments, and computes again for another piece or argument', () => {
    let calls = 0;
    const view = memoOn((hand: number[], seat: number) => { calls++; return { seat, cards: hand.length }; });
    const hand = [1, 2];
    const first = view(hand, 0);
    expect(view(hand, 0)).toBe(first);
    expect(calls).toBe(1);
    expect(view([1, 2], 0)).not.toBe(first);
    expect(view(hand, 1)).toEqual({ seat: 1, cards: 2 });
    expect(calls).toBe(3);
  });

  it('keeps one result per seat for a piece every seat reads (per-seat views do not evict each other)', () => {
    let calls = 0;
    const mine = memoOn((placed: { owner: number }[], seat: number) => { calls++; return placed.filter((p) => p.owner === seat); });
    const placed = [{ owner: 0 }, { owner: 1 }];
    const round = () => [0, 1, 2, 3].map((seat) => mine(placed, seat));
    const before = round();
    const after = round();
    after.forEach((v, seat) => expect(v).toBe(before[seat]));
    expect(calls).toBe(4);
  });
});
