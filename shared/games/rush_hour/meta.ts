/** What the lobby needs to know of Rush Hour without loading its rules: names, variants, seats, options. */
import { VARIANTS, rushHourOptions, seatRange } from './options.js';

export const rushHourMeta = {
  id: 'rush_hour',
  title: 'Rush Hour',
  variants: VARIANTS,
  defaultVariant: 'classic',
  seatRange,
  optionsSchema: rushHourOptions,
};
