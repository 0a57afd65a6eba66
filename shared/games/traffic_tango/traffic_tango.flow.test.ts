/** The day loop (RULES-NOTES 3.2), clocks and their defaults, spending, and what each seat may see. */
import { describe, expect, it } from 'vitest';
import { trafficTangoGame as game } from './index.js';
import { trafficTangoOptions } from './options.js';
import { act, refusal, ROUTES, table, T } from './testing.js';
import type { TrafficTangoState } from './state.js';

const CORNERS = ['NW', 'NE', 'SE', 'SW'] as const;
const routes = (s0: TrafficTangoState, skips: Record<number, number[]> = {}): TrafficTangoState => {
  let s = s0;
  CORNERS.forEach((c, seat) => { s = act(s, seat, { type: 'route', tiles: ROUTES[c].split(' '), skips: skips[seat] }).state; });
  return s;
};

describe('schedule and clocks', () => {
  it('options: 4 players, classic, 90 s clock by default', () => {
    const o = trafficTangoOptions.parse({});
    expect(o).toMatchObject({ variant: 'classic', players: 4, phaseMs: 90_000, choiceMs: 60_000, startGarnets: 0, noRoute: 'crash' });
    expect(game.seatRange(o)).toEqual({ min: 4, max: 4 });
    expect(trafficTangoOptions.safeParse({ players: 3 }).success).toBe(false);
  });

  it('day 1 is signs only, days 2–4 signs and a route, day 5 a route only', () => {
    const s = table({ day: 1 });
    expect(refusal(s, 0, { type: 'route', tiles: ROUTES.NW.split(' ') }).code).toBe('no_delivery');
    expect(refusal(table({ day: 5 }), 0, { type: 'signs', signs: [] }).code).toBe('no_traffic');
    const v = game.publicView(table({ day: 3 }), 0);
    expect([v.traffic, v.delivery, v.extraSignCost]).toEqual([3, 2, 4]);
  });

  it('the day resolves only when every seat has sent everything due, and resubmitting replaces', () => {
    let s = table({ day: 2 });
    for (let seat = 0; seat < 4; seat++) s = act(s, seat, { type: 'signs', signs: [] }).state;
    s = act(s, 0, { type: 'signs', signs: [{ kind: 'toll', tile: 'C3' }] }).state;
    expect(s.day).toBe(2);
    expect(game.activeSeats(s)).toEqual([0, 1, 2, 3]);
    s = routes(s);
    expect(s.day).toBe(3);
    expect(s.gas).toEqual([9, 9, 9, 9]);
    expect(s.garnets).toEqual([1, 1, 1, 1]);
    expect(s.placed.map((p) => p.sign)).toEqual([{ kind: 'toll', tile: T('C3') }]);
  });

  it('RULES-NOTES 3.4 (default): a seat with no valid route at the deadline is scored as crashed and has no vehicle on the board', () => {
    let s = table({ day: 2 });
    s = act(s, 0, { type: 'signs', signs: [{ kind: 'toll', tile: 'C3' }] }).state;
    s = act(s, 0, { type: 'route', tiles: ROUTES.NW.split(' ') }).state;
    const r = game.advance(s, game.nextDeadline(s) ?? 0);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.state.day).toBe(3);
    const cars = r.state.deliveries[0].result.cars;
    expect(cars.map((c) => c.drove)).toEqual([true, false, false, false]);
    // The cars that were never on the board hit nobody: seat 0 delivers as if alone.
    expect(r.state.gas).toEqual([9, 17, 17, 17]);
    expect(r.events.filter((e) => e.type === 'noVehicle').map((e) => e.to)).toEqual([[1], [2], [3]]);
    expect(game.nextDeadline(r.state)).toBe((game.nextDeadline(s) ?? 0) + 90_000);
  });

  it('RULES-NOTES 3.4 [opt] noRoute "cheapest": the late are given no sign and the cheapest legal route', () => {
    let s = table({ day: 2 }, { noRoute: 'cheapest' });
    s = act(s, 0, { type: 'signs', signs: [{ kind: 'toll', tile: 'C3' }] }).state;
    const r = game.advance(s, (game.nextDeadline(s) ?? 0));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.state.day).toBe(3);
    expect(r.state.deliveries[0].defaulted).toEqual([true, true, true, true]);
    expect(r.state.deliveries[0].result.cars.every((c) => c.drove)).toBe(true);
    expect(r.events.filter((e) => e.type === 'timeout')).toHaveLength(4);
    expect(game.nextDeadline(r.state)).toBe((game.nextDeadline(s) ?? 0) + 90_000);
  });

  it('option noRoute is validated: only "crash" (the default) or "cheapest"', () => {
    expect(trafficTangoOptions.parse({}).noRoute).toBe('crash');
    expect(trafficTangoOptions.parse({ noRoute: 'cheapest' }).noRoute).toBe('cheapest');
    expect(trafficTangoOptions.safeParse({ noRoute: 'shortest' }).success).toBe(false);
    expect(trafficTangoOptions.safeParse({ noRoute: 1 }).success).toBe(false);
  });

  it('option noRoute "crash": a seat without a route at the deadline is scored as crashed', () => {
    let s = table({ day: 5 }, { noRoute: 'crash' });
    s = act(s, 0, { type: 'route', tiles: ROUTES.NW.split(' ') }).state;
    const r = game.advance(s, game.nextDeadline(s) ?? 0);
    expect(r.ok && r.state.gas).toEqual([9, 17, 17, 17]);
  });

  it('option deliveries (not in the rulebook): N deliveries over N + 1 days, then the result; validated 1–4, 4 by default', () => {
    expect(trafficTangoOptions.parse({}).deliveries).toBe(4);
    for (const bad of [0, 5, 1.5, '2']) expect(trafficTangoOptions.safeParse({ deliveries: bad }).success).toBe(false);
    let s = table({}, { deliveries: 1 });
    // Day 1: signs only; day 2: the one delivery, and no more signs.
    expect(refusal(s, 0, { type: 'route', tiles: ROUTES.NW.split(' ') }).code).toBe('no_delivery');
    for (let seat = 0; seat < 4; seat++) s = act(s, seat, { type: 'signs', signs: [] }).state;
    expect(s.day).toBe(2);
    const v = game.publicView(s, 0);
    expect([v.day, v.traffic, v.delivery, v.extraSignCost]).toEqual([2, null, 1, null]);
    expect(v.options.deliveries).toBe(1);
    expect(refusal(s, 0, { type: 'signs', signs: [] }).code).toBe('no_traffic');
    s = routes(s);
    expect(s.deliveries).toHaveLength(1);
    expect(s.phase).toBe('over');
    expect(game.result(s)?.seats.map((x) => x.score)).toEqual([9, 9, 9, 9]);
    expect(game.publicView(s, 0).day).toBe(2);
  });

  it('option deliveries: 2 deliveries are driven on days 2 and 3, signs placed on days 1 and 2', () => {
    let s = table({}, { deliveries: 2 });
    for (let seat = 0; seat < 4; seat++) s = act(s, seat, { type: 'signs', signs: [] }).state;
    const v = game.publicView(s, 0);
    expect([v.day, v.traffic, v.delivery]).toEqual([2, 2, 1]);
    for (let seat = 0; seat < 4; seat++) s = act(s, seat, { type: 'signs', signs: [] }).state;
    s = routes(s);
    expect([s.day, s.phase]).toEqual([3, 'play']);
    expect(game.publicView(s, 0).traffic).toBeNull();
    s = routes(s);
    expect(s.phase).toBe('over');
    expect(s.deliveries.map((d) => d.number)).toEqual([1, 2]);
  });

  it('advance before the deadline changes nothing', () => {
    const s = table({ day: 2 });
    const r = game.advance(s, 50);
    expect(r.ok && r.state).toEqual(s);
  });

  it('a full match of bots ends with a result', () => {
    let s = game.setup(trafficTangoOptions.parse({}), 4, 3, 0);
    let now = 0;
    for (let i = 0; i < 100 && !game.result(s); i++) {
      let moved = false;
      for (let seat = 0; seat < 4; seat++) {
        const m = game.bot(s, seat, seat < 2 ? 'easy' : 'hard', [i, seat, 3, 4], now);
        if (!m) continue;
        const r = game.apply(s, seat, m.action, now);
        expect(r.ok).toBe(true);
        if (r.ok) { s = r.state; moved = true; }
      }
      if (!moved) { now = game.nextDeadline(s) ?? now; const r = game.advance(s, now); if (r.ok) s = r.state; }
    }
    expect(game.result(s)?.seats).toHaveLength(4);
  });
});

