/** Structural sharing (shared/games/edit.ts): refusals copy nothing, moves copy only what they change, no state is ever written twice. */
import { describe, expect, it } from 'vitest';
import { deepFreeze, expectSharedFrozenGame, sharedPaths } from '../testing/sharing.js';
import { carExchangeGame as game } from './index.js';
import { carExchangeOptions } from './options.js';

const start = () => deepFreeze(game.setup(carExchangeOptions.parse({ players: 3 }), 3, 5, 0));

describe('structural sharing', () => {
  it('a refused move leaves the frozen state as it was; an advance with nothing due returns the same object', () => {
    const s = start();
    const other = (s.turn + 1) % 3;
    expect(game.apply(s, other, { type: 'draw' }, 10).ok).toBe(false);
    const a = game.advance(s, 10);
    expect(a.ok && a.state).toBe(s);
  });

  it('a draw copies the deck and the drawer’s hand; the other hands, the tableaux and the discard pile stay the same objects', () => {
    const s = start();
    const r = game.apply(s, s.turn, { type: 'draw' }, 10);
    if (!r.ok) throw new Error(r.error.code);
    expect(r.state.deck).not.toBe(s.deck);
    expect(r.state.hands[s.turn]).not.toBe(s.hands[s.turn]);
    const others = [0, 1, 2].filter((seat) => seat !== s.turn).map((seat) => `hands.${seat}`);
    expect(sharedPaths(s, r.state)).toEqual(expect.arrayContaining(['options', 'tableaux', 'discard', 'out', ...others]));
  });

  for (const seats of [2, 4]) {
    it(`${seats} seats: frozen seeded games never write into a previous state and copy nothing that did not change`, () => {
      for (let seed = 1; seed <= 4; seed++) {
        expectSharedFrozenGame(game, {}, seats, seed * 31);
      }
    });
  }
});
