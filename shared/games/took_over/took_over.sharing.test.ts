/** Structural sharing (shared/games/edit.ts): refusals copy nothing, moves copy only what they change, no state is ever written twice. */
import { describe, expect, it } from 'vitest';
import { deepFreeze, expectSharedFrozenGame, sharedPaths } from '../testing/sharing.js';
import { tookOverGame as game } from './index.js';
import { place, table } from './testing.js';

const three = () => deepFreeze(table({ line: [15], hands: [[11, 30], [13, 40], [20, 21]], stacks: [[1, 2], [3], [4]], latest: 'right' }));

describe('structural sharing', () => {
  it('a refused move leaves the frozen state as it was; an advance with nothing due returns the same object', () => {
    const s = three();
    expect(game.apply(s, 1, game.actionSchema.parse(place(13)), 100).ok).toBe(false);
    expect(game.apply(s, 0, game.actionSchema.parse(place(13)), 100).ok).toBe(false);
    const a = game.advance(s, 1);
    expect(a.ok && a.state).toBe(s);
  });

  it('a placement copies the line and the placer’s hand; the other hands, the stacks and the cards stay the same objects', () => {
    const s = three();
    const r = game.apply(s, 0, game.actionSchema.parse(place(11)), 100);
    if (!r.ok) throw new Error(r.error.code);
    expect(r.state.line).not.toBe(s.line);
    expect(r.state.line[0]).toBe(s.hands[0][0]);
    expect(r.state.line[1]).toBe(s.line[0]);
    expect(r.state.hands[0]).not.toBe(s.hands[0]);
    expect(r.state.hands[0][0]).toBe(s.hands[0][1]);
    expect(sharedPaths(s, r.state)).toEqual(expect.arrayContaining(['options', 'rng', 'stacks', 'hands.1', 'hands.2', 'aside', 'discard']));
  });

  for (const seats of [2, 4]) {
    it(`${seats} seats: frozen seeded games never write into a previous state and copy nothing that did not change`, () => {
      for (let seed = 1; seed <= 6; seed++) {
        expectSharedFrozenGame(game, {}, seats, seed * 31);
      }
    });
  }
});
