/** What the lobby needs to know of Traffic-Memory without loading its rules: names, variants, seats, options. */
import { VARIANTS, seatRange, trafficMemoryOptions } from './options.js';

export const trafficMemoryMeta = {
  id: 'traffic_memory',
  title: 'Traffic-Memory',
  variants: VARIANTS,
  defaultVariant: 'classic',
  seatRange,
  optionsSchema: trafficMemoryOptions,
};
