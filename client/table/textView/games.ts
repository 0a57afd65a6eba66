/** One text module per game, loaded with the text view (they are small: words only, no drawing). */
import type { AnyGameText } from './types.js';
import { railwayText } from '../../games/railway/textView.js';
import { bipBipText } from '../../games/bip_bip/textView.js';
import { rushHourText } from '../../games/rush_hour/textView.js';
import { memoryText } from '../../games/traffic_memory/textView.js';
import { tookOverText } from '../../games/took_over/textView.js';
import { carExchangeText } from '../../games/car_exchange/textView.js';
import { tangoText } from '../../games/traffic_tango/textView.js';

export const gameTexts: Record<string, AnyGameText> = {
  railway_madness: railwayText,
  bip_bip: bipBipText,
  rush_hour: rushHourText,
  traffic_memory: memoryText,
  took_over: tookOverText,
  car_exchange: carExchangeText,
  traffic_tango: tangoText,
};
