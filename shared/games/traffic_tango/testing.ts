/** Test-only builders (imported by *.test.ts only). */
import { CORNER_TRIPS, parseTile, type CornerName } from './board.js';
import { trafficTangoGame as game } from './index.js';
import { trafficTangoOptions } from './options.js';
import { planRoute, type Plan } from './routes.js';
import { emptyMap, withSigns, type CityMap, type Sign } from './signs.js';
import type { DrivingCar } from './simulate.js';
import type { TrafficTangoState } from './state.js';
import { engineHarness } from '../testing/engineHarness.js';

/** "B2" → tile index (throws on a typo, tests only). */
export function T(name: string): number {
  const t = parseTile(name);
  if (t === null) throw new Error(`bad tile ${name}`);
  return t;
}

export const tiles = (names: string): number[] => names.trim().split(/\s+/).map(T);

export const mapOf = (...signs: Sign[]): CityMap => withSigns(emptyMap(), signs);

/** A driving car for the tick resolver: "B2", "C2" or "C2 D2" for a multi-tile move. */
export function car(seat: number, at: string, path: string): DrivingCar {
  return { seat, at: T(at), path: tiles(path) };
}

/** Seat order in built tables: 0 NW, 1 NE, 2 SE, 3 SW. */
export const CORNERS: CornerName[] = ['NW', 'NE', 'SE', 'SW'];
export const STARTS = CORNERS.map((c) => CORNER_TRIPS[c].start);

export function plan(map: CityMap, corner: CornerName, route: string, skips: number[] = []): Plan {
  const { start, dest } = CORNER_TRIPS[corner];
  const p = planRoute(map, start, dest, tiles(route), skips);
  if (!p.ok) throw new Error(`${route}: ${p.code} ${JSON.stringify(p.params ?? {})}`);
  return p.plan;
}

export function table(extra: Partial<TrafficTangoState> = {}, options: Record<string, unknown> = {}): TrafficTangoState {
  const s = game.setup(trafficTangoOptions.parse(options), 4, 7, 0);
  return { ...s, corners: [...CORNERS], ...structuredClone(extra) };
}

export const { act, refusal, advance } = engineHarness<TrafficTangoState>(game);

/** Cheap straight routes for each corner on an empty-ish map (9 tiles). */
export const ROUTES: Record<CornerName, string> = {
  NW: 'A1 A2 A3 A4 A5 B5 C5 D5 E5',
  NE: 'E1 D1 C1 B1 A1 A2 A3 A4 A5',
  SE: 'E5 E4 E3 E2 E1 D1 C1 B1 A1',
  SW: 'A5 B5 C5 D5 E5 E4 E3 E2 E1',
};
