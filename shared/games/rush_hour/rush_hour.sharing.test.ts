/** Structural sharing (shared/games/edit.ts): refusals copy nothing, moves copy only what they change, no state is ever written twice. */
import { describe, expect, it } from 'vitest';
import { deepFreeze, expectSharedFrozenGame, sharedPaths } from '../testing/sharing.js';
import { rushHourGame as game } from './index.js';
import { car, row, table } from './testing.js';

const three = () => deepFreeze(table([row(car(5)), row(car(20)), row(car(40))], [[car(6), car(7)], [car(21), car(22)], [car(41), car(42)]]));

describe('structural sharing', () => {
  it('a refused pick leaves the frozen state as it was; an advance with nothing due returns the same object', () => {
    const s = three();
    expect(game.apply(s, 0, { type: 'pick', card: car(21) }, 100).ok).toBe(false);
    const a = game.advance(s, 100);
    expect(a.ok && a.state).toBe(s);
  });

  it('a secret pick copies the picks only; then the reveal leaves the rows it did not touch the same objects', () => {
    const s = three();
    const r = game.apply(s, 0, { type: 'pick', card: car(6) }, 100);
    if (!r.ok) throw new Error(r.error.code);
    expect(r.state.picks).not.toBe(s.picks);
    expect(sharedPaths(s, r.state)).toEqual(expect.arrayContaining(['options', 'rng', 'unused', 'rows', 'hands', 'piles', 'banked']));
    const two = game.apply(deepFreeze(r.state), 1, { type: 'pick', card: car(21) }, 100);
    const all = two.ok ? game.apply(deepFreeze(two.state), 2, { type: 'pick', card: car(41) }, 100) : two;
    if (!all.ok) throw new Error(all.error.code);
    const after = all.state;
    expect(after.rows).toEqual([row(car(5), car(6)), row(car(20), car(21)), row(car(40), car(41))]);
    expect(after.lastTurn?.rowsBefore).toBe(s.rows);
    expect(after.piles).toBe(s.piles);
    expect(after.rows[0][0]).toBe(s.rows[0][0]);
  });

  for (const [seats, variant] of [[2, 'classic'], [4, 'classic'], [3, 'kids']] as const) {
    it(`${variant}, ${seats} seats: frozen seeded games never write into a previous state and copy nothing that did not change`, () => {
      for (let seed = 1; seed <= 5; seed++) {
        expectSharedFrozenGame(game, { variant }, seats, seed * 31);
      }
    });
  }
});
