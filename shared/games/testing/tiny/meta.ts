/** Tiny as the catalogue lists it (test-only: shared/games/testing/testGames.ts). */
import { tinyOptions } from './rules.js';
import { tinyWire } from './wire.js';
import type { GameMeta } from '../../catalogue.js';

export const tinyMeta = {
  id: 'tiny',
  title: 'Tiny',
  variants: ['classic'] as readonly string[],
  defaultVariant: 'classic',
  seatRange: () => ({ min: 2, max: 2 }),
  optionsSchema: tinyOptions,
  facts: { players: [2, 2], minutes: [1, 1], age: 3 },
  wire: tinyWire,
  rules: async () => (await import('./index.js')).tinyGame,
} satisfies GameMeta;
