/** Signs between the players' notation ("B2", line "B" or "2") and the engine's indices. */
import { LINE_NAMES, lineIndex, parseTile, tileName, CORNER_TRIPS } from './board.js';
import type { SignInput } from './actions.js';
import { withSigns, emptyMap, type CityMap, type Sign } from './signs.js';
import type { TrafficTangoState } from './state.js';

export function toSign(input: SignInput): Sign | null {
  if (input.kind === 'speed') return { kind: 'speed', line: lineIndex(input.line) };
  const tile = parseTile(input.tile);
  if (tile === null) return null;
  if (input.kind === 'oneWay') return { kind: 'oneWay', tile, dir: input.dir };
  return { kind: input.kind, tile };
}

export function toInput(sign: Sign): SignInput {
  if (sign.kind === 'speed') return { kind: 'speed', line: LINE_NAMES[sign.line] };
  if (sign.kind === 'oneWay') return { kind: 'oneWay', tile: tileName(sign.tile), dir: sign.dir };
  return { kind: sign.kind, tile: tileName(sign.tile) };
}

/** The public map: every placed sign, stacked (RULES-NOTES 3.3). */
export function mapOf(s: Pick<TrafficTangoState, 'placed'>): CityMap {
  return withSigns(emptyMap(), s.placed.map((p) => p.sign));
}

export function tripOf(s: Pick<TrafficTangoState, 'corners'>, seat: number): { start: number; dest: number } {
  return CORNER_TRIPS[s.corners[seat]];
}
