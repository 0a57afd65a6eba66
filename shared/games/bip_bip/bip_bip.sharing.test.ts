/** Structural sharing (shared/games/edit.ts): refusals copy nothing, moves copy only what they change, no state is ever written twice. */
import { describe, expect, it } from 'vitest';
import { deepFreeze, expectSharedFrozenGame, sharedPaths } from '../testing/sharing.js';
import { bipBipGame as game } from './index.js';
import { bipOptions } from './options.js';
import { table } from './testing.js';
import { EXPERT_IDS } from './cards.js';

const fill = (id: number) => [id];

describe('structural sharing', () => {
  it('a refused move leaves the frozen state as it was; an advance with nothing due returns the same object', () => {
    const s = deepFreeze(game.setup(bipOptions.parse({}), 2, 3, 1000));
    expect(game.apply(s, 0, { type: 'claim', card: s.hands[0][0] }, 2000).ok).toBe(false);
    const a = game.advance(s, 2000);
    expect(a.ok && a.state).toBe(s);
  });

  it('a move copies the board only; hands, claims and the rest stay the same objects', () => {
    const s = deepFreeze(table({ board: ['R...', '.RB.', '.Y..'], hands: [fill(EXPERT_IDS[0]), fill(EXPERT_IDS[1]), fill(EXPERT_IDS[2])] }));
    const r = game.apply(s, 0, { type: 'move', from: 0, to: 1 }, 100);
    if (!r.ok) throw new Error(r.error.code);
    expect(r.state.board).not.toBe(s.board);
    expect(r.state.beforeLastMove).toBe(s.board);
    expect(sharedPaths(s, r.state)).toEqual(expect.arrayContaining(['rules', 'rng', 'hands', 'claimed', 'blockedUntil', 'aside', 'expertPile', 'scores']));
  });

  for (const [variant, options] of [['single', {}], ['three_rounds', { hiddenHands: true }], ['single', { manualReferee: true, leaderChooses: true }]] as const) {
    it(`${variant} ${JSON.stringify(options)}: frozen seeded games never write into a previous state and copy nothing that did not change`, () => {
      for (let seed = 1; seed <= 6; seed++) {
        expectSharedFrozenGame(game, { variant, ...options }, 3, seed * 31);
      }
    });
  }
});
