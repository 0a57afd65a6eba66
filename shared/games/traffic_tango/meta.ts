/** Traffic Tango as the catalogue lists it, without loading its rules: names, variants, seats, options, the gallery's facts, its wire, where its rules are. */
import { VARIANTS, seatRange, trafficTangoOptions } from './options.js';
import { trafficTangoWire } from './wire.js';
import type { GameMeta } from '../catalogue.js';

export const trafficTangoMeta = {
  id: 'traffic_tango',
  title: 'Traffic Tango',
  variants: VARIANTS,
  defaultVariant: 'classic',
  seatRange,
  optionsSchema: trafficTangoOptions,
  // The rulebook gives no playing time nor age: ours are estimates.
  facts: { players: [4, 4], minutes: [10, 30], age: 10 },
  wire: trafficTangoWire,
  rules: async () => (await import('./index.js')).trafficTangoGame,
} satisfies GameMeta;
