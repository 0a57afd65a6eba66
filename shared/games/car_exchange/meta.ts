/** What the lobby needs to know of Car Exchange without loading its rules: names, variants, seats, options. */
import { carExchangeOptions, seatRange } from './options.js';

export const carExchangeMeta = {
  id: 'car_exchange',
  title: 'Car Exchange',
  variants: ['classic'] as readonly string[],
  defaultVariant: 'classic',
  seatRange,
  optionsSchema: carExchangeOptions,
};
