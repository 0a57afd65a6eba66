import { describe, expect, it } from 'vitest';
import { catalogue } from './catalogue.js';
import { games } from './registry.js';

describe('game catalogue (the lobby\'s view of the games)', () => {
  it('lists every registered game with the engine\'s own id, title, variants and options', () => {
    expect(catalogue.map((m) => m.id)).toEqual(games.map((g) => g.id));
    for (const meta of catalogue) {
      const game = games.find((g) => g.id === meta.id)!;
      expect([meta.title, meta.variants, meta.defaultVariant, meta.optionsSchema, meta.seatRange])
        .toEqual([game.title, game.variants, game.defaultVariant, game.optionsSchema, game.seatRange]);
    }
  });
});
