/**
 * Signs and the city map they make (RULES-NOTES 3.3). Signs on the same tile in the same phase
 * stack: One Ways combine into the union of their exits, Tolls add up, a Stop overrides everything
 * (rulebook Note 2). Speed Limits on the same line add up: k = 1 + their number tiles per move.
 */
import { DIRS, TILES, type Dir } from './board.js';

export const TILE_SIGN_KINDS = ['oneWay', 'yield', 'roundabout', 'toll', 'stop'] as const;
export type TileSignKind = (typeof TILE_SIGN_KINDS)[number];
export type SignKind = TileSignKind | 'speed';

export type Sign =
  | { kind: 'oneWay'; tile: number; dir: Dir }
  | { kind: 'yield' | 'roundabout' | 'toll' | 'stop'; tile: number }
  | { kind: 'speed'; line: number };

export interface TileSigns {
  /** Allowed exits; empty = no One Way (any exit). */
  oneWay: Dir[];
  yield: boolean;
  roundabout: boolean;
  tolls: number;
  stop: boolean;
}

export interface CityMap {
  tiles: TileSigns[];
  /** Speed Limit signs per line (0..4 columns A–E, 5..9 rows 1–5). */
  speed: number[];
}

export const emptyTile = (): TileSigns => ({ oneWay: [], yield: false, roundabout: false, tolls: 0, stop: false });

export function emptyMap(): CityMap {
  return { tiles: Array.from({ length: TILES }, emptyTile), speed: Array.from({ length: 10 }, () => 0) };
}

/** A new map with these signs stacked onto it (does not change `base`). */
export function withSigns(base: CityMap, signs: readonly Sign[]): CityMap {
  const map = structuredClone(base);
  for (const sign of signs) {
    if (sign.kind === 'speed') { map.speed[sign.line] += 1; continue; }
    const t = map.tiles[sign.tile];
    if (sign.kind === 'oneWay') {
      if (!t.oneWay.includes(sign.dir)) t.oneWay = DIRS.filter((d) => d === sign.dir || t.oneWay.includes(d));
    } else if (sign.kind === 'toll') t.tolls += 1;
    else t[sign.kind] = true;
  }
  return map;
}

export const signTile = (sign: Sign): number | null => (sign.kind === 'speed' ? null : sign.tile);

export function hasTileSign(t: TileSigns): boolean {
  return t.oneWay.length > 0 || t.yield || t.roundabout || t.tolls > 0 || t.stop;
}

/** The rulebook's names for stacked Speed Limits: 70 / 105 / 140 / 175. */
export const speedLabel = (count: number): number => 35 * (count + 1);
