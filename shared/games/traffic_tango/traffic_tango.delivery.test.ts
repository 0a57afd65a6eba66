/** Signs on the road, routes, speeding and whole deliveries (RULES-NOTES 3.3, 3.4, 3.6, 3.8 "Whole deliveries"). */
import { describe, expect, it } from 'vitest';
import { CORNER_TRIPS } from './board.js';
import { planRoute } from './routes.js';
import { deliveryGarnets } from './scoring.js';
import { simulateDelivery, type DeliveryResult } from './simulate.js';
import { mapOf, plan, STARTS, T, tiles } from './testing.js';
import type { CityMap } from './signs.js';
import type { Plan } from './routes.js';

const NW = CORNER_TRIPS.NW;
const reject = (map: CityMap, route: string, skips: number[] = []) => {
  const r = planRoute(map, NW.start, NW.dest, tiles(route), skips);
  return r.ok ? 'accepted' : r.code;
};
const drive = (map: CityMap, plans: (Plan | null)[]): DeliveryResult => simulateDelivery(map, STARTS, plans);
const alone = (map: CityMap, route: string, skips: number[] = []) => drive(map, [plan(map, 'NW', route, skips), null, null, null]).cars[0];
const STRAIGHT = 'A1 B1 C1 D1 E1 E2 E3 E4 E5';

describe('signs on the road', () => {
  it('One Way: a car may leave the tile only in its direction, entering is free', () => {
    const map = mapOf({ kind: 'oneWay', tile: T('B1'), dir: 'S' });
    expect(reject(map, STRAIGHT)).toBe('route_one_way');
    expect(reject(map, 'A1 B1 B2 C2 D2 E2 E3 E4 E5')).toBe('accepted');
  });

  it('Two Way (two One Ways stacked) allows both exits', () => {
    const map = mapOf({ kind: 'oneWay', tile: T('B1'), dir: 'S' }, { kind: 'oneWay', tile: T('B1'), dir: 'E' });
    expect(reject(map, STRAIGHT)).toBe('accepted');
    expect(reject(map, 'A1 B1 B2 C2 D2 E2 E3 E4 E5')).toBe('accepted');
  });

  it('Yield: a car on it waits a step for a car entering the same tile, then proceeds', () => {
    // NW waits on B1 (Yield) while NE enters C1 at t3; NE turns south, NW goes on: 10 steps.
    const map = mapOf({ kind: 'yield', tile: T('B1') });
    const r = drive(map, [plan(map, 'NW', STRAIGHT), plan(map, 'NE', 'E1 D1 C1 C2 C3 C4 C5 B5 A5'), null, null]);
    expect(r.cars[0].track.map((p) => p.state).slice(0, 4)).toEqual(['start', 'move', 'wait', 'move']);
    expect(r.cars[0].steps).toBe(10);
    expect(r.cars[1].steps).toBe(9);
  });

  it('Yield: the wait repeats for as long as the next tile stays contested', () => {
    const map = mapOf({ kind: 'yield', tile: T('B1') });
    // Hand-made plans (the resolver only looks at tiles): NE enters C1 at t3, SW at t4.
    const one = (names: string): Plan => ({ tiles: [], skips: [], ticks: tiles(names).map((t) => ({ path: [t], speeding: false })) });
    const r = drive(map, [plan(map, 'NW', STRAIGHT), one('D1 C1 C2 C3'), null, one('A4 A3 C1 D1 E1')]);
    expect(r.cars[0].track.map((p) => p.state).slice(0, 5)).toEqual(['start', 'move', 'wait', 'wait', 'move']);
    expect(r.cars[0].steps).toBe(11);
  });

  it('Roundabout: two cars entering it together do not crash', () => {
    const map = mapOf({ kind: 'roundabout', tile: T('C1') });
    const r = drive(map, [plan(map, 'NW', STRAIGHT), plan(map, 'NE', 'E1 D1 C1 C2 C3 C4 C5 B5 A5'), null, null]);
    expect(r.cars.slice(0, 2).map((c) => c.crashed)).toEqual([false, false]);
  });

  it('Toll Road: +2 gas each time the tile is entered, and stacked Tolls add up', () => {
    expect(alone(mapOf({ kind: 'toll', tile: T('C1') }), STRAIGHT)).toMatchObject({ steps: 9, gas: 11 });
    expect(alone(mapOf({ kind: 'toll', tile: T('C1') }, { kind: 'toll', tile: T('C1') }), STRAIGHT)).toMatchObject({ steps: 9, gas: 13 });
  });

  it('Stop Sign: the tile cannot be entered', () => {
    expect(reject(mapOf({ kind: 'stop', tile: T('C1') }), STRAIGHT)).toBe('route_stop');
  });

  it('Note 2: a Stop stacked with any other sign still blocks the tile', () => {
    const map = mapOf({ kind: 'stop', tile: T('C1') }, { kind: 'roundabout', tile: T('C1') }, { kind: 'oneWay', tile: T('C1'), dir: 'E' });
    expect(reject(map, STRAIGHT)).toBe('route_stop');
  });

  it('Speed Limit 70 on row 1: the straight route takes 7 steps, a turn inside a forced move is rejected', () => {
    const map = mapOf({ kind: 'speed', line: 5 });
    expect(alone(map, STRAIGHT).steps).toBe(7);
    expect(reject(map, 'A1 B1 B2 C2 D2 E2 E3 E4 E5')).toBe('route_speed');
  });

  it('Speed Limit 105 on row 1: A1…E1 is rejected (off the board), A1 B1 C1 D1 D2… is fine', () => {
    const map = mapOf({ kind: 'speed', line: 5 }, { kind: 'speed', line: 5 });
    expect(reject(map, STRAIGHT)).toBe('route_off_board');
    expect(reject(map, 'A1 B1 C1 D1 D2 D3 D4 D5 E5')).toBe('accepted');
    expect(alone(map, 'A1 B1 C1 D1 D2 D3 D4 D5 E5').steps).toBe(7);
  });

  it('Speed Limit 175 (four stacked) makes any move along the line a certain crash', () => {
    const map = mapOf(...[1, 2, 3, 4].map(() => ({ kind: 'speed' as const, line: 5 })));
    expect(reject(map, STRAIGHT)).toBe('route_off_board');
  });

  it('a One Way on a tile passed through by a Speed Limit move must allow the direction', () => {
    const map = mapOf({ kind: 'speed', line: 5 }, { kind: 'oneWay', tile: T('B1'), dir: 'S' });
    expect(reject(map, STRAIGHT)).toBe('route_one_way');
  });
});

