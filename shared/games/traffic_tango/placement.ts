/**
 * Sign placement (RULES-NOTES 3.3 placement rules and 3.5 impossible-route check): what a player
 * may submit, and which of a phase's signs are placed when they are revealed together.
 */
import { isCorner, lineLabel, tileName } from './board.js';
import { isOpen } from './moves.js';
import { hasTileSign, kindName, withSigns, type CityMap, type Sign } from './signs.js';

/** RULES-NOTES 3.3: an extra sign costs 8 / 6 / 4 / 2 garnets in T1 / T2 / T3 / T4. */
export const extraSignCost = (traffic: number): number => 10 - 2 * traffic;

export type Checked = { ok: true } | { ok: false; code: string; message: string };
const no = (code: string, message: string): Checked => ({ ok: false, code, message });

/** One player's signs for a phase, checked against the map as it stands (before this phase). */
export function checkSigns(map: CityMap, signs: readonly Sign[], stopUsed: boolean): Checked {
  if (signs.length > 2) return no('too_many_signs', 'You may place one sign, plus one extra sign bought with garnets.');
  for (const sign of signs) {
    if (sign.kind === 'speed') {
      if (map.speed[sign.line] > 0) return no('line_taken', `${lineLabel(sign.line)} already has a Speed Limit.`);
      continue;
    }
    if (isCorner(sign.tile)) return no('corner', `No sign may go on a corner of the city (${tileName(sign.tile)}).`);
    if (hasTileSign(map.tiles[sign.tile])) return no('tile_taken', `${tileName(sign.tile)} already has a sign.`);
    if (sign.kind === 'stop' && stopUsed) return no('stop_used', 'You have already placed your one Stop Sign of the game.');
  }
  if (signs.length === 2) {
    const [a, b] = signs;
    if (a.kind === b.kind) return no('extra_same_type', `Your extra sign must be a different type from your other sign (both are ${kindName(a.kind)}).`);
    if (a.kind !== 'speed' && b.kind !== 'speed' && a.tile === b.tile) return no('extra_same_tile', 'Your extra sign must go on a different tile from your other sign.');
  }
  if (!isOpen(withSigns(map, signs))) {
    return no('blocks_route', 'Those signs would make it impossible for a player to reach their delivery corner.');
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
