/**
 * The day loop (RULES-NOTES 3.2): each day is one simultaneous secret submission of signs (days
 * 1–4) and a route (days 2–5). A day resolves when everybody is in or the clock runs out, in this
 * order: spending was checked at submission against start-of-day garnets; simulate the delivery
 * and award gas and garnets; apply the new placements; publish.
 */
import { Rng } from '../../random.js';
import { ruleError, type Applied, type GameEvent } from '../contract.js';
import { parseTile, tileName } from './board.js';
import type { TrafficTangoAction } from './actions.js';
import { cheapestRoute } from './moves.js';
import { mapOf, toSign, tripOf, who } from './notation.js';
import { checkSigns, extraSignCost, resolvePlacements } from './placement.js';
import { planRoute, SPEEDING_COST, type Plan } from './routes.js';
import {
  candidateChooser, defaultCandidate, deliveryGarnets, finalBonus, highestTied, places, tokenOfLife,
} from './scoring.js';
import { describeSign, type Sign } from './signs.js';
import { simulateDelivery } from './simulate.js';
import { hasDelivery, hasTraffic, type TrafficTangoState } from './state.js';

const signsCost = (s: TrafficTangoState, signs: readonly Sign[] | null): number =>
  signs !== null && signs.length === 2 ? extraSignCost(s.day) : 0;
const routeCost = (route: Plan | null): number => (route === null ? 0 : SPEEDING_COST * route.skips.length);

export function isIn(s: TrafficTangoState, seat: number): boolean {
  const p = s.pending[seat];
  return (!hasTraffic(s) || p.signs !== null) && (!hasDelivery(s) || p.route !== null);
}

export function applyTrafficTango(state: TrafficTangoState, seat: number, action: TrafficTangoAction, now: number): Applied<TrafficTangoState> {
  if (state.phase === 'over') return ruleError('game_over', 'The match is over.');
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.seats) return ruleError('not_seated', 'You have no seat at this table.');
  const s = structuredClone(state);
  const events: GameEvent[] = [];
  if (action.type === 'eliminate') {
    const f = s.finale;
    if (s.phase !== 'choose' || f === null) return ruleError('no_choice', 'There is no Elimination Candidate to choose now.');
    if (f.chooser !== seat) return ruleError('not_chooser', 'Only the winner chooses the Elimination Candidate.');
    if (!f.tied.includes(action.seat)) return ruleError('not_tied', `${who(action.seat)} is not tied for the most gas.`);
    f.candidate = action.seat;
    events.push({ type: 'candidate', seat: action.seat, text: `${who(seat)} chose ${who(action.seat)} as the Elimination Candidate` });
    endMatch(s, events);
    return { ok: true, state: s, events };
  }
  if (s.phase !== 'play') return ruleError('not_playing', 'The deliveries are over.');
  const map = mapOf(s);
  const mine = s.pending[seat];
  if (action.type === 'signs') {
    if (!hasTraffic(s)) return ruleError('no_traffic', 'There is no Traffic phase today: only your route is needed.');
    const signs: Sign[] = [];
    for (const input of action.signs) {
      const sign = toSign(input);
      if (sign === null) return ruleError('bad_tile', 'That is not a tile of the city.');
      signs.push(sign);
    }
    const checked = checkSigns(map, signs, s.stopUsed[seat]);
    if (!checked.ok) return ruleError(checked.code, checked.message);
    const cost = signsCost(s, signs) + routeCost(mine.route);
    if (cost > s.garnets[seat]) {
      return ruleError('garnets', `An extra sign costs ${extraSignCost(s.day)} garnets today and you have ${s.garnets[seat]}${mine.route && mine.route.skips.length > 0 ? ' (your speeding is counted too)' : ''}.`);
    }
    const first = mine.signs === null;
    mine.signs = signs;
    if (first) events.push({ type: 'signsIn', seat, text: `${who(seat)} has placed their signs` });
    events.push({ type: 'mySigns', seat, to: [seat], text: signs.length === 0 ? 'You place no sign today' : `You place ${signs.map(describeSign).join(' and ')}` });
  } else {
    if (!hasDelivery(s)) return ruleError('no_delivery', 'There is no Delivery phase today: only signs are placed on day 1.');
    const tiles: number[] = [];
    for (const name of action.tiles) {
      const t = parseTile(name);
      if (t === null) return ruleError('bad_tile', `${name} is not a tile of the city.`);
      tiles.push(t);
    }
    const { start, dest } = tripOf(s, seat);
    const planned = planRoute(map, start, dest, tiles, action.skips ?? []);
    if (!planned.ok) return ruleError(planned.code, planned.message);
    const cost = routeCost(planned.plan) + signsCost(s, mine.signs);
    if (cost > s.garnets[seat]) {
      return ruleError('garnets', `Speeding costs ${SPEEDING_COST} garnets a time and you have ${s.garnets[seat]}${mine.signs && mine.signs.length === 2 ? ' (your extra sign is counted too)' : ''}.`);
    }
    const first = mine.route === null;
    mine.route = planned.plan;
    if (first) events.push({ type: 'routeIn', seat, text: `${who(seat)} has planned their route` });
    events.push({ type: 'myRoute', seat, to: [seat], text: `Your route: ${tiles.map(tileName).join(' ')}${planned.plan.skips.length > 0 ? ` (speeding ×${planned.plan.skips.length})` : ''}` });
  }
  if (s.pending.every((_, i) => isIn(s, i))) resolveDay(s, now, events, []);
  return { ok: true, state: s, events };
}

