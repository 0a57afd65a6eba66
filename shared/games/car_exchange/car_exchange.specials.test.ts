/** CAR EXCHANGE, NEW CAR, reshuffle, scoring, game end, talking rule, clocks, privacy and bots (RULES-NOTES 2.6–2.9). */
import { describe, expect, it } from 'vitest';
import { carId, exchangeId, fineId, newCarId, serviceId } from './cards.js';
import { act, advance, count, refusal, table } from './fixtures.js';
import { carExchangeGame as game } from './index.js';
import { carExchangeOptions } from './options.js';
import { placePoints, rankByScore } from './scoring.js';
import type { CarExchangeState } from './state.js';

const red = (v: number, copy = 0) => carId('red', v, copy);
const blue = (v: number, copy = 0) => carId('blue', v, copy);
const green = (v: number, copy = 0) => carId('green', v, copy);
const yellow = (v: number, copy = 0) => carId('yellow', v, copy);

const idsIn = (x: unknown) => new Set([...JSON.stringify(x).matchAll(/"id":(\d+)/g)].map((m) => Number(m[1])));

describe('CAR EXCHANGE (RULES-NOTES 2.7)', () => {
  const start = () => table({ hands: [[exchangeId(), red(1), red(2), red(3)], [blue(1)], [green(1), green(2)]], top: red(5) });

  it('swap: after the counter window the two hands change owners and play passes on', () => {
    let s = act(start(), 0, { type: 'exchange', card: exchangeId(), mode: 'swap', target: 1 }).state;
    expect(s.tableaux[0]).toEqual([exchangeId()]);
    expect(s.exchange).toEqual({ by: 0, target: 1, closesAt: 3100 });
    expect(game.nextDeadline(s)).toBe(3100);
    expect(game.activeSeats(s)).toEqual([1]);
    expect(refusal(s, 0, { type: 'play', card: red(1) }).code).toBe('exchange_window');
    const { state, events } = advance(s, 3100);
    s = state;
    expect(s.hands[0]).toEqual([blue(1)]);
    expect(s.hands[1]).toEqual([red(1), red(2), red(3)]);
    expect(s.turn).toBe(1);
    expect(s.turnDeadline).toBe(3100 + 30_000);
    // The public event carries counts, never cards; each owner learns only their own new hand.
    const pub = events.filter((e) => !e.to);
    expect(idsIn(pub).size).toBe(0);
    expect(events.filter((e) => e.type === 'newHand').map((e) => e.to)).toEqual([[0], [1]]);
  });

  it('a swapped hand is in no view but its new owner\'s', () => {
    const s = advance(act(start(), 0, { type: 'exchange', card: exchangeId(), mode: 'swap', target: 1 }).state, 3100).state;
    const pub = idsIn(game.publicView(s, 0));
    for (const c of [red(1), red(2), red(3), blue(1)]) expect(pub.has(c)).toBe(false);
    expect(idsIn(game.seatView(s, 2, 0)).has(red(1))).toBe(false);
    expect(idsIn(game.seatView(s, 0, 0)).has(red(1))).toBe(false);
    expect(game.seatView(s, 1, 0).hand.map((c) => c.id)).toEqual([red(1), red(2), red(3)]);
    expect(game.publicView(s, 0).players.map((p) => p.cards)).toEqual([1, 3, 2]);
  });

  it('Car Exchange counter: the target\'s own Car Exchange cancels the swap and both cards stay on the table', () => {
    const s0 = table({ hands: [[exchangeId(0), red(1), red(2)], [exchangeId(1), blue(1)], [green(1)]], top: red(5) });
    const s = act(s0, 0, { type: 'exchange', card: exchangeId(0), mode: 'swap', target: 1 }).state;
    expect(refusal(s, 2, { type: 'block', card: exchangeId(1) }).code).toBe('not_target');
    const after = act(s, 1, { type: 'block', card: exchangeId(1) }, 2000).state;
    expect(after.exchange).toBe(null);
    expect(after.hands[0]).toEqual([red(1), red(2)]);
    expect(after.hands[1]).toEqual([blue(1)]);
    expect(after.tableaux).toEqual([[exchangeId(0)], [exchangeId(1)], []]);
    expect(after.turn).toBe(1);
    expect(refusal(after, 0, { type: 'block', card: exchangeId(0) }).code).toBe('no_exchange');
  });

  it('a counter after the window has closed is refused', () => {
    const s0 = table({ hands: [[exchangeId(0), red(1)], [exchangeId(1), blue(1)], [green(1)]], top: red(5) });
    const s = advance(act(s0, 0, { type: 'exchange', card: exchangeId(0), mode: 'swap', target: 1 }).state, 3100).state;
    expect(refusal(s, 0, { type: 'block', card: exchangeId(1) }, 3200).code).toBe('no_exchange');
  });

  it('a swap needs at least one other card and an opponent still in the round', () => {
    const s = table({ hands: [[exchangeId()], [blue(1)], [green(1)]], top: red(5) });
    expect(refusal(s, 0, { type: 'exchange', card: exchangeId(), mode: 'swap', target: 1 }).code).toBe('empty_hand');
    const s2 = table({ hands: [[exchangeId(), red(1)], [blue(1)], [green(1)]], top: red(5) });
    s2.out[2] = true;
    expect(refusal(s2, 0, { type: 'exchange', card: exchangeId(), mode: 'swap', target: 2 }).code).toBe('bad_target');
    expect(refusal(s2, 0, { type: 'exchange', card: exchangeId(), mode: 'swap' }).code).toBe('bad_target');
  });

  it('mode 2 (2.9 #8): with 7 other cards, 7 go under the discard pile and 7 are drawn', () => {
    const hand = [exchangeId(), red(1), red(2), red(3), red(4), red(6), red(7), red(8)];
    const s = table({ hands: [hand, [blue(1)]], top: red(5) });
    const { state, events } = act(s, 0, { type: 'exchange', card: exchangeId(), mode: 'bottom' });
    expect(state.discard.slice(0, 7)).toEqual(hand.slice(1));
    expect(state.discard[state.discard.length - 1]).toBe(red(5));
    expect(state.hands[0]).toHaveLength(7);
    expect(state.hands[0].some((c) => hand.includes(c))).toBe(false);
    expect(state.turn).toBe(1);
    expect(idsIn(events.filter((e) => !e.to)).size).toBe(0);
    expect(count(state)).toBe(110);
  });

  it('mode 2 with a short deck reshuffles the pile, including the cards just put under it', () => {
    const s = table({ hands: [[exchangeId(), red(1), red(2), red(3)], [blue(1)]], top: red(5), deckTop: [green(1)], shortDeck: true });
    const { state, events } = act(s, 0, { type: 'exchange', card: exchangeId(), mode: 'bottom' });
    expect(state.hands[0]).toHaveLength(3);
    expect(state.discard).toEqual([red(5)]);
    expect(events.some((e) => e.type === 'reshuffle')).toBe(true);
    expect(count(state)).toBe(110);
  });

  it('mode 3 on the fly has no effect and may be the last card, which finishes the player', () => {
    const s = table({ hands: [[exchangeId()], [blue(1)], [green(1)]], top: red(5) });
    const after = act(s, 0, { type: 'exchange', card: exchangeId(), mode: 'fly' }).state;
    expect(after.activeColour).toBe('red');
    expect(after.discard).toEqual([red(5)]);
    expect(after.out[0]).toBe(true);
    expect(after.newCarWindow).toEqual({ seat: 0, closesAt: 3100 });
  });

  it('a Car Exchange cannot be played against a pending Service', () => {
    const s = table({ hands: [[red(1)], [exchangeId(), blue(1)]], top: serviceId('red'), pending: { kind: 'service', count: 1 }, turn: 1 });
    expect(refusal(s, 1, { type: 'exchange', card: exchangeId(), mode: 'swap', target: 0 }).code).toBe('penalty_pending');
  });
});

