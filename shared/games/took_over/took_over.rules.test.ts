/** One named test per rule of Took Over! and per RULES-NOTES 1.5 settlement and option. */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../random.js';
import { tookOverGame as game } from './index.js';
import { tookOverOptions } from './options.js';
import { act, advance, card, ids, place, refusal, table, takeOver, values } from './testing.js';

/** Row [15], seat 0 active, seat 1 the taker (RULES-NOTES 1.6 test 10). */
const fifteen = (extra: Partial<Parameters<typeof table>[0]> = {}) => table({
  line: [15],
  hands: [[11, 9, 30, 40, 41, 42], [13, 12, 14, 16, 2, 3], [44, 45, 46, 47, 48, 49]],
  stacks: [[20, 21], [22, 23, 24, 25], [26]],
  ...extra,
});

describe('setup', () => {
  const deal = (players: number, extra: Record<string, unknown> = {}) => game.setup(tookOverOptions.parse({ players, ...extra }), players, 7, 0);
  it('all 62 numbered cards are dealt equally, the leftovers set aside, and each player takes 6', () => {
    for (const [players, each, aside] of [[2, 31, 0], [3, 20, 2], [4, 15, 2], [5, 12, 2]] as const) {
      const s = deal(players);
      s.hands.forEach((h, seat) => {
        expect(h).toHaveLength(6);
        expect(h.length + s.stacks[seat].length + (seat === s.active ? s.line.length : 0)).toBe(each);
      });
      expect(s.aside).toHaveLength(aside);
    }
  });
  it('Trailers are in by default; the trailers option leaves them out (50 cards)', () => {
    const all = (s: ReturnType<typeof deal>) => [...s.hands.flat(), ...s.stacks.flat(), ...s.line, ...s.aside];
    expect(all(deal(2)).filter((c) => c.kind === 'trailer')).toHaveLength(12);
    const without = all(deal(2, { trailers: false }));
    expect(without).toHaveLength(50);
    expect(without.every((c) => c.kind === 'car')).toBe(true);
  });
  it("Trailers carry 4, 8, …, 48, or 51–62 with trailerNumbers 'high'", () => {
    const trailerValues = (extra: Record<string, unknown>) => {
      const s = deal(2, extra);
      return [...s.hands.flat(), ...s.stacks.flat(), ...s.line].filter((c) => c.kind === 'trailer').map((c) => c.value).sort((a, b) => a - b);
    };
    expect(trailerValues({})).toEqual([4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48]);
    expect(trailerValues({ trailerNumbers: 'high' })).toEqual(Array.from({ length: 12 }, (_, i) => 51 + i));
  });
  it('the first player, chosen at random, opens the line with the top card of their stack', () => {
    const actives = new Set<number>();
    for (let seed = 1; seed <= 20; seed++) {
      const s = game.setup(tookOverOptions.parse({ players: 4 }), 4, seed, 0);
      expect(s.line).toHaveLength(1);
      expect(s.stacks[s.active]).toHaveLength(8);
      expect(s.latest).toBeNull();
      actives.add(s.active);
    }
    expect(actives.size).toBeGreaterThan(1);
  });
  it('options default to 2 players, a 3000 ms pace and a 10 s idle clock; seats range 2–5', () => {
    const o = tookOverOptions.parse({});
    expect(o).toMatchObject({ variant: 'classic', players: 2, paceMs: 3000, idleMs: 10_000, trailers: true, anyoneCanTakeOver: false });
    expect(game.seatRange(o)).toEqual({ min: 2, max: 5 });
    expect(tookOverOptions.safeParse({ players: 6 }).success).toBe(false);
  });
});

