/** A resignation counts as last place, whatever the bot that finished the seat scored. */
import { describe, expect, it } from 'vitest';
import { markResigned, withResignations } from './resignation.js';

const result = (...places: number[]) => ({ summary: { key: 'x' }, seats: places.map((place, seat) => ({ seat, place, score: 10 - place })) });

describe('withResignations', () => {
  it('puts the resigned seat last and moves the others up, keeping ties', () => {
    expect(withResignations(result(1, 2, 2, 4), new Set([0])).seats.map((s) => s.place)).toEqual([4, 1, 1, 3]);
  });

  it('several resigned seats share the last place; scores stay the game’s own', () => {
    const out = withResignations(result(1, 2, 3), new Set([0, 2]));
    expect(out.seats.map((s) => s.place)).toEqual([2, 1, 2]);
    expect(out.seats.map((s) => s.score)).toEqual([9, 8, 7]);
  });

  it('changes nothing without resignations', () => {
    const r = result(2, 1);
    expect(withResignations(r, new Set())).toBe(r);
  });

  it('marks the stored players who resigned', () => {
    const players = [0, 1].map((seat) => ({ seat, name: 'P', playerId: null, bot: false, score: 0, place: seat + 1 }));
    expect(markResigned(players, new Set([1])).map((p) => p.resigned)).toEqual([undefined, true]);
  });
});
