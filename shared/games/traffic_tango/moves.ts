/**
 * Legal moves (RULES-NOTES 3.4 "Moves"), whether the map is open (3.5) and the cheapest legal
 * route, used as the time-out default and by the bots.
 */
import { CORNER_TRIPS, CORNER_NAMES, DIRS, lineAlong, step, TILES, type Dir } from './board.js';
import type { CityMap } from './signs.js';

export type MoveResult = { ok: true; tiles: number[] } | { ok: false; why: 'edge' | 'stop' | 'oneWay' };

/**
 * A move from `from` towards `dir`: k = 1 + Speed Limits on the line along `dir`. Legal if all k
 * tiles are on the board, none has a Stop, and the One Ways on `from` and on every tile passed
 * through allow `dir`. Returns the tiles entered.
 */
export function move(map: CityMap, from: number, dir: Dir): MoveResult {
  const k = 1 + map.speed[lineAlong(from, dir)];
  const tiles: number[] = [];
  let at = from;
  for (let i = 0; i < k; i++) {
    const exits = map.tiles[at].oneWay;
    if (exits.length > 0 && !exits.includes(dir)) return { ok: false, why: 'oneWay' };
    const next = step(at, dir);
    if (next === null) return { ok: false, why: 'edge' };
    if (map.tiles[next].stop) return { ok: false, why: 'stop' };
    tiles.push(next);
    at = next;
  }
  return { ok: true, tiles };
}

export function legalMoves(map: CityMap, from: number): { dir: Dir; tiles: number[] }[] {
  const out: { dir: Dir; tiles: number[] }[] = [];
  for (const dir of DIRS) {
    const m = move(map, from, dir);
    if (m.ok) out.push({ dir, tiles: m.tiles });
  }
  return out;
}

export function reachable(map: CityMap, start: number, dest: number): boolean {
  const seen = new Set([start]);
  const queue = [start];
  for (let head = 0; head < queue.length; head++) {
    const at = queue[head];
    if (at === dest) return true;
    for (const m of legalMoves(map, at)) {
      const to = m.tiles[m.tiles.length - 1];
      if (!seen.has(to)) { seen.add(to); queue.push(to); }
    }
  }
  return false;
}

/** RULES-NOTES 3.5: open = every corner's start reaches its destination. */
export function isOpen(map: CityMap): boolean {
  return CORNER_NAMES.every((c) => reachable(map, CORNER_TRIPS[c].start, CORNER_TRIPS[c].dest));
}

export const tollGas = (map: CityMap, tile: number): number => 2 * map.tiles[tile].tolls;

/**
 * The cheapest legal route (least gas, then fewest steps), as the full tile list, or null.
 * `extra` adds a cost to entering a tile (the hard bot's risk of meeting someone there).
 */
export function cheapestRoute(map: CityMap, start: number, dest: number, extra?: (tile: number, moveIndex: number) => number): number[] | null {
  // With `extra` the search runs over (tile, moves so far) so the cost may depend on time.
  const MAX_MOVES = 24;
  type Node = { cost: number; tile: number; moves: number; path: number[] };
  const best = new Map<string, number>();
  const open: Node[] = [{ cost: 0, tile: start, moves: 0, path: [start] }];
  while (open.length > 0) {
    let i = 0;
    for (let j = 1; j < open.length; j++) if (open[j].cost < open[i].cost || (open[j].cost === open[i].cost && open[j].moves < open[i].moves)) i = j;
    const node = open.splice(i, 1)[0];
    if (node.tile === dest) return node.path;
    if (node.moves >= MAX_MOVES) continue;
    for (const m of legalMoves(map, node.tile)) {
      const to = m.tiles[m.tiles.length - 1];
      if (m.tiles.slice(0, -1).includes(dest)) continue;
      const path = [...node.path, ...m.tiles];
      if (path.length > 40) continue;
      let cost = node.cost + 1;
      for (const t of m.tiles) cost += tollGas(map, t) + (extra ? extra(t, node.moves + 1) : 0);
      const key = extra ? `${to}:${node.moves + 1}` : `${to}`;
      if ((best.get(key) ?? Infinity) <= cost) continue;
      best.set(key, cost);
      open.push({ cost, tile: to, moves: node.moves + 1, path });
    }
  }
  return null;
}

/** Gas of the cheapest legal route (steps + tolls), or null when there is none. */
export function cheapestGas(map: CityMap, start: number, dest: number): number | null {
  const route = cheapestRoute(map, start, dest);
  if (route === null) return null;
  return routeGas(map, route);
}

/** Gas of a legal route driven alone: one step per move plus the start tile (Note 4), plus tolls. */
export function routeGas(map: CityMap, route: readonly number[]): number {
  let steps = 1;
  let at = route[0];
  let i = 1;
  let tolls = 0;
  while (i < route.length) {
    const dir = DIRS.find((d) => step(at, d) === route[i]);
    if (dir === undefined) return Infinity;
    const m = move(map, at, dir);
    if (!m.ok) return Infinity;
    for (const t of m.tiles) tolls += tollGas(map, t);
    i += m.tiles.length;
    at = m.tiles[m.tiles.length - 1];
    steps++;
  }
  return steps + tolls;
}

export const ALL_TILES = Array.from({ length: TILES }, (_, i) => i);