describe("the active player's placements", () => {
  it('a smaller card goes to the left, a greater one to the right', () => {
    let { state: s } = act(fifteen(), 0, place(11));
    expect(values(s.line)).toEqual([11, 15]);
    s = act(s, 0, place(30), 3100).state;
    expect(values(s.line)).toEqual([11, 15, 30]);
  });
  it('a card between the ends, or equal to one, cannot be placed', () => {
    const s = table({ line: [10, 20], hands: [[15, 20, 'T20'], [1]] });
    expect(refusal(s, 0, place(15))).toEqual({ code: 'place_does_not_fit', params: { low: 10, high: 20 } });
    expect(refusal(s, 0, place(20)).code).toBe('place_does_not_fit');
    expect(refusal(s, 0, place('T20')).code).toBe('place_does_not_fit');
  });
  it('placements keep the agreed pace: the next card waits paceMs', () => {
    const s = act(fifteen(), 0, place(11), 1000).state;
    expect(s.paceUntil).toBe(4000);
    expect(refusal(s, 0, place(9), 3999)).toEqual({ code: 'too_soon', params: { seconds: 3 } });
    expect(values(act(s, 0, place(9), 4000).state.line)).toEqual([9, 11, 15]);
  });
  it('the pace is an option', () => {
    const s = act(fifteen({ options: { paceMs: 1000 } }), 0, place(11), 1000).state;
    expect(act(s, 0, place(9), 2000).state.line).toHaveLength(3);
  });
  it('only the active player places, and only cards from their hand', () => {
    expect(refusal(fifteen(), 1, place(13)).code).toBe('not_your_turn');
    expect(refusal(fifteen(), 0, place(13)).code).toBe('not_in_hand');
  });
  it('an active player with a fitting card who stays idle has the card closest to an end placed for them', () => {
    const s0 = fifteen();
    expect(game.nextDeadline(s0)).toBe(10_000);
    const { state: s, events } = advance(s0, 10_000);
    expect(values(s.line)).toEqual([11, 15]);
    expect(events[0].msg).toEqual({ key: 'took_over:event.placed_left_auto', params: { seat: '@0', card: 11, kind: '$took_over:card.car' } });
  });
});