describe('routes', () => {
  it('Note 4: the start and end tiles both count as steps (9 tiles = 9 steps)', () => {
    expect(alone(mapOf(), STRAIGHT)).toMatchObject({ steps: 9, gas: 9, crashed: false });
  });

  it('a route must start at the start, end at the delivery corner, step to neighbours and not pass the destination early', () => {
    expect(reject(mapOf(), 'A1')).toBe('route_short');
    expect(reject(mapOf(), 'B1 C1 D1 E1 E2 E3 E4 E5')).toBe('route_start');
    expect(reject(mapOf(), 'A1 B1 C1 D1 E1 E2 E3 E4')).toBe('route_end');
    expect(reject(mapOf(), 'A1 C1 D1 E1 E2 E3 E4 E5')).toBe('route_gap');
    expect(reject(mapOf(), 'A1 B1 C1 D1 E1 E2 E3 E4 E5 D5 E5')).toBe('route_dest');
  });

  it('a route may revisit tiles (a detour) and is capped at 40 tiles', () => {
    expect(reject(mapOf(), 'A1 B1 A1 B1 C1 D1 E1 E2 E3 E4 E5')).toBe('accepted');
    const long = `${Array.from({ length: 17 }, () => 'A1 B1').join(' ')} C1 D1 E1 E2 E3 E4 E5`;
    expect(reject(mapOf(), long)).toBe('route_long');
  });
});

describe('speeding', () => {
  it('skipping C1 with a Toll there: 8 steps, 8 gas (the toll booth cannot charge a speeding car)', () => {
    expect(alone(mapOf({ kind: 'toll', tile: T('C1') }), STRAIGHT, [2])).toMatchObject({ steps: 8, gas: 8 });
  });

  it('skipping B1 and stopping on the Toll on C1: 8 steps, 10 gas', () => {
    expect(alone(mapOf({ kind: 'toll', tile: T('C1') }), STRAIGHT, [1])).toMatchObject({ steps: 8, gas: 10 });
  });

  it('skips may not be on the start, the destination, consecutive stopping tiles or inside a forced move', () => {
    expect(reject(mapOf(), STRAIGHT, [0])).toBe('skip_where');
    expect(reject(mapOf(), STRAIGHT, [8])).toBe('skip_where');
    expect(reject(mapOf(), STRAIGHT, [2, 3])).toBe('skip_consecutive');
    expect(reject(mapOf({ kind: 'speed', line: 5 }), STRAIGHT, [1])).toBe('skip_where');
    expect(reject(mapOf(), STRAIGHT, [2, 4, 6])).toBe('accepted');
    expect(alone(mapOf(), STRAIGHT, [2, 4, 6]).steps).toBe(6);
  });

  it('a speeding car occupies both tiles of its tick and crashes on the skipped one', () => {
    const map = mapOf();
    // t4: NW speeds A3→B3→C3 (skipping B3) while SW enters B3.
    const r = drive(map, [plan(map, 'NW', 'A1 A2 A3 B3 C3 C4 C5 D5 E5', [3]), null, null, plan(map, 'SW', 'A5 A4 B4 B3 B2 B1 C1 D1 E1')]);
    expect(r.cars[0].crash).toEqual({ tick: 4, tile: T('B3'), with: [3] });
    expect(r.cars[3].crash).toEqual({ tick: 4, tile: T('B3'), with: [0] });
  });
});

