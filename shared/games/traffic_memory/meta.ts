/** Traffic-Memory as the catalogue lists it, without loading its rules: names, variants, seats, options, the gallery's facts, its wire, where its rules are. */
import { VARIANTS, seatRange, trafficMemoryOptions } from './options.js';
import { trafficMemoryWire } from './wire.js';
import type { GameMeta } from '../catalogue.js';

export const trafficMemoryMeta = {
  id: 'traffic_memory',
  title: 'Traffic-Memory',
  variants: VARIANTS,
  defaultVariant: 'classic',
  seatRange,
  optionsSchema: trafficMemoryOptions,
  facts: { players: [2, 5], minutes: [10, 15], age: 5 },
  wire: trafficMemoryWire,
  rules: async () => (await import('./index.js')).trafficMemoryGame,
} satisfies GameMeta;
