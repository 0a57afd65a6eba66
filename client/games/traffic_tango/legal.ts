/**
 * What the engine would accept now, computed on the client with its own pure rules
 * (shared/games/traffic_tango): which tiles and lines take the chosen sign, which tiles extend the
 * route, whether a route may be sent. The table lights only these.
 */
import { DIRS, parseTile, type Dir } from '../../../shared/games/traffic_tango/board.js';
import type { SignInput } from '../../../shared/games/traffic_tango/actions.js';
import { cheapestRoute, move } from '../../../shared/games/traffic_tango/moves.js';
import { toSign } from '../../../shared/games/traffic_tango/notation.js';
import { checkSigns } from '../../../shared/games/traffic_tango/placement.js';
import { planRoute } from '../../../shared/games/traffic_tango/routes.js';
import type { CityMap, Sign } from '../../../shared/games/traffic_tango/signs.js';
import type { TrafficTangoPublicView, TrafficTangoSeatView } from '../../../shared/games/traffic_tango/views.js';

export function cityMapOf(pub: TrafficTangoPublicView): CityMap {
  return {
    tiles: pub.tiles.map((t) => ({ oneWay: [...t.oneWay], yield: t.yield, roundabout: t.roundabout, tolls: t.tolls, stop: t.stop })),
    speed: pub.lines.map((l) => l.signs),
  };
}

const signsOf = (inputs: readonly SignInput[]): Sign[] => inputs.flatMap((i) => { const s = toSign(i); return s ? [s] : []; });

/** The draft after adding `s`: a sign of the same kind or on the same tile is replaced; at most two. */
export function withDraft(draft: readonly SignInput[], s: SignInput): SignInput[] {
  return [...draft.filter((d) => !(d.kind === s.kind || ('tile' in d && 'tile' in s && d.tile === s.tile))), s].slice(-2);
}

/** Whether the server would take these signs from me today (placement rules, then the garnets for an extra). */
export function signsAccepted(pub: TrafficTangoPublicView, mine: TrafficTangoSeatView, map: CityMap, draft: readonly SignInput[]): boolean {
  if (!checkSigns(map, signsOf(draft), mine.stopUsed).ok) return false;
  const speeding = (mine.route?.skips.length ?? 0) * 5;
  const extra = draft.length === 2 ? pub.extraSignCost ?? Infinity : 0;
  return extra + speeding <= mine.garnets;
}

export function signCandidate(kind: SignInput['kind'], dir: Dir, at: { tile?: string; line?: string }): SignInput | null {
  if (kind === 'speed') return at.line ? ({ kind: 'speed', line: at.line } as SignInput) : null;
  if (!at.tile) return null;
  return kind === 'oneWay' ? { kind: 'oneWay', tile: at.tile, dir } : ({ kind, tile: at.tile } as SignInput);
}

/** The next moves a route may make from its last tile: the tiles each move enters (speed limits make several). */
export function routeSteps(map: CityMap, mine: TrafficTangoSeatView, route: readonly string[]): { dir: Dir; tiles: string[] }[] {
  const dest = parseTile(mine.dest)!;
  const at = parseTile(route.at(-1) ?? mine.start)!;
  if (route.length > 0 && at === dest) return [];
  const out: { dir: Dir; tiles: string[] }[] = [];
  for (const dir of DIRS) {
    const m = move(map, at, dir);
    if (!m.ok || m.tiles.slice(0, -1).includes(dest)) continue;
    if ((route.length || 1) + m.tiles.length > 40) continue;
    out.push({ dir, tiles: m.tiles.map(nameOf) });
  }
  return out;
}

export function routeCheck(map: CityMap, mine: TrafficTangoSeatView, route: readonly string[]): { ok: true; steps: number; tolls: number } | { ok: false; code: string } {
  const tiles = route.map((t) => parseTile(t) ?? -1);
  const r = planRoute(map, parseTile(mine.start)!, parseTile(mine.dest)!, tiles, []);
  if (!r.ok) return { ok: false, code: r.code };
  const tolls = r.plan.ticks.reduce((a, t) => a + t.path.reduce((b, x) => b + 2 * map.tiles[x].tolls, 0), 0);
  return { ok: true, steps: r.plan.ticks.length + 1, tolls };
}

export function cheapest(map: CityMap, mine: TrafficTangoSeatView): string[] | null {
  return cheapestRoute(map, parseTile(mine.start)!, parseTile(mine.dest)!)?.map(nameOf) ?? null;
}

const nameOf = (tile: number): string => `${'ABCDE'[tile % 5]}${Math.floor(tile / 5) + 1}`;
