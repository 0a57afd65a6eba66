/** Which pictures illustrate which game. */
import type { HowToGame } from '../content.js';
import type { GamePictures } from './picture.js';
import { railwayPictures } from './railway.js';
import { rushHourPictures } from './rush_hour.js';
import { trafficMemoryPictures } from './traffic_memory.js';
import { tookOverPictures } from './took_over.js';
import { carExchangePictures } from './car_exchange.js';
import { bipBipPictures } from './bip_bip.js';
import { trafficTangoPictures } from './traffic_tango.js';

export const PICTURES: Record<HowToGame, GamePictures> = {
  railway_madness: railwayPictures,
  rush_hour: rushHourPictures,
  traffic_memory: trafficMemoryPictures,
  took_over: tookOverPictures,
  car_exchange: carExchangePictures,
  bip_bip: bipBipPictures,
  traffic_tango: trafficTangoPictures,
};
