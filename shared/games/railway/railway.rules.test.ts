/** Railway Madness rules, one test per rule and RULES-NOTES 5 settlement. */
import { describe, expect, it } from 'vitest';
import { carId, carOf, LOCOMOTIVES, type Car } from './cards.js';
import { railwayMadnessGame as game } from './index.js';
import { validPrefix } from './matching.js';
import { railwayOptions } from './options.js';
import { locomotiveWinner } from './scoring.js';
import type { RailwayState } from './state.js';

const id = (type: Car['type'], colour: Car['colour'], wheels: Car['wheels']) => carId({ type, colour, wheels });
const TANK_RED_2 = LOCOMOTIVES[0];

function start(variant: RailwayState['variant'], players = 2, extra: Record<string, unknown> = {}): RailwayState {
  return game.setup(railwayOptions.parse({ variant, players, ...extra }), players, 42, 0);
}

function apply(s: RailwayState, seat: number, action: unknown, now = 10): RailwayState {
  const r = game.apply(s, seat, game.actionSchema.parse(action), now);
  if (!r.ok) throw new Error(`${r.error.code}: ${JSON.stringify(r.error.params ?? {})}`);
  return r.state;
}

function refusal(s: RailwayState, seat: number, action: unknown, now = 10): string {
  const r = game.apply(s, seat, game.actionSchema.parse(action), now);
  if (r.ok) throw new Error('expected a refusal');
  return r.error.code;
}

/** Put known cards at known slots: slot i holds cards[i] (face up or down as given). */
function withTable(s: RailwayState, cards: { card: number; faceUp: boolean }[]): RailwayState {
  const next = structuredClone(s);
  next.table = next.table.map((_, i) => cards[i] ?? null);
  return next;
}

describe('components (RULES-NOTES 5.1)', () => {
  it('has 54 distinct cars: 6 types × 3 colours × 3 wheel counts', () => {
    const faces = new Set(Array.from({ length: 54 }, (_, i) => JSON.stringify(carOf(i))));
    expect(faces.size).toBe(54);
  });
  it('has 6 locomotives: each type once, each colour and wheel count twice, no colour/wheel pair repeated', () => {
    expect(new Set(LOCOMOTIVES.map((l) => l.type)).size).toBe(6);
    for (const c of ['red', 'blue', 'green']) expect(LOCOMOTIVES.filter((l) => l.colour === c)).toHaveLength(2);
    for (const w of [2, 3, 4]) expect(LOCOMOTIVES.filter((l) => l.wheels === w)).toHaveLength(2);
    expect(new Set(LOCOMOTIVES.map((l) => `${l.colour}${l.wheels}`)).size).toBe(6);
  });
  it('deals every car to the table and a different locomotive to each player', () => {
    const s = start('classic', 6);
    expect(s.table.filter(Boolean)).toHaveLength(54);
    expect(new Set(s.players.map((p) => p.locomotive.type)).size).toBe(6);
  });
});

describe('the final check (5.4 test 1: chain forfeit)', () => {
  it('loses the first non-matching car and every car after it', () => {
    const train = [id('box', 'red', 3), id('box', 'blue', 4), id('coach', 'green', 2), id('coach', 'green', 3)];
    expect(validPrefix('atLeastOne', TANK_RED_2, train)).toHaveLength(2);
  });
});

describe('Railway Express (5.4 test 2)', () => {
  it('accepts neighbours sharing exactly one feature and refuses two shared features', () => {
    const train = [id('tank', 'blue', 3), id('box', 'blue', 4), id('box', 'green', 4)];
    expect(validPrefix('exactlyOne', TANK_RED_2, train)).toHaveLength(2);
    expect(validPrefix('atLeastOne', TANK_RED_2, train)).toHaveLength(3);
  });
  it('applies the exactly-one rule between the locomotive and the first car too', () => {
    expect(validPrefix('exactlyOne', TANK_RED_2, [id('tank', 'red', 3)])).toHaveLength(0);
  });
});

