/**
 * The delivery simulation, exactly as RULES-NOTES 3.6 settles it: each tick resolves Yields in
 * repeated waves, then occupancy, then every collision at once (tile conflicts and swaps), then
 * where each wreck lies.
 */
import { TILES } from './board.js';
import { tollGas } from './moves.js';
import type { Plan } from './routes.js';
import type { CityMap } from './signs.js';

/** RULES-NOTES 3.6 step 5: safety cap. */
export const TICK_CAP = 100;
/** Rulebook: "If you are involved in a collision, then you will automatically be assigned 17 gas costs". */
export const CRASH_GAS = 17;

/** A vehicle still driving at the start of a tick: where it stands and the tiles it means to enter. */
export interface DrivingCar {
  seat: number;
  at: number;
  path: number[];
}

export interface Debris {
  seat: number;
  tile: number;
}

export type TickOutcome =
  | { kind: 'move'; to: number }
  | { kind: 'wait' }
  | { kind: 'crash'; tile: number; with: number[] };

export interface TickResolution {
  outcomes: TickOutcome[];
  /** Wrecks hit this tick: whose wreck, where, and by whom (RULES-NOTES 3.6 step 4). */
  debrisHits: { owner: number; tile: number; by: number[] }[];
}

interface Conflict {
  /** Position along the car's own path: 0 = the tile it stands on or leaves, 1.. = tiles entered. */
  index: number;
  tile: number;
  with: number[];
}

export function resolveTick(map: CityMap, cars: readonly DrivingCar[], debris: readonly Debris[]): TickResolution {
  const roundabout = (t: number) => map.tiles[t].roundabout;
  const waiting = new Set<number>();
  const committed = new Set<number>();
  const occupied = (i: number): number[] => (waiting.has(i) ? [cars[i].at] : cars[i].path);
  // Conf(v): the (u, x) with x a non-Roundabout tile of P(v) that another driving car u occupies.
  const conf = (i: number): { u: number; x: number }[] =>
    cars[i].path.filter((x) => !roundabout(x)).flatMap((x) =>
      cars.flatMap((_, u) => (u !== i && occupied(u).includes(x) ? [{ u, x }] : [])));

  // Step 1: Yield waves. Chained yields come from the repeats; a mutual yield keeps driving (Note 1).
  for (;;) {
    const candidates = cars.flatMap((c, i) => {
      if (waiting.has(i) || committed.has(i) || !map.tiles[c.at].yield) return [];
      const list = conf(i);
      return list.length > 0 ? [{ i, list }] : [];
    });
    if (candidates.length === 0) break;
    const mutual = candidates.map(({ i, list }) => candidates.some((other) => other.i !== i
      && list.some((c) => c.u === other.i && other.list.some((d) => d.u === i && d.x === c.x))));
    candidates.forEach(({ i }, n) => (mutual[n] ? committed : waiting).add(i));
  }

  // Steps 2–3: occupancy and collisions, all checked at once.
  const conflicts: Conflict[][] = cars.map(() => []);
  const debrisHits: TickResolution['debrisHits'] = [];
  for (let x = 0; x < TILES; x++) {
    if (roundabout(x)) continue;
    const here = cars.flatMap((_, i) => (occupied(i).includes(x) ? [i] : []));
    const wrecks = debris.filter((d) => d.tile === x);
    if (here.length === 0 || here.length + wrecks.length < 2) continue;
    for (const i of here) {
      const index = waiting.has(i) ? 0 : 1 + cars[i].path.indexOf(x);
      conflicts[i].push({ index, tile: x, with: [...here.filter((j) => j !== i).map((j) => cars[j].seat), ...wrecks.map((d) => d.seat)] });
    }
    for (const w of wrecks) debrisHits.push({ owner: w.seat, tile: x, by: here.map((i) => cars[i].seat) });
  }
  const full = (i: number): number[] => (waiting.has(i) ? [] : [cars[i].at, ...cars[i].path]);
  for (let i = 0; i < cars.length; i++) {
    for (let j = i + 1; j < cars.length; j++) {
      const a = full(i);
      const b = full(j);
      for (let p = 0; p + 1 < a.length; p++) {
        for (let q = 0; q + 1 < b.length; q++) {
          // Note 3: passing through each other crashes, unless both tiles are Roundabouts.
          if (a[p] !== b[q + 1] || a[p + 1] !== b[q] || (roundabout(a[p]) && roundabout(a[p + 1]))) continue;
          conflicts[i].push({ index: p, tile: a[p], with: [cars[j].seat] });
          conflicts[j].push({ index: q, tile: b[q], with: [cars[i].seat] });
        }
      }
    }
  }

  // Step 4: each car crashes at its earliest conflict along its own path.
  const outcomes = cars.map((c, i): TickOutcome => {
    const list = conflicts[i];
    if (list.length === 0) return waiting.has(i) ? { kind: 'wait' } : { kind: 'move', to: c.path[c.path.length - 1] };
    const first = Math.min(...list.map((k) => k.index));
    const atFirst = list.filter((k) => k.index === first);
    const withSeats = [...new Set(atFirst.flatMap((k) => k.with))].sort((p, q) => p - q);
    return { kind: 'crash', tile: atFirst[0].tile, with: withSeats };
  });
  return { outcomes, debrisHits };
}

