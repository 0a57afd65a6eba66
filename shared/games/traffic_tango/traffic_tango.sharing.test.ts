/** Structural sharing (shared/games/edit.ts): refusals copy nothing, moves copy only what they change, no state is ever written twice. */
import { describe, expect, it } from 'vitest';
import { deepFreeze, expectSharedFrozenGame, sharedPaths } from '../testing/sharing.js';
import { trafficTangoGame as game } from './index.js';
import { table } from './testing.js';

describe('structural sharing', () => {
  it('a refused move leaves the frozen state as it was; an advance with nothing due returns the same object', () => {
    const s = deepFreeze(table({ day: 5 }));
    expect(game.apply(s, 0, game.actionSchema.parse({ type: 'signs', signs: [] }), 100).ok).toBe(false);
    const a = game.advance(s, 100);
    expect(a.ok && a.state).toBe(s);
  });

  it('a secret submission copies that seat’s pending entry only; the other seats’ entries and the board stay the same objects', () => {
    const s = deepFreeze(table());
    const r = game.apply(s, 1, game.actionSchema.parse({ type: 'signs', signs: [{ kind: 'toll', tile: 'C3' }] }), 100);
    if (!r.ok) throw new Error(r.error.code);
    expect(r.state.pending[1]).not.toBe(s.pending[1]);
    expect(sharedPaths(s, r.state)).toEqual(expect.arrayContaining(['options', 'rng', 'corners', 'placed', 'garnets', 'gas', 'pending.0', 'pending.2', 'pending.3', 'deliveries']));
  });

  for (const seats of [4]) {
    it(`${seats} seats: frozen seeded games never write into a previous state and copy nothing that did not change`, () => {
      for (let seed = 1; seed <= 6; seed++) {
        expectSharedFrozenGame(game, {}, seats, seed * 31, 5);
      }
    });
  }
});
