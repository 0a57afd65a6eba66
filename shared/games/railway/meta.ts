/** Railway Madness as the catalogue lists it, without loading its rules: names, variants, seats, options, the gallery's facts, its wire, where its rules are. */
import { railwayOptions, seatRange } from './options.js';
import { railwayWire } from './wire.js';
import type { GameMeta } from '../catalogue.js';

export const railwayMadnessMeta = {
  id: 'railway_madness',
  title: 'Railway Madness',
  variants: ['training', 'classic', 'juniors', 'express', 'longest_train'] as readonly string[],
  defaultVariant: 'classic',
  seatRange,
  optionsSchema: railwayOptions,
  facts: { players: [2, 6], minutes: [5, 10], age: 5 },
  wire: railwayWire,
  rules: async () => (await import('./index.js')).railwayMadnessGame,
} satisfies GameMeta;
