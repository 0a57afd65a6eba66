/** What the lobby needs to know of Railway Madness without loading its rules: names, variants, seats, options. */
import { railwayOptions, seatRange } from './options.js';

export const railwayMadnessMeta = {
  id: 'railway_madness',
  title: 'Railway Madness',
  variants: ['training', 'classic', 'juniors', 'express', 'longest_train'] as readonly string[],
  defaultVariant: 'classic',
  seatRange,
  optionsSchema: railwayOptions,
};