export function trafficTangoDeadline(s: TrafficTangoState): number | null {
  return s.phase === 'over' ? null : s.deadline;
}

/** Time-outs: no sign, and the cheapest legal route (issue; RULES-NOTES 3.4 [opt]); the choice defaults. */
export function advanceTrafficTango(state: TrafficTangoState, now: number): Applied<TrafficTangoState> {
  const s = structuredClone(state);
  const events: GameEvent[] = [];
  if (s.deadline === null || now < s.deadline || s.phase === 'over') return { ok: true, state: s, events };
  if (s.phase === 'choose' && s.finale) {
    const rng = new Rng(s.rng);
    s.finale.candidate = defaultCandidate(s.finale.tied, s.garnets, rng);
    s.rng = rng.state;
    events.push({ type: 'candidate', seat: s.finale.candidate, text: `Time is up: ${who(s.finale.candidate)}, with the fewest garnets, is the Elimination Candidate` });
    endMatch(s, events);
    return { ok: true, state: s, events };
  }
  const late: number[] = [];
  const map = mapOf(s);
  s.pending.forEach((p, seat) => {
    if (isIn(s, seat)) return;
    late.push(seat);
    if (hasTraffic(s) && p.signs === null) p.signs = [];
    if (hasDelivery(s) && p.route === null && s.options.noRoute === 'cheapest') {
      const { start, dest } = tripOf(s, seat);
      const tiles = cheapestRoute(map, start, dest);
      const planned = tiles === null ? null : planRoute(map, start, dest, tiles);
      p.route = planned?.ok ? planned.plan : null;
    }
    events.push({ type: 'timeout', seat, text: `${who(seat)} ran out of time` });
    const missed = hasDelivery(s) ? (p.route !== null ? 'you drive the cheapest legal route' : 'you have no vehicle today') : 'you place no sign';
    events.push({ type: 'myTimeout', seat, to: [seat], text: `Time is up: ${missed}` });
  });
  resolveDay(s, now, events, late);
  return { ok: true, state: s, events };
}

function resolveDay(s: TrafficTangoState, now: number, events: GameEvent[], late: number[]): void {
  const map = mapOf(s);
  if (hasDelivery(s)) runDelivery(s, events, late);
  if (hasTraffic(s)) {
    const entries = s.pending.flatMap((p, owner) => (p.signs ?? []).map((sign) => ({ sign, owner })));
    const ok = resolvePlacements(map, entries.map((e) => e.sign));
    const placed = entries.filter((_, i) => ok[i]);
    for (const e of placed) {
      s.placed.push({ sign: e.sign, owner: e.owner, day: s.day });
      if (e.sign.kind === 'stop') s.stopUsed[e.owner] = true;
    }
    // RULES-NOTES 3.3: the extra sign is paid only if it is placed (a failed extra is refunded).
    s.pending.forEach((p, seat) => {
      if (p.signs?.length === 2 && placed.filter((e) => e.owner === seat).length === 2) s.garnets[seat] -= extraSignCost(s.day);
    });
    entries.forEach((e, i) => {
      if (ok[i]) return;
      s.failed.push({ day: s.day, owner: e.owner, sign: e.sign });
      events.push({ type: 'signFailed', to: [e.owner], sign: e.sign, text: `Your ${describeSign(e.sign)} was not placed: together with other signs it would have made a route impossible` });
    });
    // Sorted so the order says nothing about who placed what.
    const revealed = placed.map((e) => e.sign).sort((a, b) => describeSign(a).localeCompare(describeSign(b)));
    s.lastPlaced = { day: s.day, signs: revealed };
    events.push({ type: 'signsRevealed', signs: revealed, text: revealed.length === 0 ? `Day ${s.day}: no new signs` : `Day ${s.day}: new signs: ${revealed.map(describeSign).join(', ')}` });
  }
  s.day += 1;
  s.pending = s.pending.map(() => ({ signs: null, route: null }));
  if (s.day > 5) { finishDeliveries(s, now, events); return; }
  s.deadline = s.options.phaseMs > 0 ? now + s.options.phaseMs : null;
  const parts = [hasTraffic(s) ? `Traffic phase ${s.day}` : '', hasDelivery(s) ? `Delivery phase ${s.day - 1}` : ''].filter(Boolean);
  events.push({ type: 'day', day: s.day, text: `Day ${s.day}: ${parts.join(' and ')}` });
}

