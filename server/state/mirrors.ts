/**
 * Which mirror writes each game's views into the table state: one line per typed game; the others
 * still send JSON strings (jsonMirror). Importing this module defines every game's schema classes,
 * which @colyseus/schema must know before the first room encodes a `TableState`.
 */
import type { GameMirror } from './mirror.js';
import { jsonMirror } from './jsonMirror.js';
import { mirrorOf } from './derive.js';
import { trafficTangoWire } from '../../shared/games/traffic_tango/wire.js';
import { rushHourWire } from '../../shared/games/rush_hour/wire.js';
import { carExchangeWire } from '../../shared/games/car_exchange/wire.js';
import { bipBipWire } from '../../shared/games/bip_bip/wire.js';
import { railwayWire } from '../../shared/games/railway/wire.js';
import { tookOverWire } from '../../shared/games/took_over/wire.js';
import { trafficMemoryWire } from '../../shared/games/traffic_memory/wire.js';

const mirrors: Record<string, GameMirror> = {
  railway_madness: mirrorOf(railwayWire),
  traffic_memory: mirrorOf(trafficMemoryWire),
  took_over: mirrorOf(tookOverWire),
  bip_bip: mirrorOf(bipBipWire),
  car_exchange: mirrorOf(carExchangeWire),
  rush_hour: mirrorOf(rushHourWire),
  traffic_tango: mirrorOf(trafficTangoWire),
};

export function mirrorFor(game: string): GameMirror {
  return mirrors[game] ?? jsonMirror;
}

/** Game ids whose views are typed schema (not JSON strings). */
export const typedGames = Object.keys(mirrors);
