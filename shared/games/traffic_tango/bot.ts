/**
 * Bots play from what a client sees (public view + own seat view).
 * Easy: often no sign or a random legal one; drives the cheapest route, blind to the others.
 * Hard: places the sign that slows the others most against its own trip (Tolls, One Ways, Speed
 * Limits, its Stop), buys an extra sign when cheap; predicts every other car's cheapest route,
 * plans around the tiles they will be on at each step, checks candidates in the real simulator,
 * and speeds past a tile when that saves gas without a crash.
 */
import { Rng, type RngState } from '../../random.js';
import type { BotLevel, BotMove } from '../contract.js';
import { CORNER_TRIPS, DIRS, isCorner, lineIndex, tileName } from './board.js';
import type { SignInput, TrafficTangoAction } from './actions.js';
import { cheapestGas, cheapestRoute } from './moves.js';
import { toInput } from './notation.js';
import { checkSigns } from './placement.js';
import { planRoute, SPEEDING_COST, type Plan } from './routes.js';
import { emptyMap, hasTileSign, withSigns, type CityMap, type Sign } from './signs.js';
import { simulateDelivery } from './simulate.js';
import type { TrafficTangoPublicView, TrafficTangoSeatView } from './views.js';

const DELAY: Record<BotLevel, [number, number]> = { easy: [2000, 6000], hard: [900, 3000] };

export function trafficTangoBotMove(pub: TrafficTangoPublicView, mine: TrafficTangoSeatView, seat: number, level: BotLevel, rngState: RngState): BotMove<TrafficTangoAction> | null {
  const rng = new Rng(rngState);
  const action = decide(pub, mine, seat, level, rng);
  if (action === null) return null;
  const [lo, hi] = DELAY[level];
  return { action, delayMs: lo + rng.int(hi - lo) };
}

export function trafficTangoViewBot(pub: TrafficTangoPublicView, mine: TrafficTangoSeatView, seat: number, rngState: RngState): TrafficTangoAction | null {
  return decide(pub, mine, seat, 'hard', new Rng(rngState));
}

/** The map as the public view shows it. */
export function mapFromView(pub: TrafficTangoPublicView): CityMap {
  const map = emptyMap();
  pub.tiles.forEach((t, i) => { map.tiles[i] = { oneWay: [...t.oneWay], yield: t.yield, roundabout: t.roundabout, tolls: t.tolls, stop: t.stop }; });
  pub.lines.forEach((l) => { map.speed[lineIndex(l.line)] = l.signs; });
  return map;
}

function decide(pub: TrafficTangoPublicView, mine: TrafficTangoSeatView, seat: number, level: BotLevel, rng: Rng): TrafficTangoAction | null {
  if (pub.phase === 'choose') {
    if (mine.canEliminate.length === 0) return null;
    // Hard: the tied rival with the best finish other than me is the one to eliminate.
    const target = level === 'hard' ? [...mine.canEliminate].sort((a, b) => pub.players[a].gas - pub.players[b].gas)[0] : rng.pick(mine.canEliminate);
    return { type: 'eliminate', seat: target };
  }
  if (pub.phase !== 'play') return null;
  const me = pub.players[seat];
  const map = mapFromView(pub);
  if (me.routeIn === false) return routeAction(pub, map, mine, seat, level, rng);
  if (me.signsIn === false) return { type: 'signs', signs: level === 'hard' ? hardSigns(pub, map, mine, seat) : easySigns(map, mine, rng) };
  return null;
}

function tripOf(pub: TrafficTangoPublicView, seat: number): { start: number; dest: number } {
  return CORNER_TRIPS[pub.players[seat].corner];
}

function routeAction(pub: TrafficTangoPublicView, map: CityMap, mine: TrafficTangoSeatView, seat: number, level: BotLevel, rng: Rng): TrafficTangoAction | null {
  const { start, dest } = tripOf(pub, seat);
  const plain = cheapestRoute(map, start, dest);
  if (plain === null) return null;
  if (level === 'easy') return { type: 'route', tiles: plain.map(tileName) };
  const budget = mine.garnets - (mine.signs !== null && mine.signs.length === 2 ? pub.extraSignCost ?? 0 : 0);
  const best = hardRoute(pub, map, seat, plain, budget, rng);
  return { type: 'route', tiles: best.tiles.map(tileName), skips: best.skips };
}

/** Every other car's cheapest plan: the hard bot's guess of where they will drive. */
function predictedPlans(pub: TrafficTangoPublicView, map: CityMap, seat: number): (Plan | null)[] {
  return pub.players.map((p, other) => {
    if (other === seat) return null;
    const { start, dest } = tripOf(pub, other);
    const tiles = cheapestRoute(map, start, dest);
    const planned = tiles && planRoute(map, start, dest, tiles);
    return planned && planned.ok ? planned.plan : null;
  });
}