describe('NEW CAR and finishing (RULES-NOTES 2.6)', () => {
  const finishing = (options: Record<string, unknown> = {}) =>
    act(table({ hands: [[red(1)], [blue(1), newCarId(0)], [green(1), newCarId(1)], [red(2), red(3)]], top: red(5), options }), 0, { type: 'play', card: red(1) }).state;

  it('shedding the last card opens the New Car window and pauses the next player', () => {
    const s = finishing();
    expect(s.out[0]).toBe(true);
    expect(s.newCarWindow).toEqual({ seat: 0, closesAt: 3100 });
    expect(game.publicView(s, 100).newCarWindow).toEqual({ seat: 0, closesAt: 3100 });
    expect(game.activeSeats(s)).toEqual([]);
    expect(refusal(s, 1, { type: 'play', card: blue(1) }).code).toBe('new_car_window');
  });

  it('New Car inside the window (2.9 #7): the finished player draws two and is back, losing their place', () => {
    const s = finishing();
    const { state, events } = act(s, 2, { type: 'newCar', card: newCarId(1), back: 0 }, 1500);
    expect(state.hands[0]).toHaveLength(2);
    expect(state.out[0]).toBe(false);
    expect(state.finishOrder).toEqual([]);
    expect(state.tableaux[2]).toEqual([newCarId(1)]);
    expect(state.newCarWindow).toBe(null);
    // Play continues with the next player after the one who finished.
    expect(state.turn).toBe(1);
    expect(events.find((e) => e.type === 'received')?.to).toEqual([0]);
  });

  it('New Car after the window is rejected: it is not a bring-back, and not your turn to play it on the fly', () => {
    const s = advance(finishing(), 3100).state;
    expect(s.newCarWindow).toBe(null);
    expect(s.finishOrder).toEqual([0]);
    expect(refusal(s, 2, { type: 'newCar', card: newCarId(1), back: 0 }, 3200).code).toBe('too_late');
    expect(refusal(s, 2, { type: 'newCar', card: newCarId(1) }, 3200).code).toBe('not_your_turn');
  });

  it('two New Cars at once: only the first counts, the second stays in hand', () => {
    const s = finishing();
    const first = act(s, 2, { type: 'newCar', card: newCarId(1), back: 0 }, 1500).state;
    expect(refusal(first, 1, { type: 'newCar', card: newCarId(0), back: 0 }, 1501).code).toBe('already_back');
    expect(first.hands[1]).toContain(newCarId(0));
  });

  it('New Car is the real-time race: isRace is true for it and for nothing else', () => {
    expect(game.isRace({ type: 'newCar', card: newCarId(), back: 0 })).toBe(true);
    expect(game.isRace({ type: 'newCar', card: newCarId() })).toBe(false);
    expect(game.isRace({ type: 'play', card: red(1) })).toBe(false);
    expect(game.isRace({ type: 'block', card: exchangeId() })).toBe(false);
  });

  it('the finished player cannot bring themselves back, and a finished player cannot play a New Car', () => {
    const s = table({ hands: [[newCarId()], [blue(1)], [green(1)]], top: red(5) });
    const out = act(s, 0, { type: 'newCar', card: newCarId() }).state;
    expect(out.out[0]).toBe(true);
    const w = structuredClone(finishing());
    w.hands[0] = [newCarId(0)];
    w.hands[1] = [blue(1)];
    expect(refusal(w, 0, { type: 'newCar', card: newCarId(0), back: 0 }, 200).code).toBe('own_finish');
  });

  it('New Car on the fly on your own turn has no effect and may be your last card', () => {
    const s = table({ hands: [[newCarId(), red(1)], [blue(1)]], top: red(5) });
    const after = act(s, 0, { type: 'newCar', card: newCarId() }).state;
    expect(after.tableaux[0]).toEqual([newCarId()]);
    expect(after.discard).toEqual([red(5)]);
    expect(after.turn).toBe(1);
  });

  it('New Car on the fly cannot dodge a pending Service', () => {
    const s = table({ hands: [[red(1)], [newCarId(), blue(1)]], top: serviceId('red'), pending: { kind: 'service', count: 1 }, turn: 1 });
    expect(refusal(s, 1, { type: 'newCar', card: newCarId() }).code).toBe('penalty_pending');
  });

  it('a Service played as the last card still applies after the window', () => {
    let s = table({ hands: [[serviceId('red')], [blue(1), blue(2)], [green(1)]], top: red(5) });
    s = act(s, 0, { type: 'play', card: serviceId('red') }).state;
    s = advance(s, 3100).state;
    expect(s.turn).toBe(1);
    expect(s.pending).toEqual({ kind: 'service', count: 1 });
  });

  it('with raceMode, the window stays open until the next player moves, and that move closes it', () => {
    const s = finishing({ raceMode: true });
    expect(s.newCarWindow).toEqual({ seat: 0, closesAt: null });
    expect(act(s, 2, { type: 'newCar', card: newCarId(1), back: 0 }, 5000).state.out[0]).toBe(false);
    const moved = act(s, 1, { type: 'play', card: blue(1) }, 5000).state;
    expect(moved.newCarWindow).toBe(null);
    expect(moved.finishOrder).toEqual([0]);
    expect(refusal(moved, 2, { type: 'newCar', card: newCarId(1), back: 0 }, 5001).code).toBe('too_late');
  });

  it('the round ends when one player is left once the window has closed', () => {
    let s = table({ hands: [[red(1)], [blue(1), blue(2)]], top: red(5) });
    s = act(s, 0, { type: 'play', card: red(1) }).state;
    expect(s.phase).toBe('playing');
    s = advance(s, 3100).state;
    expect(s.phase).toBe('roundOver');
    expect(s.history).toEqual([[20, 0]]);
  });
});