describe('tie-break (5.4 test 3)', () => {
  it('two valid trains of 4: the one with 3 Box cars wins', () => {
    let s = start('juniors', 2);
    s = structuredClone(s);
    s.players[0].locomotive = TANK_RED_2;
    s.players[1].locomotive = TANK_RED_2;
    s.players[0].train = [id('tank', 'blue', 3), id('box', 'blue', 4), id('box', 'green', 4), id('box', 'red', 2)];
    s.players[1].train = [id('tank', 'blue', 3), id('tank', 'green', 3), id('hopper', 'green', 4), id('coach', 'green', 2)];
    s.over = true;
    const r = game.result(s)!;
    expect(r.seats.find((x) => x.seat === 0)!.place).toBe(1);
    expect(r.seats.find((x) => x.seat === 1)!.place).toBe(2);
  });
  it('shares the win when length and the one-type count are equal', () => {
    const s = structuredClone(start('juniors', 2));
    s.players[0].locomotive = TANK_RED_2;
    s.players[1].locomotive = TANK_RED_2;
    s.players[0].train = [id('tank', 'blue', 3)];
    s.players[1].train = [id('tank', 'green', 3)];
    s.over = true;
    expect(game.result(s)!.seats.every((x) => x.place === 1)).toBe(true);
  });
});

describe('Training (5.3, 5.4 test 4)', () => {
  it('counts only cars of the locomotive type: a Coach taken by the Tank player breaks the chain there', () => {
    const train = [id('tank', 'blue', 3), id('coach', 'red', 2), id('tank', 'green', 4)];
    expect(validPrefix('sameTypeAsLocomotive', TANK_RED_2, train)).toHaveLength(1);
  });
  it('refuses Stop with 4 cars and ends the game on Stop with 5', () => {
    let s = structuredClone(start('training', 2));
    s.players[0].train = [0, 1, 2, 3];
    expect(refusal(s, 0, { type: 'stop' })).toBe('too_short');
    s.players[0].train = [0, 1, 2, 3, 4];
    s = apply(s, 0, { type: 'stop' });
    expect(s.over).toBe(true);
    expect(s.endReason).toBe('stop');
  });
  it('puts a released card back face down', () => {
    let s = start('training', 2);
    s = apply(s, 0, { type: 'flip', slot: 5 });
    s = apply(s, 0, { type: 'release' });
    expect(s.table[5]).toMatchObject({ faceUp: false });
  });
  it('starts with every card face down', () => {
    expect(start('training').table.every((t) => t && !t.faceUp)).toBe(true);
  });
});

