/** Bip! Bip! as the catalogue lists it, without loading its rules: names, variants, seats, options, the gallery's facts, its wire, where its rules are. */
import { VARIANTS, bipOptions, seatRange } from './options.js';
import { bipBipWire } from './wire.js';
import type { GameMeta } from '../catalogue.js';

export const bipBipMeta = {
  id: 'bip_bip',
  title: 'Bip! Bip!',
  variants: VARIANTS,
  defaultVariant: 'single',
  seatRange,
  optionsSchema: bipOptions,
  // The rulebook gives no playing time: ours is an estimate.
  facts: { players: [2, 4], minutes: [10, 20], age: 8 },
  wire: bipBipWire,
  rules: async () => (await import('./index.js')).bipBipGame,
} satisfies GameMeta;