describe('Taking Over!', () => {
  it('row [15], A plays 11: the next player takes over with 13, the line is [11, 13, 15] and the turn is theirs', () => {
    let s = act(fifteen(), 0, place(11), 100).state;
    const r = act(s, 1, takeOver(13), 900);
    s = r.state;
    expect(values(s.line)).toEqual([11, 13, 15]);
    expect(s.active).toBe(1);
    expect(game.publicView(s, 900).taker).toBe(2);
    expect(s.latest).toBeNull();
    expect(r.events.find((e) => e.type === 'tookOver')?.msg).toEqual({ key: 'took_over:event.took_over', params: { seat: '@1', from: '@0', count: 1, cards: '13' } });
  });
  it('after a take-over every player refills to 6 from their stack', () => {
    const s = act(act(fifteen(), 0, place(11)).state, 1, takeOver(13)).state;
    expect(s.hands.map((h) => h.length)).toEqual([6, 6, 6]);
    expect(s.stacks.map((x) => x.length)).toEqual([1, 3, 1]);
    expect(values(s.hands[1]).sort((a, b) => a - b)).toEqual([2, 3, 12, 14, 16, 22]);
  });
  it('12 and 14 together also take over: several cards at once, in sorted order', () => {
    const s = act(act(fifteen(), 0, place(11)).state, 1, takeOver(14, 12)).state;
    expect(values(s.line)).toEqual([11, 12, 14, 15]);
    expect(s.hands[1]).toHaveLength(6);
  });
  it('16 does not fit between 11 and 15, alone or with 13', () => {
    const s = act(fifteen(), 0, place(11)).state;
    expect(refusal(s, 1, takeOver(16))).toEqual({ code: 'does_not_fit', params: { low: 11, high: 15 } });
    expect(refusal(s, 1, takeOver(13, 16)).code).toBe('does_not_fit');
  });
  it('once A plays 9, the 11–15 gap is closed: 13 no longer takes over, 10 would', () => {
    let s = act(fifteen(), 0, place(11), 100).state;
    s = act(s, 0, place(9), 3100).state;
    expect(refusal(s, 1, takeOver(13), 3200)).toEqual({ code: 'does_not_fit', params: { low: 9, high: 11 } });
    const t = structuredClone(s);
    t.hands[1].push(card(10));
    expect(values(act(t, 1, takeOver(10), 3200).state.line)).toEqual([9, 10, 11, 15]);
  });
  it('a card placed on the right is taken over between it and its left neighbour', () => {
    const s = table({ line: [15], hands: [[20, 1], [17, 16, 30]], latest: undefined });
    const placed = act(s, 0, place(20)).state;
    expect(values(act(placed, 1, takeOver(16, 17)).state.line)).toEqual([15, 16, 17, 20]);
    expect(refusal(placed, 1, takeOver(30)).code).toBe('does_not_fit');
  });
  it('there is no take-over on the opening card', () => {
    expect(refusal(fifteen(), 1, takeOver(13)).code).toBe('nothing_to_take');
  });
  it('after a take-over the new taker must wait for the new active player to place', () => {
    const s = act(act(fifteen(), 0, place(11)).state, 1, takeOver(13)).state;
    expect(refusal(s, 2, takeOver(44)).code).toBe('nothing_to_take');
  });
  it('only the next player clockwise may take over; the active player never', () => {
    const s = table({ line: [11, 15], hands: [[1], [2], [13]], latest: 'left' });
    expect(refusal(s, 2, takeOver(13))).toEqual({ code: 'not_taker', params: { taker: '@1' } });
    expect(refusal(table({ line: [11, 15], hands: [[13], [2]], latest: 'left' }), 0, takeOver(13)).code).toBe('active_cannot_take');
  });
  it('with anyoneCanTakeOver every other player may take over, and the next clockwise of them becomes the taker', () => {
    const s = table({ line: [11, 15], hands: [[1], [2], [13, 40]], latest: 'left', options: { anyoneCanTakeOver: true } });
    const after = act(s, 2, takeOver(13)).state;
    expect(after.active).toBe(2);
    expect(game.publicView(after, 100).taker).toBeNull();
    expect(values(after.line)).toEqual([11, 13, 15]);
  });
  it('cards must be in the taker’s hand, and two cards of one number (a car and its Trailer) cannot both go', () => {
    const s = table({ line: [2, 15], hands: [[1], [8, 'T8', 9]], latest: 'left' });
    expect(refusal(s, 1, takeOver(10)).code).toBe('not_in_hand');
    expect(refusal(s, 1, takeOver(8, 'T8')).code).toBe('same_number');
    expect(values(act(s, 1, takeOver('T8', 9)).state.line)).toEqual([2, 8, 9, 15]);
  });
  it('take-overs and placements race (isRace), passes do not; apply judges a take-over on the current line', () => {
    expect(game.isRace({ type: 'takeOver', cards: ['car-1'] })).toBe(true);
    expect(game.isRace({ type: 'place', card: 'car-1' })).toBe(true);
    expect(game.isRace({ type: 'pass' })).toBe(false);
    // The room ordered A's 9 before T's 13: 13 is judged against 9 and refused.
    let s = act(fifteen(), 0, place(11), 100).state;
    s = act(s, 0, place(9), 3100).state;
    expect(refusal(s, 1, takeOver(13), 3100).code).toBe('does_not_fit');
    // Ordered the other way round, the take-over wins and A's 9 is no longer A's to play.
    const t = act(act(fifteen(), 0, place(11), 100).state, 1, takeOver(13), 3100).state;
    expect(refusal(t, 0, place(9), 3100).code).toBe('not_your_turn');
  });
});

