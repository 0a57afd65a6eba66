/** What the lobby needs to know of Bip! Bip! without loading its rules: names, variants, seats, options. */
import { VARIANTS, bipOptions, seatRange } from './options.js';

export const bipBipMeta = {
  id: 'bip_bip',
  title: 'Bip! Bip!',
  variants: VARIANTS,
  defaultVariant: 'single',
  seatRange,
  optionsSchema: bipOptions,
};
