/** Structural sharing (shared/games/edit.ts): refusals copy nothing, moves copy only what they change, no state is ever written twice. */
import { describe, expect, it } from 'vitest';
import { deepFreeze, expectSharedFrozenGame, sharedPaths } from '../testing/sharing.js';
import { trafficMemoryGame as game } from './index.js';
import { table } from './testing.js';

describe('structural sharing', () => {
  it('a refused move leaves the frozen state as it was; an advance with nothing due returns the same object', () => {
    const s = deepFreeze(table([1, 2, 3, 9], { flipMs: 0 }));
    expect(game.apply(s, 1, { type: 'open', pos: 0 }, 100).ok).toBe(false);
    const a = game.advance(s, 100);
    expect(a.ok && a.state).toBe(s);
  });

  it('opening a card copies the opened list, never the grid or the cards; a take copies the grid and the taker’s pile only', () => {
    const s = deepFreeze(table([1, 2, 9, 5], { flipMs: 0 }));
    const one = game.apply(s, 0, { type: 'open', pos: 0 }, 100);
    if (!one.ok) throw new Error(one.error.code);
    expect(one.state.opened).toEqual([0]);
    expect(sharedPaths(s, one.state)).toEqual(expect.arrayContaining(['grid', 'piles', 'options', 'rng']));
    const two = game.apply(deepFreeze(one.state), 0, { type: 'open', pos: 1 }, 100);
    const three = two.ok ? game.apply(deepFreeze(two.state), 0, { type: 'open', pos: 2 }, 100) : two;
    if (!three.ok) throw new Error(three.error.code);
    expect(three.state.grid).not.toBe(s.grid);
    expect(three.state.grid[2]).toBe(s.grid[2]);
    expect(three.state.piles[0]).toEqual([s.grid[0], s.grid[1]]);
    expect(three.state.piles[0][0]).toBe(s.grid[0]);
    expect(three.state.piles[1]).toBe(s.piles[1]);
  });

  for (const seats of [2, 4]) {
    it(`${seats} seats: frozen seeded games never write into a previous state and copy nothing that did not change`, () => {
      for (let seed = 1; seed <= 6; seed++) {
        expectSharedFrozenGame(game, {}, seats, seed * 31);
      }
    });
  }
});