describe('whole deliveries (RULES-NOTES 3.8)', () => {
  it('head-on: NW and NE crash on C1 at t3, SE hits the debris at t7, SW alone scores', () => {
    const map = mapOf();
    const r = drive(map, [
      plan(map, 'NW', 'A1 B1 C1 C2 C3 C4 C5 D5 E5'),
      plan(map, 'NE', 'E1 D1 C1 B1 A1 A2 A3 A4 A5'),
      plan(map, 'SE', 'E5 E4 E3 E2 E1 D1 C1 B1 A1'),
      plan(map, 'SW', 'A5 B5 C5 D5 E5 E4 E3 E2 E1'),
    ]);
    expect(r.cars[0].crash).toEqual({ tick: 3, tile: T('C1'), with: [1] });
    expect(r.cars[1].crash).toEqual({ tick: 3, tile: T('C1'), with: [0] });
    expect(r.cars[2].crash).toEqual({ tick: 7, tile: T('C1'), with: [0, 1] });
    expect(r.cars[0].hitBy).toEqual([{ tick: 7, tile: T('C1'), by: [2] }]);
    expect(r.cars[3]).toMatchObject({ steps: 9, gas: 9, crashed: false });
    expect(r.cars.map((c) => c.gas)).toEqual([17, 17, 17, 9]);
    expect(deliveryGarnets(r.cars)).toEqual([0, 0, 0, 4]);
  });

  it('yield then swap: NW waits on B1 at t3, then swaps with NE on C1/B1 at t4 and both crash', () => {
    const map = mapOf({ kind: 'yield', tile: T('B1') });
    const r = drive(map, [plan(map, 'NW', STRAIGHT), plan(map, 'NE', 'E1 D1 C1 B1 A1 A2 A3 A4 A5'), null, null]);
    expect(r.cars[0].track[2]).toEqual({ tile: T('B1'), state: 'wait' });
    expect(r.cars[0].crash).toEqual({ tick: 4, tile: T('B1'), with: [1] });
    expect(r.cars[1].crash).toEqual({ tick: 4, tile: T('C1'), with: [0] });
  });

  it('a vehicle still driving at the safety cap (t = 100) counts as crashed', () => {
    // No legal route is that long; a hand-made plan bouncing between A1 and B1 reaches the cap.
    const bounce: Plan = { tiles: [], skips: [], ticks: Array.from({ length: 120 }, (_, i) => ({ path: [i % 2 === 0 ? T('B1') : T('A1')], speeding: false })) };
    const r = drive(mapOf(), [bounce, null, null, null]);
    expect(r.cars[0]).toMatchObject({ crashed: true, gas: 17, crash: { tick: 100, tile: T('A1'), with: [] } });
  });

  it('a seat with no vehicle is scored as a crash: 17 gas, 0 garnets', () => {
    const map = mapOf();
    const r = drive(map, [plan(map, 'NW', STRAIGHT), null, null, null]);
    expect(r.cars[1]).toMatchObject({ drove: false, crashed: true, gas: 17 });
    expect(deliveryGarnets(r.cars)).toEqual([4, 0, 0, 0]);
  });

  it('Note 5: a crash and a collision are the same event: 17 gas and no garnets either way', () => {
    const map = mapOf();
    const r = drive(map, [plan(map, 'NW', 'A1 B1 C1 C2 C3 C4 C5 D5 E5'), plan(map, 'NE', 'E1 D1 C1 B1 A1 A2 A3 A4 A5'), null, null]);
    expect(r.cars[0]).toMatchObject({ crashed: true, gas: 17, steps: null });
  });
});