describe('Pass and the all-pass', () => {
  const stuck = () => table({ line: [5, 45], hands: [[10, 20], [30, 1], [12, 13]], stacks: [[2, 3, 4, 6, 7], [], [8]] });
  it('an active player with a fitting card cannot pass', () => {
    expect(refusal(fifteen(), 0, { type: 'pass' }).code).toBe('can_play');
  });
  it('"Pass!": the active player refills to 6 and the turn goes to the next player', () => {
    const { state: s, events } = act(stuck(), 0, { type: 'pass' });
    expect(values(s.hands[0]).sort((a, b) => a - b)).toEqual([2, 3, 4, 6, 10, 20]);
    expect(s.active).toBe(1);
    expect(s.passes).toBe(1);
    expect(events[0].msg).toEqual({ key: 'took_over:event.passed', params: { seat: '@0' } });
  });
  it('a player with no fitting card passes automatically when the pace runs out', () => {
    const s0 = stuck();
    s0.paceUntil = 500;
    expect(game.nextDeadline(s0)).toBe(500);
    const s = advance(s0, 500).state;
    // Seat 2 holds 1, which fits below 5: the turn stops with them.
    expect(s.active).toBe(1);
    expect(s.passes).toBe(1);
  });
  it('when every player has passed in a row the line is discarded and the next player opens a new one from their stack', () => {
    let s = table({ line: [1, 50], hands: [[10], [20], [30]], stacks: [[2, 3, 4, 5, 6, 7, 8], [], [9]] });
    const { state: after, events } = advance(s, 0);
    s = after;
    expect(events.map((e) => e.type).filter((t) => t === 'passed')).toHaveLength(3);
    expect(s.discard).toHaveLength(2);
    expect(s.passes).toBe(0);
    expect(s.active).toBe(0);
    expect(values(s.line)).toEqual([7]);
    expect(events.find((e) => e.type === 'cleared')?.msg).toEqual({ key: 'took_over:event.cleared' });
  });
  it('a placement breaks the chain of passes', () => {
    let s = act(table({ line: [5, 45], hands: [[10], [1, 30], [12]] }), 0, { type: 'pass' }).state;
    s = act(s, 1, place(1)).state;
    expect(s.passes).toBe(0);
  });
  it('a new line with an empty stack is opened from the hand, and the opening card cannot be taken over', () => {
    let s = table({ line: [1, 50], hands: [[10, 11], [20, 21]], stacks: [[], []] });
    s = advance(s, 0).state;
    expect(s.line).toEqual([]);
    expect(s.active).toBe(0);
    s = act(s, 0, place(11)).state;
    expect(values(s.line)).toEqual([11]);
    expect(s.latest).toBeNull();
    expect(refusal(s, 1, takeOver(20)).code).toBe('nothing_to_take');
  });
});

describe('refill and the empty hand', () => {
  it('a player who plays every card in hand refills to 6 and the turn passes (not counted as a pass)', () => {
    let s = table({ line: [15], hands: [[20], [1]], stacks: [[30, 31, 32, 33, 34, 35, 36], [2]] });
    s = act(s, 0, place(20), 100).state;
    expect(s.hands[0]).toEqual([]);
    expect(game.nextDeadline(s)).toBe(3100);
    const { state: after, events } = advance(s, 3100);
    expect(after.hands[0]).toHaveLength(6);
    expect(after.stacks[0]).toHaveLength(1);
    expect(after.active).toBe(1);
    expect(after.passes).toBe(0);
    expect(events[0].type).toBe('handPlayed');
  });
  it('a refill from a short stack draws what is left', () => {
    const s = act(table({ line: [5, 45], hands: [[10], [1]], stacks: [[2, 3], [4]] }), 0, { type: 'pass' }).state;
    expect(s.hands[0]).toHaveLength(3);
    expect(s.stacks[0]).toEqual([]);
  });
  it('cards drawn are told only to their owner', () => {
    const { events } = act(table({ line: [5, 45], hands: [[10], [1]], stacks: [[2, 3], [4]] }), 0, { type: 'pass' });
    const drawn = events.filter((e) => JSON.stringify(e).includes('car-2'));
    expect(drawn).toHaveLength(1);
    expect(drawn[0].to).toEqual([0]);
  });
});