describe('spending', () => {
  it('speeding costs 5 garnets per skip, checked with the extra sign against start-of-day garnets', () => {
    let s = table({ day: 3, garnets: [8, 0, 0, 0] });
    s = act(s, 0, { type: 'route', tiles: ROUTES.NW.split(' '), skips: [2] }).state;
    expect(refusal(s, 0, { type: 'signs', signs: [{ kind: 'yield', tile: 'B2' }, { kind: 'toll', tile: 'C3' }] }).code).toBe('garnets');
    expect(refusal(s, 0, { type: 'route', tiles: ROUTES.NW.split(' '), skips: [2, 4] }).code).toBe('garnets');
    for (let seat = 0; seat < 4; seat++) s = act(s, seat, { type: 'signs', signs: [] }).state;
    s = act(s, 1, { type: 'route', tiles: ROUTES.NE.split(' ') }).state;
    s = act(s, 2, { type: 'route', tiles: ROUTES.SE.split(' ') }).state;
    s = act(s, 3, { type: 'route', tiles: ROUTES.SW.split(' ') }).state;
    // Seat 0: 8 steps, fastest → 4 garnets, minus 5 for speeding.
    expect(s.gas[0]).toBe(8);
    expect(s.garnets[0]).toBe(8 - 5 + 4);
    expect(game.seatView(s, 0, 0).deliveries[0]).toMatchObject({ steps: 8, speedingCost: 5, garnets: 4 });
  });
});

