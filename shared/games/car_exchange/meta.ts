/** Car Exchange as the catalogue lists it, without loading its rules: names, variants, seats, options, the gallery's facts, its wire, where its rules are. */
import { carExchangeOptions, seatRange } from './options.js';
import { carExchangeWire } from './wire.js';
import type { GameMeta } from '../catalogue.js';

export const carExchangeMeta = {
  id: 'car_exchange',
  title: 'Car Exchange',
  variants: ['classic'] as readonly string[],
  defaultVariant: 'classic',
  seatRange,
  optionsSchema: carExchangeOptions,
  // The rulebook gives no playing time nor age: ours are estimates.
  facts: { players: [2, 8], minutes: [20, 40], age: 7 },
  wire: carExchangeWire,
  rules: async () => (await import('./index.js')).carExchangeGame,
} satisfies GameMeta;