export type CarState = 'start' | 'move' | 'wait' | 'crash' | 'arrive';

export interface CarReport {
  seat: number;
  /** False when the seat had no vehicle on the board (no valid route, RULES-NOTES 3.4). */
  drove: boolean;
  crashed: boolean;
  /** Ticks to the destination (start and destination both count, Note 4); null after a crash. */
  steps: number | null;
  tolls: number;
  gas: number;
  crash: { tick: number; tile: number; with: number[] } | null;
  /** Other vehicles that ran into this seat's wreck. */
  hitBy: { tick: number; tile: number; by: number[] }[];
  /** Where the vehicle was at each tick (index 0 = t 1) while it was on the board. */
  track: { tile: number; state: CarState }[];
}

export interface DeliveryResult {
  ticks: number;
  cars: CarReport[];
}

/** Simulates one delivery; `plans[seat]` null = no vehicle. */
export function simulateDelivery(map: CityMap, starts: readonly number[], plans: readonly (Plan | null)[]): DeliveryResult {
  const cars: CarReport[] = plans.map((plan, seat) => ({
    seat, drove: plan !== null, crashed: plan === null, steps: null, tolls: 0, gas: CRASH_GAS, crash: null, hitBy: [],
    track: plan === null ? [] : [{ tile: starts[seat], state: 'start' }],
  }));
  const at = [...starts];
  const next = plans.map(() => 0);
  // Seats still driving, with their plans.
  const driving = new Map<number, Plan>();
  plans.forEach((p, seat) => { if (p !== null) driving.set(seat, p); });
  const debris: Debris[] = [];
  let t = 1;
  while (driving.size > 0) {
    t++;
    const seats = [...driving.keys()];
    if (t >= TICK_CAP) {
      for (const seat of seats) {
        cars[seat].crashed = true;
        cars[seat].crash = { tick: t, tile: at[seat], with: [] };
        cars[seat].track.push({ tile: at[seat], state: 'crash' });
        driving.delete(seat);
      }
      break;
    }
    const moving = [...driving].map(([seat, plan]) => ({ seat, at: at[seat], path: plan.ticks[next[seat]].path, plan }));
    const { outcomes, debrisHits } = resolveTick(map, moving, debris);
    outcomes.forEach((o, n) => {
      const seat = moving[n].seat;
      const car = cars[seat];
      if (o.kind === 'crash') {
        car.crashed = true;
        car.crash = { tick: t, tile: o.tile, with: o.with };
        car.track.push({ tile: o.tile, state: 'crash' });
        debris.push({ seat, tile: o.tile });
        driving.delete(seat);
      } else if (o.kind === 'wait') {
        car.track.push({ tile: at[seat], state: 'wait' });
      } else {
        const plan = moving[n].plan;
        const tick = plan.ticks[next[seat]];
        // RULES-NOTES 3.4: tolls are waived during a speeding tick, except where the vehicle stops.
        tick.path.forEach((x, j) => { if (!tick.speeding || j === tick.path.length - 1) car.tolls += tollGas(map, x); });
        at[seat] = o.to;
        next[seat]++;
        const arrived = next[seat] === plan.ticks.length;
        car.track.push({ tile: o.to, state: arrived ? 'arrive' : 'move' });
        if (arrived) { car.steps = t; driving.delete(seat); }
      }
    });
    for (const hit of debrisHits) cars[hit.owner].hitBy.push({ tick: t, tile: hit.tile, by: hit.by });
  }
  for (const car of cars) car.gas = car.crashed || car.steps === null ? CRASH_GAS : car.steps + car.tolls;
  return { ticks: t, cars };
}
