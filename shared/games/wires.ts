/**
 * Every game's wire declaration (shared/games/<game>/wire.ts), one line per game: the server
 * derives its schema classes and mirror from it (server/state/mirrors.ts), clients their reader
 * (shared/wire/registry.ts). Kept apart from registry.ts so a client loads no engine.
 */
import type { WireDeclaration } from '../wire/declare.js';
import { bipBipWire } from './bip_bip/wire.js';
import { carExchangeWire } from './car_exchange/wire.js';
import { railwayWire } from './railway/wire.js';
import { rushHourWire } from './rush_hour/wire.js';
import { tookOverWire } from './took_over/wire.js';
import { trafficMemoryWire } from './traffic_memory/wire.js';
import { trafficTangoWire } from './traffic_tango/wire.js';

/** Each declaration is typed by its game's views; the registries only pass views through. */
export const wires: WireDeclaration<unknown, unknown>[] = [
  railwayWire,
  carExchangeWire,
  rushHourWire,
  trafficMemoryWire,
  tookOverWire,
  trafficTangoWire,
  bipBipWire,
];
