/**
 * The day loop (RULES-NOTES 3.2): each day is one simultaneous secret submission of signs (days
 * 1–4) and a route (days 2–5). A day resolves when everybody is in or the clock runs out, in this
 * order: spending was checked at submission against start-of-day garnets; simulate the delivery
 * and award gas and garnets; apply the new placements; publish.
 */
import { Rng } from '../../random.js';
import { edit, editWithEvents } from '../edit.js';
import { ruleError, type Applied, type GameEvent } from '../contract.js';

type Refused = ReturnType<typeof ruleError>;
import { parseTile, tileName } from './board.js';
import type { TrafficTangoAction } from './actions.js';
import { cheapestRoute } from './moves.js';
import { msg, seatRef, type Msg } from '../../i18n/msg.js';
import { signOrder, signParams } from './messages.js';
import { mapOf, toSign, tripOf } from './notation.js';
import { checkSigns, extraSignCost, resolvePlacements } from './placement.js';
import { planRoute, SPEEDING_COST, type Plan } from './routes.js';
import {
  candidateChooser, defaultCandidate, deliveryGarnets, finalBonus, highestTied, places, tokenOfLife,
} from './scoring.js';
import type { Sign } from './signs.js';
import { simulateDelivery } from './simulate.js';
import { hasDelivery, hasTraffic, lastDay, type TrafficTangoState } from './state.js';

const signsCost = (s: TrafficTangoState, signs: readonly Sign[] | null): number =>
  signs !== null && signs.length === 2 ? extraSignCost(s.day) : 0;
const routeCost = (route: Plan | null): number => (route === null ? 0 : SPEEDING_COST * route.skips.length);

export function isIn(s: TrafficTangoState, seat: number): boolean {
  const p = s.pending[seat];
  return (!hasTraffic(s) || p.signs !== null) && (!hasDelivery(s) || p.route !== null);
}

export function applyTrafficTango(state: TrafficTangoState, seat: number, action: TrafficTangoAction, now: number): Applied<TrafficTangoState> {
  if (state.phase === 'over') return ruleError('game_over');
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.seats) return ruleError('not_seated');
  const { state: next, result } = edit(state, (s) => {
    const events: GameEvent[] = [];
    return { refused: act(s, seat, action, now, events), events };
  });
  if (result.refused) return result.refused;
  return { ok: true, state: next, events: result.events };
}

/** Changes the draft `s`, or returns the refusal (the draft is then dropped). */
function act(s: TrafficTangoState, seat: number, action: TrafficTangoAction, now: number, events: GameEvent[]): Refused | null {
  if (action.type === 'eliminate') {
    const f = s.finale;
    if (s.phase !== 'choose' || f === null) return ruleError('no_choice');
    if (f.chooser !== seat) return ruleError('not_chooser');
    if (!f.tied.includes(action.seat)) return ruleError('not_tied', { player: seatRef(action.seat) });
    f.candidate = action.seat;
    events.push({ type: 'candidate', seat: action.seat, msg: msg('traffic_tango:event.candidate_chosen', { seat: seatRef(seat), candidate: seatRef(action.seat) }) });
    endMatch(s, events);
    return null;
  }
  if (s.phase !== 'play') return ruleError('not_playing');
  const map = mapOf(s);
  const mine = s.pending[seat];
  if (action.type === 'signs') {
    if (!hasTraffic(s)) return ruleError('no_traffic');
    const signs: Sign[] = [];
    for (const input of action.signs) {
      const sign = toSign(input);
      if (sign === null) return ruleError('bad_tile');
      signs.push(sign);
    }
    const checked = checkSigns(map, signs, s.stopUsed[seat]);
    if (!checked.ok) return ruleError(checked.code, checked.params);
    const cost = signsCost(s, signs) + routeCost(mine.route);
    if (cost > s.garnets[seat]) {
      return ruleError('garnets', { cost, have: s.garnets[seat] });
    }
    const first = mine.signs === null;
    mine.signs = signs;
    if (first) events.push({ type: 'signsIn', seat, msg: msg('traffic_tango:event.signs_in', { seat: seatRef(seat) }) });
    events.push({ type: 'mySigns', seat, to: [seat], msg: mySigns(signs) });
  } else {
    if (!hasDelivery(s)) return ruleError('no_delivery');
    const tiles: number[] = [];
    for (const name of action.tiles) {
      const t = parseTile(name);
      if (t === null) return ruleError('bad_tile');
      tiles.push(t);
    }
    const { start, dest } = tripOf(s, seat);
    const planned = planRoute(map, start, dest, tiles, action.skips ?? []);
    if (!planned.ok) return ruleError(planned.code, planned.params);
    const cost = routeCost(planned.plan) + signsCost(s, mine.signs);
    if (cost > s.garnets[seat]) {
      return ruleError('garnets', { cost, have: s.garnets[seat] });
    }
    const first = mine.route === null;
    mine.route = planned.plan;
    if (first) events.push({ type: 'routeIn', seat, msg: msg('traffic_tango:event.route_in', { seat: seatRef(seat) }) });
    events.push({ type: 'myRoute', seat, to: [seat], msg: planned.plan.skips.length > 0
      ? msg('traffic_tango:event.my_route_speeding', { tiles: tiles.map(tileName).join(' '), count: planned.plan.skips.length })
      : msg('traffic_tango:event.my_route', { tiles: tiles.map(tileName).join(' ') }) });
  }
  if (s.pending.every((_, i) => isIn(s, i))) resolveDay(s, now, events, []);
  return null;
}

