/**
 * Seeded random matches (bots, random legal and illegal actions, clocks running out) always end;
 * at every step gas equals the deliveries' gas, the map stays open, and views do not change when
 * what a viewer may not see is scrambled (no hidden information). Plus: random signs and routes
 * never break the simulator, and every car is always scored.
 */
import { describe, expect, it } from 'vitest';
import { HEAVY_TEST_MS } from '../testing/timeouts.js';
import { Rng } from '../../random.js';
import { CORNER_TRIPS, CORNER_NAMES, DIRS, LINE_NAMES, tileName } from './board.js';
import type { SignInput, TrafficTangoAction } from './actions.js';
import { trafficTangoGame as game } from './index.js';
import { isOpen, legalMoves } from './moves.js';
import { mapOf as mapOfState } from './notation.js';
import { trafficTangoOptions } from './options.js';
import { planRoute, type Plan } from './routes.js';
import { deliveryGarnets } from './scoring.js';
import { emptyMap, withSigns, type CityMap, type Sign } from './signs.js';
import { CRASH_GAS, simulateDelivery } from './simulate.js';
import type { TrafficTangoState } from './state.js';

function randomWalk(map: CityMap, start: number, dest: number, rng: Rng): number[] {
  const tiles = [start];
  let at = start;
  for (let i = 0; i < 14 && at !== dest && tiles.length < 36; i++) {
    const moves = legalMoves(map, at).filter((m) => !m.tiles.slice(0, -1).includes(dest));
    if (moves.length === 0) break;
    // Lean towards the destination so that some walks arrive.
    const toward = moves.filter((m) => Math.abs((m.tiles[m.tiles.length - 1] % 5) - (dest % 5)) + Math.abs(Math.floor(m.tiles[m.tiles.length - 1] / 5) - Math.floor(dest / 5))
      < Math.abs((at % 5) - (dest % 5)) + Math.abs(Math.floor(at / 5) - Math.floor(dest / 5)));
    const m = rng.next() < 0.75 && toward.length > 0 ? rng.pick(toward) : rng.pick(moves);
    tiles.push(...m.tiles);
    at = m.tiles[m.tiles.length - 1];
  }
  return tiles;
}

function randomSign(rng: Rng): SignInput {
  const kind = rng.pick(['oneWay', 'yield', 'roundabout', 'toll', 'stop', 'speed'] as const);
  const tile = `${'ABCDE'[rng.int(5)]}${1 + rng.int(5)}`;
  if (kind === 'speed') return { kind, line: rng.pick(LINE_NAMES) };
  if (kind === 'oneWay') return { kind, tile, dir: rng.pick(DIRS) };
  return { kind, tile };
}

function randomAction(s: TrafficTangoState, seat: number, rng: Rng): TrafficTangoAction {
  const r = rng.next();
  if (r < 0.1) return { type: 'eliminate', seat: rng.int(4) };
  if (r < 0.5) return { type: 'signs', signs: Array.from({ length: rng.int(3) }, () => randomSign(rng)) };
  const { start, dest } = CORNER_TRIPS[s.corners[seat]];
  const tiles = randomWalk(mapOfState(s), start, dest, rng);
  const skips = rng.next() < 0.3 ? [1 + rng.int(Math.max(1, tiles.length - 2))] : [];
  return { type: 'route', tiles: tiles.map(tileName), skips };
}

/** What a viewer may not see, changed at random (viewer −1 = the public). */
function scramble(s0: TrafficTangoState, viewer: number, rng: Rng): TrafficTangoState {
  const s = structuredClone(s0);
  const others = [0, 1, 2, 3].filter((x) => x !== viewer);
  for (const seat of others) {
    const p = s.pending[seat];
    if (p.signs !== null) p.signs = [{ kind: 'toll', tile: rng.int(25) }];
    if (p.route !== null) p.route = { tiles: [rng.int(25), rng.int(25)], skips: [rng.int(9)], ticks: [] };
    if (!s.options.publicGarnets && s.phase !== 'over') s.garnets[seat] = rng.int(40);
    s.stopUsed[seat] = rng.next() < 0.5;
    s.crashes[seat] = rng.int(4);
    for (const d of s.deliveries) {
      d.garnets[seat] = rng.int(5);
      d.speeding[seat] = rng.int(10);
      d.defaulted[seat] = rng.next() < 0.5;
      if (!s.options.publicReplay) {
        const car = d.result.cars[seat];
        car.track = [{ tile: rng.int(25), state: 'wait' }];
        car.tolls = rng.int(6);
        car.steps = rng.int(20);
        car.crash = null;
        car.hitBy = [];
      }
    }
  }
  for (const p of s.placed) if (p.owner !== viewer) p.owner = rng.pick(others);
  for (const f of s.failed) if (f.owner !== viewer) f.owner = rng.pick(others);
  return s;
}

