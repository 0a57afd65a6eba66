/** What the lobby needs to know of Took Over! without loading its rules: names, variants, seats, options. */
import { VARIANTS, seatRange, tookOverOptions } from './options.js';

export const tookOverMeta = {
  id: 'took_over',
  title: 'Took Over!',
  variants: VARIANTS,
  defaultVariant: 'classic',
  seatRange,
  optionsSchema: tookOverOptions,
};
