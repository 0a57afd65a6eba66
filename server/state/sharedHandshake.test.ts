import { Encoder, Reflection } from '@colyseus/schema';
import { describe, expect, it } from 'vitest';
import { TableState } from './TableState.js';
import { mirrorFor, typedGames } from './mirrors.js';

describe('one handshake for every table', () => {
  it('the type reflection of a table state is the same bytes whatever game its table holds', () => {
    const reflection = (game: string | null) => {
      const state = new TableState();
      if (game) {
        state.game = game;
        state.table = mirrorFor(game).createTable();
      }
      return Buffer.from(Reflection.encode(new Encoder(state))).toString('hex');
    };
    const empty = reflection(null);
    expect(empty.length).toBeGreaterThan(1000);
    for (const game of typedGames) expect(reflection(game), game).toBe(empty);
  });
});