function checkInvariants(s: TrafficTangoState, now: number, rng: Rng): void {
  s.gas.forEach((g, seat) => expect(g).toBe(s.deliveries.reduce((sum, d) => sum + d.result.cars[seat].gas, 0)));
  for (const d of s.deliveries) {
    for (const car of d.result.cars) {
      if (car.crashed) expect(car.gas).toBe(CRASH_GAS);
      else expect(car.gas).toBe((car.steps ?? 0) + car.tolls);
    }
  }
  s.garnets.forEach((g) => expect(g).toBeGreaterThanOrEqual(0));
  expect(isOpen(mapOfState(s))).toBe(true);
  const stops = s.placed.filter((p) => p.sign.kind === 'stop').map((p) => p.owner);
  expect(new Set(stops).size).toBe(stops.length);
  const pub = JSON.stringify(game.publicView(s, now));
  const viewer = rng.int(5) - 1;
  const other = scramble(s, viewer, rng);
  expect(JSON.stringify(game.publicView(other, now))).toBe(pub);
  if (viewer >= 0) expect(JSON.stringify(game.seatView(other, viewer, now))).toBe(JSON.stringify(game.seatView(s, viewer, now)));
}

describe('random matches', () => {
  it('always end, keep gas and the map consistent, and leak nothing', () => {
    for (let g = 0; g < 24; g++) {
      const rng = new Rng(1000 + g);
      const options = trafficTangoOptions.parse({
        phaseMs: rng.pick([0, 30_000, 90_000]), startGarnets: rng.pick([0, 0, 12, 30]),
        noRoute: rng.pick(['cheapest', 'crash']), publicGarnets: rng.next() < 0.3, publicReplay: rng.next() < 0.3,
      });
      let s = game.setup(options, 4, rng.int(1 << 30), 0);
      let now = 0;
      const levels = [0, 1, 2, 3].map(() => rng.pick(['easy', 'hard'] as const));
      for (let step = 0; step < 400 && game.result(s) === null; step++) {
        const seat = rng.int(4);
        const choice = rng.next();
        if (choice < 0.35) {
          const r = game.apply(s, seat, randomAction(s, seat, rng), now);
          if (r.ok) s = r.state;
        } else if (choice < 0.85 || game.nextDeadline(s) === null) {
          const m = game.bot(s, seat, levels[seat], rng.state, now);
          rng.next();
          if (m) {
            const r = game.apply(s, seat, m.action, now + m.delayMs);
            expect(r.ok).toBe(true);
            if (r.ok) { s = r.state; now += m.delayMs; }
          }
        } else {
          now = game.nextDeadline(s) ?? now;
          const r = game.advance(s, now);
          if (r.ok) s = r.state;
        }
        checkInvariants(s, now, rng);
      }
      expect(game.result(s)).not.toBeNull();
      expect(game.result(s)?.seats.map((x) => x.score)).toEqual(s.gas);
    }
  }, HEAVY_TEST_MS);
});

/**
 * RULES-NOTES 3.7 worked out place by place, independently of `deliveryGarnets`: cars that arrived
 * are ordered by steps; a group tied on steps covering places p..q gets 5 − q each; a crash gets 0.
 */
function garnetsByPlaces(cars: readonly { crashed: boolean; steps: number | null }[]): number[] {
  const garnets = cars.map(() => 0);
  const arrived = cars.flatMap((car, seat) => (car.crashed || car.steps === null ? [] : [{ seat, steps: car.steps }]))
    .sort((a, b) => a.steps - b.steps);
  for (let p = 0; p < arrived.length;) {
    let q = p;
    while (q + 1 < arrived.length && arrived[q + 1].steps === arrived[p].steps) q++;
    for (let i = p; i <= q; i++) garnets[arrived[i].seat] = 5 - (q + 1);
    p = q + 1;
  }
  return garnets;
}

describe('random signs and routes in the simulator', () => {
  it('never break it, and every car is scored', () => {
    const rng = new Rng(7);
    for (let n = 0; n < 300; n++) {
      const signs: Sign[] = Array.from({ length: rng.int(10) }, () => {
        const kind = rng.pick(['oneWay', 'yield', 'roundabout', 'toll', 'stop', 'speed'] as const);
        if (kind === 'speed') return { kind, line: rng.int(10) };
        if (kind === 'oneWay') return { kind, tile: rng.int(25), dir: rng.pick(DIRS) };
        return { kind, tile: rng.int(25) };
      });
      const map = withSigns(emptyMap(), signs);
      const starts = CORNER_NAMES.map((c) => CORNER_TRIPS[c].start);
      const plans: (Plan | null)[] = CORNER_NAMES.map((c) => {
        const { start, dest } = CORNER_TRIPS[c];
        const tiles = randomWalk(map, start, dest, rng);
        const skips = rng.next() < 0.4 ? [1 + rng.int(Math.max(1, tiles.length - 2))] : [];
        const p = planRoute(map, start, dest, tiles, skips);
        return p.ok ? p.plan : null;
      });
      const r = simulateDelivery(map, starts, plans);
      expect(r.cars).toHaveLength(4);
      for (const car of r.cars) {
        expect(Number.isInteger(car.gas)).toBe(true);
        if (car.crashed) expect(car.gas).toBe(CRASH_GAS);
        else expect(car.gas).toBeGreaterThanOrEqual(car.steps ?? 0);
        if (!car.crashed) expect(car.track[car.track.length - 1].state).toBe('arrive');
      }
      expect(deliveryGarnets(r.cars)).toEqual(garnetsByPlaces(r.cars));
    }
  });
});