describe('common rules (5.2)', () => {
  it('a flipped card is held: only one card in the search hand (5.4 test 5: flip while holding is refused)', () => {
    let s = start('classic', 2);
    s = apply(s, 0, { type: 'flip', slot: 0 });
    expect(s.players[0].held?.slot).toBe(0);
    expect(refusal(s, 0, { type: 'flip', slot: 1 })).toBe('hand_full');
  });
  it('the basic game puts a released card back face up', () => {
    let s = start('classic', 2);
    s = apply(s, 0, { type: 'flip', slot: 3 });
    s = apply(s, 0, { type: 'release' });
    expect(s.table[3]).toMatchObject({ faceUp: true });
  });
  it('a held card is released automatically after 3 s', () => {
    let s = start('classic', 2);
    s = apply(s, 0, { type: 'flip', slot: 3 }, 1000);
    expect(game.nextDeadline(s)).toBe(4000);
    const r = game.advance(s, 4000);
    expect(r.ok && r.state.players[0].held).toBe(null);
    expect(r.ok && r.state.table[3]?.faceUp).toBe(true);
  });
  it('take adds the held card at the end of the train; the order never changes', () => {
    let s = start('classic', 2);
    const first = s.table[7]!.card;
    s = apply(s, 0, { type: 'flip', slot: 7 });
    s = apply(s, 0, { type: 'take' });
    const second = s.table[8]!.card;
    s = apply(s, 0, { type: 'flip', slot: 8 });
    s = apply(s, 0, { type: 'take' });
    expect(s.players[0].train).toEqual([first, second]);
  });
  it('a face-up card can be taken straight from the table', () => {
    let s = start('juniors', 2);
    const card = s.table[9]!.card;
    s = apply(s, 1, { type: 'take', slot: 9 });
    expect(s.players[1].train).toEqual([card]);
    expect(s.table[9]).toBe(null);
  });
  it('two takes on one card: the first counts, the second is told who was first (5.4 test 5)', () => {
    let s = start('juniors', 2);
    s = apply(s, 0, { type: 'take', slot: 9 });
    const r = game.apply(s, 1, { type: 'take', slot: 9 }, 11);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.code).toBe('gone');
    expect(!r.ok && r.error.params).toEqual({ seat: '@0' });
  });
  it('a face-down card cannot be taken without flipping it', () => {
    expect(refusal(start('classic'), 0, { type: 'take', slot: 0 })).toBe('face_down');
  });
  it('a non-matching card may be taken; the check happens at the end', () => {
    let s = withTable(start('classic'), [{ card: id('box', 'blue', 3), faceUp: true }, { card: id('tank', 'red', 2), faceUp: false }]);
    s.players[0].locomotive = TANK_RED_2;
    s = apply(s, 0, { type: 'take', slot: 0 });
    expect(s.players[0].train).toHaveLength(1);
  });
  it('[opt assist] refuses a card that does not match', () => {
    const s = withTable(start('classic', 2, { assist: true }), [{ card: id('box', 'blue', 3), faceUp: true }, { card: id('tank', 'red', 2), faceUp: false }]);
    s.players[0].locomotive = TANK_RED_2;
    expect(refusal(s, 0, { type: 'take', slot: 0 })).toBe('no_match');
  });
});

describe('end of the basic game (5.3)', () => {
  it('ends when no table card, face-down cards included, matches any player\'s last car', () => {
    let s = withTable(start('classic'), [{ card: id('tank', 'blue', 3), faceUp: true }, { card: id('box', 'blue', 4), faceUp: false }]);
    s.players[0].locomotive = TANK_RED_2;
    s.players[1].locomotive = { type: 'coach', colour: 'green', wheels: 2 };
    s.players[1].train = [id('hopper', 'green', 2)];
    // After seat 0 takes the blue tank, the blue 4-wheel box still matches it (blue): the game goes on.
    s = apply(s, 0, { type: 'take', slot: 0 });
    expect(s.over).toBe(false);
    s = apply(s, 0, { type: 'flip', slot: 1 });
    s = apply(s, 0, { type: 'take' });
    expect(s.over).toBe(true);
    expect(s.endReason).toBe('table_empty');
  });
  it('ends when nothing left on the table fits anybody', () => {
    let s = withTable(start('classic'), [{ card: id('tank', 'blue', 3), faceUp: true }, { card: id('coach', 'green', 4), faceUp: false }]);
    s.players[0].locomotive = TANK_RED_2;
    s.players[1].locomotive = TANK_RED_2;
    s.players[1].train = [id('cattle', 'red', 2)];
    s = apply(s, 0, { type: 'take', slot: 0 });
    // Seat 0 now ends on blue/tank/3, seat 1 on red/cattle/2: the green 4-wheel coach fits neither.
    expect(s.over).toBe(true);
    expect(s.endReason).toBe('no_match_left');
  });
  it('ends at the safety time limit (opt 5 min)', () => {
    const s = start('classic');
    expect(game.nextDeadline(s)).toBe(300_000);
    const r = game.advance(s, 300_000);
    expect(r.ok && r.state.over).toBe(true);
  });
});

describe('Streetcars for Juniors and Railway Express (5.3)', () => {
  it('start with every card face up and only allow take', () => {
    for (const v of ['juniors', 'express'] as const) {
      const s = start(v);
      expect(s.table.every((t) => t?.faceUp)).toBe(true);
      expect(refusal(s, 0, { type: 'flip', slot: 0 })).toBe('no_flips');
    }
  });
  it('[opt] mixed table: a seat listed in expressSeats plays by the Express rule', () => {
    const s = start('juniors', 3, { expressSeats: [1] });
    expect(s.players.map((p) => p.rule)).toEqual(['atLeastOne', 'exactlyOne', 'atLeastOne']);
  });
});