describe('deck (rulebook "If the draw deck runs out")', () => {
  it('reshuffle: an empty deck is rebuilt from every discard but the top card', () => {
    const s = table({ hands: [[red(1)], [blue(1)]], top: red(5), shortDeck: true });
    const pile = s.discard.length;
    const { state, events } = act(s, 0, { type: 'draw' });
    expect(state.discard).toEqual([red(5)]);
    expect(state.deck).toHaveLength(pile - 2);
    expect(state.hands[0]).toHaveLength(2);
    expect(events.some((e) => e.type === 'reshuffle')).toBe(true);
    expect(count(state)).toBe(110);
  });

  it('with no card left to draw anywhere, the player draws what exists', () => {
    const s = table({ hands: [[red(1)], [blue(1)]], top: red(5), shortDeck: true });
    s.hands[1].push(...s.discard.slice(0, -1));
    s.discard = [red(5)];
    const after = act(s, 0, { type: 'draw' }).state;
    expect(after.hands[0]).toEqual([red(1)]);
    expect(after.turn).toBe(1);
  });
});

describe('scoring and the end of the game (RULES-NOTES 2.8)', () => {
  it('places score 20/10/5, then 1, and the last player 0', () => {
    expect([0, 1, 2, 3, 4].map((i) => placePoints(i, 5))).toEqual([20, 10, 5, 1, 0]);
    expect([0, 1].map((i) => placePoints(i, 2))).toEqual([20, 0]);
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((i) => placePoints(i, 8))).toEqual([20, 10, 5, 1, 1, 1, 1, 0]);
  });

  it('Scoring (2.9 #10): finishing order B, D, A, C scores 20, 10, 5, 0', () => {
    let s = table({ hands: [[red(1), red(2)], [red(3)], [blue(1), blue(2), blue(3)], [red(4)]], top: red(5), turn: 1 });
    s = act(s, 1, { type: 'play', card: red(3) }, 100).state;
    s = advance(s, 3100).state;
    s = act(s, 2, { type: 'draw' }, 3200).state;
    s = act(s, 3, { type: 'play', card: red(4) }, 3300).state;
    s = advance(s, 6300).state;
    s = act(s, 0, { type: 'play', card: red(1) }, 6400).state;
    s = act(s, 2, { type: 'draw' }, 6500).state;
    s = act(s, 0, { type: 'play', card: red(2) }, 6600).state;
    s = advance(s, 9600).state;
    expect(s.finishOrder).toEqual([1, 3, 0, 2]);
    expect(s.history).toEqual([[5, 20, 0, 10]]);
    expect(s.phase).toBe('roundOver');
  });

  it('the game ends after the round in which someone reaches 50 points; ties share a place', () => {
    let s = table({ hands: [[red(1)], [blue(1), blue(2)], [green(1)]], top: red(5) });
    s.scores = [35, 45, 40];
    s = act(s, 0, { type: 'play', card: red(1) }).state;
    s = advance(s, 3100).state;
    s = act(s, 1, { type: 'draw' }, 3200).state;
    s = act(s, 2, { type: 'play', card: green(1) }, 3300).state;
    s = advance(s, 6300).state;
    expect(s.scores).toEqual([55, 45, 50]);
    expect(s.phase).toBe('over');
    const result = game.result(s)!;
    expect(result.seats).toEqual([{ seat: 0, place: 1, score: 55 }, { seat: 1, place: 3, score: 45 }, { seat: 2, place: 2, score: 50 }]);
    expect(result.summary).toMatchObject({ key: 'car_exchange:summary.win', params: { seat: '@0', points: 55 } });
    expect(rankByScore([50, 50, 10]).map((r) => r.place)).toEqual([1, 1, 3]);
    expect(game.nextDeadline(s)).toBe(null);
  });

  it('a game below the target continues with a new round after the pause', () => {
    let s = table({ hands: [[red(1)], [blue(1)]], top: red(5), options: { roundPauseMs: 2000 } });
    s = advance(act(s, 0, { type: 'play', card: red(1) }).state, 3100).state;
    expect(game.result(s)).toBe(null);
    expect(game.nextDeadline(s)).toBe(5100);
    s = advance(s, 5100).state;
    expect(s.phase).toBe('playing');
    expect(s.round).toBe(2);
    expect(s.hands.map((h) => h.length)).toEqual([6, 6]);
    expect(s.tableaux).toEqual([[], []]);
    expect(count(s)).toBe(110);
  });

  it('options: another target score, a number of rounds, or a time limit end the game', () => {
    const oneRound = (options: Record<string, unknown>, at = 100) => {
      const s = table({ hands: [[red(1)], [blue(1)]], top: red(5), options });
      return advance(act(s, 0, { type: 'play', card: red(1) }, at).state, at + 3000).state;
    };
    expect(oneRound({ targetScore: 20 }).phase).toBe('over');
    expect(oneRound({ targetScore: 21 }).phase).toBe('roundOver');
    expect(oneRound({ rounds: 1 }).phase).toBe('over');
    expect(oneRound({ timeLimitMs: 60_000 }).phase).toBe('roundOver');
    expect(oneRound({ timeLimitMs: 60_000 }, 58_000).phase).toBe('over');
  });

  it('options default to 2–8 players, 50 points, a 30 s turn clock and 3 s windows', () => {
    const o = carExchangeOptions.parse({});
    expect(o).toMatchObject({ variant: 'classic', players: 4, targetScore: 50, turnMs: 30_000, newCarWindowMs: 3000, exchangeWindowMs: 3000, talking: false, raceMode: false });
    expect(game.seatRange(o)).toEqual({ min: 2, max: 8 });
    expect(() => carExchangeOptions.parse({ players: 9 })).toThrow();
  });
});

