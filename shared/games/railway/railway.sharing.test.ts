/** Structural sharing (shared/games/edit.ts): refusals copy nothing, moves copy only what they change, no state is ever written twice. */
import { describe, expect, it } from 'vitest';
import { deepFreeze, expectSharedFrozenGame, sharedPaths } from '../testing/sharing.js';
import { railwayMadnessGame as game } from './index.js';
import { railwayOptions } from './options.js';
import type { RailwayState } from './state.js';

const start = (variant: RailwayState['variant'], players = 3): RailwayState =>
  deepFreeze(game.setup(railwayOptions.parse({ variant, players }), players, 42, 0));

describe('structural sharing', () => {
  it('a refused move leaves the frozen state as it was; an advance with nothing due returns the same object', () => {
    const s = start('juniors');
    const r = game.apply(s, 0, { type: 'flip', slot: 0 }, 10);
    expect(r.ok).toBe(false);
    const a = game.advance(s, 10);
    expect(a.ok && a.state).toBe(s);
  });

  it('a flip copies the table and the flipping player; the other players, its train and the rest stay the same objects', () => {
    const s = start('classic');
    const r = game.apply(s, 1, { type: 'flip', slot: s.table.findIndex((t) => t && !t.faceUp) }, 10);
    if (!r.ok) throw new Error(r.error.code);
    expect(r.state.table).not.toBe(s.table);
    expect(r.state.players[1]).not.toBe(s.players[1]);
    expect(r.state.players[1].held).not.toBe(null);
    expect(sharedPaths(s, r.state)).toEqual(expect.arrayContaining(['rng', 'players.0', 'players.2', 'players.1.locomotive', 'players.1.train']));
  });

  for (const [variant, seats] of [['classic', 4], ['training', 3], ['longest_train', 2]] as const) {
    it(`${variant}: frozen seeded games never write into a previous state and copy nothing that did not change`, () => {
      for (let seed = 1; seed <= 8; seed++) {
        expectSharedFrozenGame(game, { variant }, seats, seed * 31);
      }
    });
  }
});
