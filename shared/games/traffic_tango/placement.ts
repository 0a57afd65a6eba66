/**
 * Sign placement (RULES-NOTES 3.3 placement rules and 3.5 impossible-route check): what a player
 * may submit, and which of a phase's signs are placed when they are revealed together.
 */
import type { MsgParam } from '../../i18n/msg.js';
import { isCorner, tileName } from './board.js';
import { kindRef, lineRef } from './messages.js';
import { isOpen } from './moves.js';
import { hasTileSign, withSigns, type CityMap, type Sign } from './signs.js';

/** RULES-NOTES 3.3: an extra sign costs 8 / 6 / 4 / 2 garnets in T1 / T2 / T3 / T4. */
export const extraSignCost = (traffic: number): number => 10 - 2 * traffic;

export type Checked = { ok: true } | { ok: false; code: string; params?: Record<string, MsgParam> };
const no = (code: string, params?: Record<string, MsgParam>): Checked => (params ? { ok: false, code, params } : { ok: false, code });

/** One player's signs for a phase, checked against the map as it stands (before this phase). */
export function checkSigns(map: CityMap, signs: readonly Sign[], stopUsed: boolean): Checked {
  if (signs.length > 2) return no('too_many_signs');
  for (const sign of signs) {
    if (sign.kind === 'speed') {
      if (map.speed[sign.line] > 0) return no('line_taken', { line: lineRef(sign.line) });
      continue;
    }
    if (isCorner(sign.tile)) return no('corner', { tile: tileName(sign.tile) });
    if (hasTileSign(map.tiles[sign.tile])) return no('tile_taken', { tile: tileName(sign.tile) });
    if (sign.kind === 'stop' && stopUsed) return no('stop_used');
  }
  if (signs.length === 2) {
    const [a, b] = signs;
    if (a.kind === b.kind) return no('extra_same_type', { kind: kindRef(a.kind) });
    if (a.kind !== 'speed' && b.kind !== 'speed' && a.tile === b.tile) return no('extra_same_tile');
  }
  if (!isOpen(withSigns(map, signs))) {
    return no('blocks_route');
  }
  return { ok: true };
}

/**
 * RULES-NOTES 3.5 at resolution: if the map plus every sign is open, all are placed. Otherwise
 * every sign in a minimal blocking subset fails; if the map is still blocked after that (One Way
 * or Speed Limit stacking), every sign fails. Returns, per sign, whether it is placed.
 */
export function resolvePlacements(map: CityMap, signs: readonly Sign[]): boolean[] {
  const n = signs.length;
  const blocks = (mask: number) => !isOpen(withSigns(map, signs.filter((_, i) => mask & (1 << i))));
  const all = (1 << n) - 1;
  if (!blocks(all)) return signs.map(() => true);
  const blocking = Array.from({ length: all + 1 }, (_, mask) => mask !== 0 && blocks(mask));
  let failed = 0;
  for (let mask = 1; mask <= all; mask++) {
    if (!blocking[mask]) continue;
    let minimal = true;
    for (let sub = (mask - 1) & mask; sub > 0; sub = (sub - 1) & mask) if (blocking[sub]) { minimal = false; break; }
    if (minimal) failed |= mask;
  }
  if (blocking[all & ~failed]) failed = all;
  return signs.map((_, i) => (failed & (1 << i)) === 0);
}
