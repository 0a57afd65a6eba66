/**
 * Which reader turns each game's synchronised state back into its views (one line per typed
 * game; the others still read JSON strings), and the one function clients, load tests and tests
 * use to get `publicView` / `seatView` from a decoded table state.
 */
import type { SyncedTable, ViewReader } from './contract.js';
import { jsonReader } from './json.js';
import { readerOf } from './declare.js';
import { trafficTangoWire } from '../games/traffic_tango/wire.js';
import { rushHourWire } from '../games/rush_hour/wire.js';
import { carExchangeWire } from '../games/car_exchange/wire.js';
import { bipBipWire } from '../games/bip_bip/wire.js';
import { railwayWire } from '../games/railway/wire.js';
import { tookOverWire } from '../games/took_over/wire.js';
import { trafficMemoryWire } from '../games/traffic_memory/wire.js';

export const viewReaders: Record<string, ViewReader> = {
  railway_madness: readerOf(railwayWire),
  traffic_memory: readerOf(trafficMemoryWire),
  took_over: readerOf(tookOverWire),
  bip_bip: readerOf(bipBipWire),
  car_exchange: readerOf(carExchangeWire),
  rush_hour: readerOf(rushHourWire),
  traffic_tango: readerOf(trafficTangoWire),
};

export function readerFor(game: string): ViewReader {
  return viewReaders[game] ?? jsonReader;
}

/** The engine's views as this client holds them; null before the game has a table. */
export function readTableViews(state: SyncedTable, sessionId: string): { publicView: unknown; seatView: unknown } | null {
  if (!state.table) return null;
  const reader = readerFor(state.game);
  const secret = state.players.get(sessionId)?.secret;
  return { publicView: reader.publicView(state.table), seatView: secret === undefined ? null : reader.seatView(secret, state.table) };
}
