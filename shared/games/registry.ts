/** Every game Junction serves. Adding a game: its folder in shared/games, one line here, one in wires.ts, a renderer. */
import type { AnyGame } from './contract.js';
import { railwayMadnessGame } from './railway/index.js';
import { carExchangeGame } from './car_exchange/index.js';
import { rushHourGame } from './rush_hour/index.js';
import { trafficMemoryGame } from './traffic_memory/index.js';
import { tookOverGame } from './took_over/index.js';
import { trafficTangoGame } from './traffic_tango/index.js';
import { bipBipGame } from './bip_bip/index.js';

export const games: AnyGame[] = [
  railwayMadnessGame,
  carExchangeGame,
  rushHourGame,
  trafficMemoryGame,
  tookOverGame,
  trafficTangoGame,
  bipBipGame,
];

export function findGame(id: string): AnyGame | undefined {
  return games.find((g) => g.id === id);
}