describe('talking rule (optional)', () => {
  const talky = (extra: Record<string, unknown> = {}) => table({ hands: [[red(1), red(2)], [blue(1), red(3)], [green(1)]], top: red(5), deckTop: [yellow(9)], options: { talking: true, ...extra } });

  it('is off by default: playing owes nothing', () => {
    const s = table({ hands: [[red(1), red(2)], [blue(1)]], top: red(5) });
    expect(act(s, 0, { type: 'play', card: red(1) }).state.talk).toEqual([]);
  });

  it('saying something after playing, before the next move, avoids the penalty', () => {
    let s = act(talky(), 0, { type: 'play', card: red(1) }).state;
    expect(game.publicView(s, 0).talk).toEqual([{ seat: 0, deadline: 5100 }]);
    expect(game.seatView(s, 0, 0).mustSay).toBe(true);
    s = act(s, 0, { type: 'say', text: 'Go change your oil!' }, 500).state;
    s = act(s, 1, { type: 'play', card: red(3) }, 600).state;
    expect(s.hands[0]).toEqual([red(2)]);
  });

  it('saying something before playing on your turn counts too', () => {
    let s = act(talky(), 0, { type: 'say', text: 'Here I come' }, 50).state;
    s = act(s, 0, { type: 'play', card: red(1) }, 60).state;
    expect(s.talk).toEqual([]);
  });

  it('silence until the next player moves costs a penalty card', () => {
    let s = act(talky(), 0, { type: 'play', card: red(1) }).state;
    const { state, events } = act(s, 1, { type: 'play', card: red(3) }, 600);
    s = state;
    expect(s.hands[0]).toEqual([red(2), yellow(9)]);
    expect(events[0].type).toBe('silencePenalty');
  });

  it('silence past the talking time costs a penalty card', () => {
    const s = act(talky(), 0, { type: 'play', card: red(1) }).state;
    expect(game.nextDeadline(s)).toBe(5100);
    expect(advance(s, 5100).state.hands[0]).toEqual([red(2), yellow(9)]);
  });

  it('with talkPenalty off, silence costs nothing', () => {
    const s = act(talky({ talkPenalty: false }), 0, { type: 'play', card: red(1) }).state;
    expect(act(s, 1, { type: 'play', card: red(3) }, 600).state.hands[0]).toEqual([red(2)]);
  });

  it('phrases are length-limited', () => {
    expect(game.actionSchema.safeParse({ type: 'say', text: 'x'.repeat(81) }).success).toBe(false);
    expect(game.actionSchema.safeParse({ type: 'say', text: '   ' }).success).toBe(false);
  });
});

