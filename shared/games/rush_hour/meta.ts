/** Rush Hour as the catalogue lists it, without loading its rules: names, variants, seats, options, the gallery's facts, its wire, where its rules are. */
import { VARIANTS, rushHourOptions, seatRange } from './options.js';
import { rushHourWire } from './wire.js';
import type { GameMeta } from '../catalogue.js';

export const rushHourMeta = {
  id: 'rush_hour',
  title: 'Rush Hour',
  variants: VARIANTS,
  defaultVariant: 'classic',
  seatRange,
  optionsSchema: rushHourOptions,
  facts: { players: [2, 5], minutes: [10, 15], age: 8 },
  wire: rushHourWire,
  rules: async () => (await import('./index.js')).rushHourGame,
} satisfies GameMeta;