describe('winning', () => {
  it('placing the last card with an empty stack wins at once', () => {
    const { state: s, events } = act(table({ line: [15], hands: [[20], [1, 2]], stacks: [[], [3, 4, 5]] }), 0, place(20));
    expect(s.winner).toBe(0);
    expect(events.at(-1)?.msg).toEqual({ key: 'took_over:event.won', params: { seat: '@0' } });
    expect(game.nextDeadline(s)).toBeNull();
    expect(refusal(s, 1, place(1)).code).toBe('game_over');
    expect(game.result(s)).toEqual({ seats: [{ seat: 0, place: 1, score: 0 }, { seat: 1, place: 2, score: 5 }], summary: { key: 'took_over:summary.win', params: { seat: '@0' } } });
  });
  it('a take-over can win the game', () => {
    const s = act(table({ line: [11, 15], hands: [[1, 2], [12, 13]], latest: 'left' }), 1, takeOver(12, 13)).state;
    expect(s.winner).toBe(1);
  });
  it('the others rank by cards left, ties sharing a place', () => {
    const s = act(table({ line: [15], hands: [[20], [1, 2], [3, 4], [5]], stacks: [[], [], [], [6, 7, 8]] }), 0, place(20)).state;
    expect(game.result(s)!.seats.map((x) => x.place)).toEqual([1, 2, 2, 4]);
    expect(game.result(fifteen())).toBeNull();
  });
});

describe('hidden information', () => {
  it('hands are seen only by their owner and stacks only as sizes', () => {
    const s = fifteen();
    const pub = JSON.stringify(game.publicView(s, 0));
    const seat0 = JSON.stringify(game.seatView(s, 0, 0));
    for (const id of [...ids(11, 9, 30, 40, 41, 42), ...ids(20, 21)]) {
      expect(pub).not.toContain(`"${id}"`);
      expect(JSON.stringify(game.seatView(s, 1, 0))).not.toContain(`"${id}"`);
    }
    expect(seat0).toContain('"car-11"');
    expect(seat0).not.toContain('"car-20"');
    expect(game.publicView(s, 0).players).toEqual([{ hand: 6, stack: 2 }, { hand: 6, stack: 4 }, { hand: 6, stack: 1 }]);
  });
  it('the seat view lists what its owner may do', () => {
    const s = act(fifteen(), 0, place(11)).state;
    expect(game.seatView(s, 1, 100).canTakeOver).toEqual(ids(12, 13, 14));
    expect(game.seatView(s, 2, 100).canTakeOver).toEqual([]);
    expect(game.seatView(s, 0, 100).canPlace).toEqual(ids(9, 30, 40, 41, 42));
    expect(game.publicView(s, 100).gap).toEqual({ low: 11, high: 15 });
  });
});

describe('bots', () => {
  it('a hard bot takes over with every fitting card, a human reaction time after the placement', () => {
    const s = act(fifteen(), 0, place(11), 1000).state;
    for (let seed = 1; seed < 20; seed++) {
      const m = game.bot(s, 1, 'hard', new Rng(seed).state, 1000)!;
      expect(m.action).toEqual(takeOver(12, 13, 14));
      expect(m.delayMs).toBeGreaterThanOrEqual(700);
      expect(m.delayMs).toBeLessThan(1600);
      // Asked again later, it counts from the placement, not from the question.
      expect(game.bot(s, 1, 'hard', new Rng(seed).state, 1500)!.delayMs).toBe(m.delayMs - 500);
    }
  });
  it('an easy bot takes over with one card and reacts more slowly', () => {
    const s = act(fifteen(), 0, place(11), 1000).state;
    const m = game.bot(s, 1, 'easy', new Rng(3).state, 1000)!;
    expect(m.action).toEqual(takeOver(12));
    expect(m.delayMs).toBeGreaterThanOrEqual(1500);
  });
  it('the active bot keeps the pace and a hard one places the card leaving the smallest gap', () => {
    const s = act(fifteen(), 0, place(11), 1000).state;
    const m = game.bot(s, 0, 'hard', new Rng(1).state, 1000)!;
    expect(m.action).toEqual(place(9));
    expect(m.delayMs).toBeGreaterThanOrEqual(3000);
    expect(game.bot(s, 2, 'hard', new Rng(1).state, 1000)).toBeNull();
  });
  it('a stuck active bot passes', () => {
    const s = table({ line: [5, 45], hands: [[10, 20], [1]] });
    expect(game.bot(s, 0, 'easy', new Rng(1).state, 0)!.action).toEqual({ type: 'pass' });
  });
});