describe('clocks', () => {
  it('turn clock: running out draws a card for the player and passes the turn', () => {
    const s = table({ hands: [[red(1)], [blue(1)]], top: red(5), deckTop: [green(4)] });
    expect(game.publicView(s, 0).turnDeadline).toBe(30_000);
    const after = advance(s, 30_000).state;
    expect(after.hands[0]).toEqual([red(1), green(4)]);
    expect(after.turn).toBe(1);
    expect(after.turnDeadline).toBe(60_000);
  });

  it('turn clock: running out while facing a Fine takes the penalty', () => {
    const s = table({ hands: [[red(1), red(2), red(3)], [blue(1)]], top: fineId('red'), pending: { kind: 'fine', chain: [0] }, turn: 1 });
    expect(advance(s, 30_000).state.hands[1]).toHaveLength(3);
  });

  it('the turn clock starts after a window: the window\'s deadline is shown, then the turn\'s', () => {
    const s = act(table({ hands: [[red(1)], [blue(1)], [green(1)]], top: red(5) }), 0, { type: 'play', card: red(1) }).state;
    expect(game.publicView(s, 100).turnDeadline).toBe(null);
    expect(game.nextDeadline(s)).toBe(3100);
    const after = advance(s, 3100).state;
    expect(game.publicView(after, 3100).turnDeadline).toBe(33_100);
  });
});