describe('hidden information', () => {
  it('who placed a sign is never public, nor in another seat\'s view', () => {
    let s = table({ day: 1 });
    s = act(s, 2, { type: 'signs', signs: [{ kind: 'roundabout', tile: 'C3' }] }).state;
    s = act(s, 0, { type: 'signs', signs: [{ kind: 'toll', tile: 'B4' }] }).state;
    s = act(s, 1, { type: 'signs', signs: [] }).state;
    const last = act(s, 3, { type: 'signs', signs: [] });
    s = last.state;
    const pub = JSON.stringify(game.publicView(s, 0));
    expect(pub).not.toContain('owner');
    expect(game.publicView(s, 0).lastPlaced?.signs).toEqual([{ kind: 'roundabout', tile: 'C3' }, { kind: 'toll', tile: 'B4' }]);
    expect(game.seatView(s, 2, 0).mySigns).toEqual([{ day: 1, sign: { kind: 'roundabout', tile: 'C3' } }]);
    expect(JSON.stringify(game.seatView(s, 1, 0))).not.toContain('C3');
    const revealed = last.events.filter((e) => e.type === 'signsRevealed');
    expect(JSON.stringify(revealed)).not.toMatch(/owner|seat/);
  });

  it('routes stay in their owner\'s seat view; the public gets gas only, crash reports go to those involved', () => {
    let s = table({ day: 2 });
    for (let seat = 0; seat < 4; seat++) s = act(s, seat, { type: 'signs', signs: [] }).state;
    s = act(s, 0, { type: 'route', tiles: 'A1 B1 C1 C2 C3 C4 C5 D5 E5'.split(' ') }).state;
    expect(game.seatView(s, 0, 0).route?.tiles[1]).toBe('B1');
    expect(JSON.stringify(game.seatView(s, 1, 0))).not.toContain('B1');
    expect(JSON.stringify(game.publicView(s, 0))).not.toContain('C2","C3');
    s = act(s, 1, { type: 'route', tiles: 'E1 D1 C1 B1 A1 A2 A3 A4 A5'.split(' ') }).state;
    s = act(s, 2, { type: 'route', tiles: ROUTES.SE.split(' ') }).state;
    const last = act(s, 3, { type: 'route', tiles: ROUTES.SW.split(' ') });
    const pub = game.publicView(last.state, 0);
    expect(pub.deliveries[0]).toEqual({ number: 1, day: 2, gas: [17, 17, 17, 9], replay: null });
    // The table's options are public (noRoute: 'crash' is a rule, not a crash report).
    expect(JSON.stringify({ ...pub, options: null })).not.toMatch(/track|crash/);
    for (const e of last.events) {
      if (e.type === 'crash' || e.type === 'wreckHit' || e.type === 'arrived') expect(e.to).toHaveLength(1);
    }
    expect(game.seatView(last.state, 2, 0).deliveries[0].crash).toEqual({ tick: 7, tile: 'C1', with: [0, 1] });
    expect(game.seatView(last.state, 0, 0).deliveries[0].hitBy).toEqual([{ tick: 7, tile: 'C1', by: [2] }]);
    expect(game.publicView(last.state, 0).players[0].garnets).toBeNull();
  });

  it('option publicReplay shows every car\'s replay to everyone', () => {
    let s = table({ day: 5 }, { publicReplay: true });
    s = routes(s);
    const replay = game.publicView(s, 0).deliveries[0].replay;
    expect(replay?.[0].track.map((p) => p.tile)).toEqual(ROUTES.NW.split(' '));
  });
});
