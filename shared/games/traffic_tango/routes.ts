/**
 * Route validation (RULES-NOTES 3.4 "Routes" and "Speeding"). A route is the full tile list from
 * start to destination; the server rejects any route that breaks a rule when it is submitted.
 * A valid route becomes a plan: the ticks it drives, each with the tiles entered in that tick.
 */
import type { MsgParam } from '../../i18n/msg.js';
import { dirBetween, lineAlong, tileName } from './board.js';
import { dirRef, lineRef } from './messages.js';
import { move } from './moves.js';
import type { CityMap } from './signs.js';

export const MAX_ROUTE_TILES = 40;
export const SPEEDING_COST = 5;

export interface Tick {
  /** Tiles entered this tick, in order; the last is where the vehicle stops. */
  path: number[];
  /** Two moves in one tick (a skipped stopping tile): tolls waived except where it stops. */
  speeding: boolean;
}

export interface Plan {
  tiles: number[];
  /** Indices into `tiles` of the skipped stopping tiles. */
  skips: number[];
  ticks: Tick[];
}

export type Planned = { ok: true; plan: Plan } | { ok: false; code: string; params?: Record<string, MsgParam> };

const no = (code: string, params?: Record<string, MsgParam>): Planned => (params ? { ok: false, code, params } : { ok: false, code });

export function planRoute(map: CityMap, start: number, dest: number, tiles: readonly number[], skips: readonly number[] = []): Planned {
  const n = tiles.length;
  if (n < 2) return no('route_short');
  if (n > MAX_ROUTE_TILES) return no('route_long', { max: MAX_ROUTE_TILES });
  if (tiles[0] !== start) return no('route_start', { tile: tileName(start) });
  if (tiles[n - 1] !== dest) return no('route_end', { tile: tileName(dest) });
  if (tiles.slice(0, -1).includes(dest)) return no('route_dest', { tile: tileName(dest) });
  const moves: number[][] = [];
  const stops = [0];
  let i = 0;
  while (i < n - 1) {
    const from = tiles[i];
    const dir = dirBetween(from, tiles[i + 1]);
    if (dir === null) return no('route_gap', { from: tileName(from), to: tileName(tiles[i + 1]) });
    const m = move(map, from, dir);
    if (!m.ok) {
      if (m.why === 'oneWay') return no('route_one_way', { dir: dirRef(dir), from: tileName(from) });
      if (m.why === 'stop') return no('route_stop', { dir: dirRef(dir), from: tileName(from) });
      return no('route_off_board', { line: lineRef(lineAlong(from, dir)), from: tileName(from) });
    }
    const listed = tiles.slice(i + 1, i + 1 + m.tiles.length);
    if (listed.length < m.tiles.length || listed.some((t, j) => t !== m.tiles[j])) {
      return no('route_speed', { line: lineRef(lineAlong(from, dir)), count: m.tiles.length, from: tileName(from), tiles: m.tiles.map(tileName).join(', ') });
    }
    moves.push(m.tiles);
    i += m.tiles.length;
    stops.push(i);
  }
  const unique = [...new Set(skips)].sort((a, b) => a - b);
  if (unique.length !== skips.length) return no('skip_twice');
  const skipStops = new Set<number>();
  for (const s of unique) {
    const at = stops.indexOf(s);
    if (at <= 0 || at === stops.length - 1) {
      return no('skip_where');
    }
    if (skipStops.has(at - 1)) return no('skip_consecutive');
    skipStops.add(at);
  }
  const ticks: Tick[] = [];
  for (let j = 0; j < moves.length; j++) {
    // Move j ends on stopping tile j + 1; skipping it joins move j + 1 into the same tick.
    if (skipStops.has(j + 1)) {
      ticks.push({ path: [...moves[j], ...moves[j + 1]], speeding: true });
      j++;
    } else ticks.push({ path: moves[j], speeding: false });
  }
  return { ok: true, plan: { tiles: [...tiles], skips: unique, ticks } };
}