describe('bots', () => {
  const botMove = (s: CarExchangeState, seat: number, level: 'easy' | 'hard' = 'hard') => game.bot(s, seat, level, [1, 2, 3, 4], 0);

  it('hard bot fines the opponent closest to going out', () => {
    const s = table({ hands: [[fineId('red'), red(1), red(2)], [blue(1), blue(2), blue(3)], [green(1)], [yellow(1), yellow(2)]], top: red(5) });
    expect(botMove(s, 0)?.action).toEqual({ type: 'fine', card: fineId('red'), target: 2 });
  });

  it('hard bot swaps hands with an opponent holding far fewer cards', () => {
    const s = table({ hands: [[exchangeId(), blue(1), blue(2), blue(3), blue(4), blue(5)], [green(1)], [yellow(1), yellow(2), yellow(3)]], top: red(5) });
    expect(botMove(s, 0)?.action).toEqual({ type: 'exchange', card: exchangeId(), mode: 'swap', target: 1 });
  });

  it('hard bot blocks a swap that would hand it more cards', () => {
    const s0 = table({ hands: [[exchangeId(0), red(1), red(2), red(3)], [exchangeId(1), blue(1)], [green(1)]], top: red(5) });
    const s = act(s0, 0, { type: 'exchange', card: exchangeId(0), mode: 'swap', target: 1 }).state;
    expect(botMove(s, 1)?.action).toEqual({ type: 'block', card: exchangeId(1) });
    expect(botMove(s, 2)).toBe(null);
  });

  it('bots counter a Service and play New Car inside the window, quickly', () => {
    const service = table({ hands: [[red(1)], [serviceId('blue'), blue(1)]], top: serviceId('red'), pending: { kind: 'service', count: 1 }, turn: 1 });
    expect(botMove(service, 1)?.action).toEqual({ type: 'play', card: serviceId('blue') });
    const w = act(table({ hands: [[red(1)], [blue(1), newCarId()], [green(1)]], top: red(5) }), 0, { type: 'play', card: red(1) }).state;
    const move = botMove(w, 1)!;
    expect(move.action).toEqual({ type: 'newCar', card: newCarId(), back: 0 });
    expect(move.delayMs).toBeLessThan(3000);
    expect(botMove(w, 2)).toBe(null);
  });

  it('easy bots react more slowly than hard bots', () => {
    const s = table({ hands: [[red(1)], [blue(1)]], top: red(5) });
    const delays = (level: 'easy' | 'hard') => Array.from({ length: 20 }, (_, i) => game.bot(s, 0, level, [i, 7, 7, 7], 0)!.delayMs);
    const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(avg(delays('easy'))).toBeGreaterThan(avg(delays('hard')));
  });
});
