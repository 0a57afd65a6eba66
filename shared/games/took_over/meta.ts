/** Took Over! as the catalogue lists it, without loading its rules: names, variants, seats, options, the gallery's facts, its wire, where its rules are. */
import { VARIANTS, seatRange, tookOverOptions } from './options.js';
import { tookOverWire } from './wire.js';
import type { GameMeta } from '../catalogue.js';

export const tookOverMeta = {
  id: 'took_over',
  title: 'Took Over!',
  variants: VARIANTS,
  defaultVariant: 'classic',
  seatRange,
  optionsSchema: tookOverOptions,
  facts: { players: [2, 5], minutes: [10, 15], age: 7 },
  wire: tookOverWire,
  rules: async () => (await import('./index.js')).tookOverGame,
} satisfies GameMeta;