function runDelivery(s: TrafficTangoState, events: GameEvent[], late: number[]): void {
  const plans = s.pending.map((p) => p.route);
  const speeding = plans.map((p) => routeCost(p));
  speeding.forEach((g, seat) => { s.garnets[seat] -= g; });
  const result = simulateDelivery(mapOf(s), s.corners.map((_, seat) => tripOf(s, seat).start), plans);
  const garnets = deliveryGarnets(result.cars);
  const number = s.day - 1;
  result.cars.forEach((car, seat) => {
    s.gas[seat] += car.gas;
    s.garnets[seat] += garnets[seat];
    if (car.crashed) s.crashes[seat] += 1;
    if (car.crash) {
      const withText = car.crash.with.length > 0 ? ` with ${car.crash.with.map(who).join(' and ')}` : '';
      events.push({ type: 'crash', to: [seat], tick: car.crash.tick, tile: tileName(car.crash.tile), with: car.crash.with, text: `You crashed${withText} on ${tileName(car.crash.tile)} at step ${car.crash.tick}: 17 gas, no garnets` });
    } else if (!car.drove) {
      events.push({ type: 'noVehicle', to: [seat], text: 'You had no route: counted as a crash, 17 gas' });
    } else {
      events.push({ type: 'arrived', to: [seat], steps: car.steps, gas: car.gas, garnets: garnets[seat], text: `You delivered in ${car.steps} steps: ${car.gas} gas, ${garnets[seat]} garnets` });
    }
    for (const hit of car.hitBy) {
      events.push({ type: 'wreckHit', to: [seat], tick: hit.tick, tile: tileName(hit.tile), by: hit.by, text: `${hit.by.map(who).join(' and ')} ran into your wreck on ${tileName(hit.tile)} at step ${hit.tick}` });
    }
  });
  s.deliveries.push({ number, day: s.day, result, garnets, speeding, defaulted: plans.map((_, seat) => late.includes(seat)) });
  events.push({
    type: 'delivery', number, gas: result.cars.map((c) => c.gas),
    text: `Delivery ${number}: ${result.cars.map((c, seat) => `${who(seat)} ${c.gas} gas`).join(', ')}`,
  });
}

/** End of the match (RULES-NOTES 3.7): bonus, Token of Life, ranking, Elimination Candidate. */
function finishDeliveries(s: TrafficTangoState, now: number, events: GameEvent[]): void {
  const bonus = finalBonus(s.gas);
  bonus.forEach((b, seat) => { s.garnets[seat] += b; });
  const token = tokenOfLife(s.gas);
  const placeOf = places(s.gas, s.garnets, s.crashes);
  const tied = highestTied(s.gas);
  const chooser = candidateChooser(s.gas, placeOf);
  s.finale = { bonus, token, places: placeOf, tied, chooser, candidate: null };
  events.push({ type: 'bonus', bonus, text: `Bonus garnets: ${bonus.map((b, seat) => `${who(seat)} +${b}`).join(', ')}` });
  events.push({ type: 'token', seat: token, text: token === null ? 'Nobody earns the Token of Life: the lowest gas total is tied' : `${who(token)} earns the Token of Life` });
  if (tied.length === 1) s.finale.candidate = tied[0];
  else if (chooser !== null) {
    s.phase = 'choose';
    s.deadline = now + s.options.choiceMs;
    events.push({ type: 'choose', seat: chooser, tied, text: `${who(chooser)} chooses the Elimination Candidate among ${tied.map(who).join(', ')}` });
    return;
  } else {
    const rng = new Rng(s.rng);
    s.finale.candidate = defaultCandidate(tied, s.garnets, rng);
    s.rng = rng.state;
  }
  endMatch(s, events);
}

function endMatch(s: TrafficTangoState, events: GameEvent[]): void {
  s.phase = 'over';
  s.deadline = null;
  const f = s.finale;
  if (f?.candidate != null) events.push({ type: 'eliminationCandidate', seat: f.candidate, text: `${who(f.candidate)} is the Elimination Candidate` });
  events.push({ type: 'over', text: 'The match is over' });
}