function hardRoute(pub: TrafficTangoPublicView, map: CityMap, seat: number, plain: number[], budget: number, rng: Rng): Plan {
  const { start, dest } = tripOf(pub, seat);
  const others = predictedPlans(pub, map, seat);
  const starts = pub.players.map((_, i) => tripOf(pub, i).start);
  // Where the others are expected at each step: entering a tile someone else is on then is risky.
  const busy = new Map<string, number>();
  others.forEach((plan) => plan?.ticks.forEach((tick, i) => tick.path.forEach((t) => {
    for (const d of [0, 1]) busy.set(`${t}:${i + 1 + d}`, (busy.get(`${t}:${i + 1 + d}`) ?? 0) + (d === 0 ? 6 : 2));
  })));
  const candidates: number[][] = [plain];
  for (const weight of [1, 0.5, 2]) {
    const r = cheapestRoute(map, start, dest, (t, step) => weight * (busy.get(`${t}:${step}`) ?? 0) + rng.next() * 0.1);
    if (r) candidates.push(r);
  }
  const plans: Plan[] = [];
  for (const tiles of candidates) {
    const p = planRoute(map, start, dest, tiles);
    if (!p.ok) continue;
    plans.push(p.plan);
    // Speeding past one tile, when affordable.
    if (budget >= SPEEDING_COST) {
      let stop = 0;
      for (const tick of p.plan.ticks.slice(0, -1)) {
        stop += tick.path.length;
        const sped = planRoute(map, start, dest, tiles, [stop]);
        if (sped.ok) plans.push(sped.plan);
      }
    }
  }
  const score = (plan: Plan) => {
    const all = others.map((o, i) => (i === seat ? plan : o));
    const car = simulateDelivery(map, starts, all).cars[seat];
    // A crash is 17 gas; speeding is worth it only when it saves gas.
    return car.gas * 10 + plan.skips.length * 6;
  };
  let best = plans[0];
  let bestScore = score(best);
  for (const plan of plans.slice(1)) {
    const sc = score(plan);
    if (sc < bestScore) { best = plan; bestScore = sc; }
  }
  return best;
}

function allSigns(map: CityMap, stopUsed: boolean): Sign[] {
  const out: Sign[] = [];
  for (let tile = 0; tile < 25; tile++) {
    if (isCorner(tile) || hasTileSign(map.tiles[tile])) continue;
    out.push({ kind: 'toll', tile }, { kind: 'yield', tile }, { kind: 'roundabout', tile });
    if (!stopUsed) out.push({ kind: 'stop', tile });
    for (const dir of DIRS) out.push({ kind: 'oneWay', tile, dir });
  }
  for (let line = 0; line < 10; line++) if (map.speed[line] === 0) out.push({ kind: 'speed', line });
  return out;
}

function easySigns(map: CityMap, mine: TrafficTangoSeatView, rng: Rng): SignInput[] {
  if (rng.next() < 0.3) return [];
  const options = allSigns(map, mine.stopUsed);
  for (let tries = 0; tries < 20; tries++) {
    const sign = rng.pick(options);
    if (checkSigns(map, [sign], mine.stopUsed).ok) return [toInput(sign)];
  }
  return [];
}

function hardSigns(pub: TrafficTangoPublicView, map: CityMap, mine: TrafficTangoSeatView, seat: number): SignInput[] {
  const trips = pub.players.map((_, i) => tripOf(pub, i));
  const gasOn = (m: CityMap) => trips.map((t) => cheapestGas(m, t.start, t.dest) ?? 99);
  const before = gasOn(map);
  // Yields and Roundabouts change no route's cost; the hard bot weighs only what slows a trip.
  const scored = allSigns(map, mine.stopUsed)
    .filter((s) => s.kind !== 'yield' && s.kind !== 'roundabout')
    .map((sign) => {
      const after = gasOn(withSigns(map, [sign]));
      const hurt = after.reduce((sum, g, i) => (i === seat ? sum : sum + g - before[i]), 0);
      // A Stop is once per game: keep it for when it pays well.
      const value = hurt - 3 * (after[seat] - before[seat]) - (sign.kind === 'stop' ? 2 : 0);
      return { sign, value };
    })
    .filter((x) => x.value > 0)
    .sort((a, b) => b.value - a.value);
  const chosen: Sign[] = [];
  for (const { sign } of scored) {
    if (checkSigns(map, [sign], mine.stopUsed).ok) { chosen.push(sign); break; }
  }
  const cost = pub.extraSignCost ?? Infinity;
  const speedCost = mine.route ? mine.route.skips.length * SPEEDING_COST : 0;
  if (chosen.length === 1 && cost <= 4 && mine.garnets - speedCost >= cost) {
    for (const { sign, value } of scored) {
      if (value < 2) break;
      const pair = [chosen[0], sign];
      if (checkSigns(map, pair, mine.stopUsed).ok) { chosen.push(sign); break; }
    }
  }
  return chosen.map(toInput);
}

