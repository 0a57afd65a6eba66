/** What the lobby needs to know of Traffic Tango without loading its rules: names, variants, seats, options. */
import { VARIANTS, seatRange, trafficTangoOptions } from './options.js';

export const trafficTangoMeta = {
  id: 'traffic_tango',
  title: 'Traffic Tango',
  variants: VARIANTS,
  defaultVariant: 'classic',
  seatRange,
  optionsSchema: trafficTangoOptions,
};