describe('The Longest Train (5.3, 5.4 test 6)', () => {
  it('uses 5 locomotives and deals 27 face-down cards to each of the 2 players', () => {
    const s = start('longest_train');
    expect(s.longest!.locomotives).toHaveLength(5);
    expect(s.longest!.players.map((p) => p.pile.length)).toEqual([27, 27]);
    expect(game.seatRange(railwayOptions.parse({ variant: 'longest_train' }))).toEqual({ min: 2, max: 2 });
  });
  it('turns the top card, lays it behind a locomotive or puts it under the pile', () => {
    let s = start('longest_train');
    const top = s.longest!.players[0].pile[0];
    s = apply(s, 0, { type: 'turn' });
    expect(refusal(s, 0, { type: 'turn' })).toBe('already_turned');
    s = apply(s, 0, { type: 'bottom' });
    expect(s.longest!.players[0].pile.at(-1)).toBe(top);
    s = apply(s, 0, { type: 'turn' });
    s = apply(s, 0, { type: 'place', train: 2 });
    expect(s.longest!.players[0].trains[2]).toHaveLength(1);
  });
  it('two trains of 5 tied on one-type count: nobody gets that locomotive', () => {
    const a = [id('tank', 'red', 3), id('tank', 'blue', 3), id('box', 'blue', 3), id('box', 'green', 3), id('hopper', 'green', 3)];
    const b = [id('tank', 'red', 4), id('tank', 'blue', 4), id('box', 'blue', 4), id('box', 'green', 4), id('hopper', 'green', 4)];
    expect(locomotiveWinner([a, b])).toBe(null);
  });
  it('a 2–2 split of locomotives is a shared win', () => {
    const s = structuredClone(start('longest_train'));
    const locos = s.longest!.locomotives;
    const oneFitting = (loco: Car, wheelsDiffer: boolean) => id(loco.type, loco.colour === 'red' ? 'blue' : 'red', wheelsDiffer ? (loco.wheels === 2 ? 3 : 2) : loco.wheels);
    s.longest!.players[0].trains = locos.map((l, i) => (i < 2 ? [oneFitting(l, true)] : []));
    s.longest!.players[1].trains = locos.map((l, i) => (i >= 2 && i < 4 ? [oneFitting(l, false)] : []));
    s.over = true;
    const r = game.result(s)!;
    expect(r.seats.map((x) => x.score)).toEqual([2, 2]);
    expect(r.seats.every((x) => x.place === 1)).toBe(true);
  });
  it('ends when a player has laid every card', () => {
    let s = structuredClone(start('longest_train'));
    s.longest!.players[0].pile = [s.longest!.players[0].pile[0]];
    s = apply(s, 0, { type: 'turn' });
    s = apply(s, 0, { type: 'place', train: 0 });
    expect(s.over).toBe(true);
    expect(s.endReason).toBe('out_of_cards');
  });
});

describe('hidden information', () => {
  it('a face-down card is only { down: true } in every view; a flipped card is seen by everyone', () => {
    let s = start('classic', 3);
    const json = JSON.stringify(game.publicView(s, 0));
    expect(json).not.toMatch(/"car"/);
    s = apply(s, 1, { type: 'flip', slot: 4 });
    const pub = game.publicView(s, 0);
    expect(pub.players[1].holding).toEqual(carOf(s.players[1].held!.card));
    expect(pub.table[4]).toBe(null);
  });
  it('opponents see only the locomotive and the number of cars of a train', () => {
    let s = start('juniors', 2);
    s = apply(s, 0, { type: 'take', slot: 0 });
    const pub = game.publicView(s, 0);
    expect(pub.players[0].cars).toBe(1);
    expect(pub.players[0].train).toBeUndefined();
    expect(game.seatView(s, 0, 0).train).toHaveLength(1);
    expect(game.seatView(s, 1, 0).train).toHaveLength(0);
  });
});
