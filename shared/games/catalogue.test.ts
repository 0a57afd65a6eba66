import { describe, expect, it } from 'vitest';
import { catalogue } from './catalogue.js';
import { games } from './registry.js';
import { TEST_GAMES_ENV, testGames } from './testing/testGames.js';

describe('game catalogue (the lobby\'s view of the games)', () => {
  it('lists every registered game with the engine\'s own id, title, variants and options', () => {
    expect(catalogue.map((m) => m.id)).toEqual(games.map((g) => g.id));
    for (const meta of catalogue) {
      const game = games.find((g) => g.id === meta.id)!;
      expect([meta.title, meta.variants, meta.defaultVariant, meta.optionsSchema, meta.seatRange])
        .toEqual([game.title, game.variants, game.defaultVariant, game.optionsSchema, game.seatRange]);
    }
  });

  it('each game\'s wire declaration is its own (the wires come from the catalogue)', () => {
    for (const meta of catalogue) expect(meta.wire.game).toBe(meta.id);
  });

  it('offers the test-only games only in a process started with JUNCTION_TEST_GAMES=1', () => {
    expect(process.env[TEST_GAMES_ENV]).toBeUndefined();
    expect(catalogue.map((m) => m.id)).not.toContain('tiny');
    process.env[TEST_GAMES_ENV] = '1';
    try {
      expect(testGames().map((m) => m.id)).toEqual(['tiny']);
    } finally {
      delete process.env[TEST_GAMES_ENV];
    }
  });
});