/** What a player placed, told privately: none, one or two signs. */
function mySigns(signs: readonly Sign[]): Msg {
  if (signs.length === 0) return msg('traffic_tango:event.my_signs_none');
  if (signs.length === 1) return msg('traffic_tango:event.my_signs_single', signParams(signs[0]));
  return msg('traffic_tango:event.my_signs_pair', { ...signParams(signs[0]), ...signParams(signs[1], '2') });
}

export function trafficTangoDeadline(s: TrafficTangoState): number | null {
  return s.phase === 'over' ? null : s.deadline;
}

/** Time-outs: no sign; no route = crashed with no vehicle (RULES-NOTES 3.4), or the cheapest legal route with `noRoute: 'cheapest'`; the choice defaults. */
export function advanceTrafficTango(state: TrafficTangoState, now: number): Applied<TrafficTangoState> {
  if (state.deadline === null || now < state.deadline || state.phase === 'over') return { ok: true, state, events: [] };
  return editWithEvents(state, (s, events) => timeOut(s, now, events));
}

function timeOut(s: TrafficTangoState, now: number, events: GameEvent[]): void {
  if (s.phase === 'choose' && s.finale) {
    const rng = new Rng(s.rng);
    s.finale.candidate = defaultCandidate(s.finale.tied, s.garnets, rng);
    s.rng = rng.state;
    events.push({ type: 'candidate', seat: s.finale.candidate, msg: msg('traffic_tango:event.candidate_timeout', { seat: seatRef(s.finale.candidate) }) });
    endMatch(s, events);
    return;
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
    events.push({ type: 'timeout', seat, msg: msg('traffic_tango:event.timeout', { seat: seatRef(seat) }) });
    const missed = hasDelivery(s) ? (p.route !== null ? 'my_timeout_cheapest' : 'my_timeout_no_vehicle') : 'my_timeout_no_sign';
    events.push({ type: 'myTimeout', seat, to: [seat], msg: msg(`traffic_tango:event.${missed}`) });
  });
  resolveDay(s, now, events, late);
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
      events.push({ type: 'signFailed', to: [e.owner], sign: e.sign, msg: msg('traffic_tango:event.sign_failed', signParams(e.sign)) });
    });
    // Sorted so the order says nothing about who placed what.
    const revealed = placed.map((e) => e.sign).sort((a, b) => signOrder(a).localeCompare(signOrder(b)));
    s.lastPlaced = { day: s.day, signs: revealed };
    events.push({ type: 'signsRevealed', signs: revealed, msg: msg('traffic_tango:event.signs_revealed', { day: s.day, count: revealed.length }) });
  }
  s.day += 1;
  s.pending = s.pending.map(() => ({ signs: null, route: null }));
  if (s.day > lastDay(s)) { finishDeliveries(s, now, events); return; }
  s.deadline = s.options.phaseMs > 0 ? now + s.options.phaseMs : null;
  const phases = hasTraffic(s) ? (hasDelivery(s) ? 'day_traffic_delivery' : 'day_traffic') : 'day_delivery';
  events.push({ type: 'day', day: s.day, msg: msg(`traffic_tango:event.${phases}`, { day: s.day, traffic: s.day, delivery: s.day - 1 }) });
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
      const where = { tile: tileName(car.crash.tile), step: car.crash.tick };
      const said = car.crash.with.length === 0 ? msg('traffic_tango:event.crash', where)
        : msg('traffic_tango:event.crash_with', { ...where, other: seatRef(car.crash.with[0]), count: car.crash.with.length });
      events.push({ type: 'crash', to: [seat], tick: car.crash.tick, tile: tileName(car.crash.tile), with: car.crash.with, msg: said });
    } else if (!car.drove) {
      events.push({ type: 'noVehicle', to: [seat], msg: msg('traffic_tango:event.no_vehicle') });
    } else {
      events.push({ type: 'arrived', to: [seat], steps: car.steps, gas: car.gas, garnets: garnets[seat], msg: msg('traffic_tango:event.arrived', { count: car.steps ?? 0, gas: car.gas, garnets: garnets[seat] }) });
    }
    for (const hit of car.hitBy) {
      events.push({ type: 'wreckHit', to: [seat], tick: hit.tick, tile: tileName(hit.tile), by: hit.by, msg: msg('traffic_tango:event.wreck_hit', { by: seatRef(hit.by[0]), count: hit.by.length, tile: tileName(hit.tile), step: hit.tick }) });
    }
  });
  s.deliveries.push({ number, day: s.day, result, garnets, speeding, defaulted: plans.map((_, seat) => late.includes(seat)) });
  events.push({
    type: 'delivery', number, gas: result.cars.map((c) => c.gas),
    // Each seat's gas is on the scoreboard (and in `gas`); the log says the delivery is done.
    msg: msg('traffic_tango:event.delivery', { number }),
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
  events.push({ type: 'bonus', bonus, msg: msg('traffic_tango:event.bonus') });
  events.push({ type: 'token', seat: token, msg: token === null ? msg('traffic_tango:event.token_none') : msg('traffic_tango:event.token', { seat: seatRef(token) }) });
  if (tied.length === 1) s.finale.candidate = tied[0];
  else if (chooser !== null) {
    s.phase = 'choose';
    s.deadline = now + s.options.choiceMs;
    events.push({ type: 'choose', seat: chooser, tied, msg: msg('traffic_tango:event.choose', { seat: seatRef(chooser), count: tied.length }) });
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
  if (f?.candidate != null) events.push({ type: 'eliminationCandidate', seat: f.candidate, msg: msg('traffic_tango:event.elimination_candidate', { seat: seatRef(f.candidate) }) });
  events.push({ type: 'over', msg: msg('traffic_tango:event.over') });
}
