/**
 * Every game's lobby facts (id, title, variants, seat range, options schema) without its rules:
 * the client's first load imports this, and each game's engine comes later with its table.
 */
import type { AnyGame } from './contract.js';
import { railwayMadnessMeta } from './railway/meta.js';
import { rushHourMeta } from './rush_hour/meta.js';
import { bipBipMeta } from './bip_bip/meta.js';
import { carExchangeMeta } from './car_exchange/meta.js';
import { tookOverMeta } from './took_over/meta.js';
import { trafficMemoryMeta } from './traffic_memory/meta.js';
import { trafficTangoMeta } from './traffic_tango/meta.js';

export type GameMeta = Pick<AnyGame, 'id' | 'title' | 'variants' | 'defaultVariant' | 'seatRange' | 'optionsSchema'>;

export const catalogue: readonly GameMeta[] = [
  railwayMadnessMeta,
  carExchangeMeta,
  rushHourMeta,
  trafficMemoryMeta,
  tookOverMeta,
  trafficTangoMeta,
  bipBipMeta,
];

export function findMeta(id: string): GameMeta | undefined {
  return catalogue.find((g) => g.id === id);
}
