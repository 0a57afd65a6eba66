/** One named test per rule of Bip! Bip! and per RULES-NOTES 4.3–4.6 settlement and option. */
import { describe, expect, it } from 'vitest';
import { parseBoard } from './board.js';
import { cardById, EXPERT_IDS, isExpert } from './cards.js';
import { bipBipGame as game } from './index.js';
import { bipOptions } from './options.js';
import type { BipState } from './state.js';
import { act, advance, at, bip, card, refusal, step, table } from './testing.js';

const L_RBY = card('L', 'RB/Y.');
const I_RBY = card('I', 'RBY');
const D_RBY = card('D', 'RBY');
const V_BYR = card('V', 'B.Y/.R.');
/** Filler hands: cards that do not match the boards used below. */
const fill = (...ids: number[]) => ids;

describe('setup (4.3)', () => {
  const deal = (players: number, extra: Record<string, unknown> = {}) => game.setup(bipOptions.parse({ players, ...extra }), players, 7, 0);
  it('deals 20 / 13 / 10 regular cards for 2 / 3 / 4 players; with 3 one card is left out', () => {
    for (const [players, each, aside] of [[2, 20, 0], [3, 13, 1], [4, 10, 0]] as const) {
      const s = deal(players);
      s.hands.forEach((h) => expect(h).toHaveLength(each));
      expect(s.aside).toHaveLength(aside);
      expect(s.hands.flat().every((id) => !isExpert(id))).toBe(true);
      expect(s.expertPile).toHaveLength(20);
    }
  });
  it('the deal is stratified: with 2 players each gets 5 cards of every family', () => {
    const s = deal(2);
    for (const h of s.hands) for (const f of ['I', 'D', 'L', 'V']) expect(h.filter((id) => cardById(id).family === f)).toHaveLength(5);
  });
  it('9 cars (3 red, 3 blue, 3 yellow) are placed at random, at most one per intersection', () => {
    const boards = new Set<string>();
    for (let seed = 1; seed <= 10; seed++) {
      const s = game.setup(bipOptions.parse({}), 2, seed, 0);
      for (const c of ['R', 'B', 'Y']) expect(s.board.filter((x) => x === c)).toHaveLength(3);
      expect(s.board).toHaveLength(16);
      boards.add(s.board.join());
    }
    expect(boards.size).toBe(10);
  });
  it('options default to one hand, 2 players, face-up hands, a 1000 ms freeze, a 3 s block and a 3 s countdown; seats 2–4', () => {
    const o = bipOptions.parse({});
    expect(o).toMatchObject({ variant: 'single', players: 2, hiddenHands: false, freezeMs: 1000, claimBlockMs: 3000, countdownMs: 3000, manualReferee: false, leaderChooses: false, handicap: [] });
    expect(game.seatRange(o)).toEqual({ min: 2, max: 4 });
    expect(bipOptions.safeParse({ players: 5 }).success).toBe(false);
  });
  it('play starts after the 3-2-1 countdown: before it, moves and claims are refused', () => {
    const s = game.setup(bipOptions.parse({}), 2, 3, 1000);
    expect(s.phase).toBe('countdown');
    expect(game.nextDeadline(s)).toBe(4000);
    const from = s.board.findIndex((x) => x !== null);
    const to = from % 4 < 3 ? from + 1 : from - 1;
    expect(refusal(s, 0, { type: 'move', from, to }, 2000).code).toBe('not_started');
    expect(refusal(s, 0, { type: 'claim', card: s.hands[0][0] }, 2000).code).toBe('not_started');
    const go = advance(s, 4000);
    expect(go.state.phase).toBe('play');
    expect(go.events.map((e) => e.type)).toEqual(['go']);
  });
  it('handicap option: a seat swaps n regular cards for expert cards at the deal', () => {
    const s = deal(2, { handicap: [0, 3] });
    expect(s.hands[0].filter(isExpert)).toHaveLength(0);
    expect(s.hands[1].filter(isExpert)).toHaveLength(3);
    expect(s.hands[1]).toHaveLength(20);
    expect(s.aside).toHaveLength(3);
    expect(s.expertPile).toHaveLength(17);
  });
  it('option handSize (not in the rulebook): that many regular cards each, spread over the families; the rest set aside', () => {
    const s = deal(4, { handSize: 3 });
    s.hands.forEach((h) => {
      expect(h).toHaveLength(3);
      expect(new Set(h.map((id) => cardById(id).family)).size).toBeGreaterThan(1);
    });
    expect(new Set(s.hands.flat()).size).toBe(12);
    expect(s.aside).toHaveLength(28);
    expect([...s.hands.flat(), ...s.aside].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, id) => id));
    expect(deal(3, { handSize: 0 }).hands.map((h) => h.length)).toEqual([13, 13, 13]);
  });
  it('option handSize is validated: 0 (the rulebook) up to the rulebook\'s hand for the table, a whole number', () => {
    expect(bipOptions.parse({}).handSize).toBe(0);
    expect(bipOptions.safeParse({ players: 4, handSize: 10 }).success).toBe(true);
    const tooMany = bipOptions.safeParse({ players: 4, handSize: 11 });
    expect(tooMany.success).toBe(false);
    expect(tooMany.error?.issues[0]).toMatchObject({ path: ['handSize'], params: { refusal: 'option_too_big', max: 10 } });
    for (const bad of [-1, 21, 2.5]) expect(bipOptions.safeParse({ handSize: bad }).success).toBe(false);
  });
});

describe('moves and the green light (4.4)', () => {
  const base = () => table({ board: ['R...', '.RB.', '.Y..'], hands: [fill(EXPERT_IDS[0]), fill(EXPERT_IDS[1]), fill(EXPERT_IDS[2])] });
  it('a move takes the green light and moves one car one intersection', () => {
    const { state: s, events } = act(base(), 0, step('a1', 'a2'));
    expect(s.board[at('a2')]).toBe('R');
    expect(s.board[at('a1')]).toBeNull();
    expect(s.light).toBe(0);
    expect(s.boardVersion).toBe(base().boardVersion + 1);
    expect(events[0].msg).toEqual({ key: 'bip_bip:event.move', params: { seat: '@0', colour: '$bip_bip:colour.R', from: 'a1', to: 'a2' } });
  });
  it('moving onto an occupied intersection swaps the two cars', () => {
    const { state: s, events } = act(base(), 0, step('b2', 'c2'));
    expect(s.board[at('b2')]).toBe('B');
    expect(s.board[at('c2')]).toBe('R');
    expect(events[0].swapped).toBe(true);
  });
  it('a car moves orthogonally only, one intersection', () => {
    expect(refusal(base(), 0, step('a1', 'b2')).code).toBe('not_adjacent');
    expect(refusal(base(), 0, step('a1', 'a3')).code).toBe('not_adjacent');
    expect(refusal(base(), 0, step('d4', 'd3')).code).toBe('no_car');
  });
  it('4.6-7: the light holder cannot move again until someone else has moved', () => {
    let s = act(base(), 0, step('a1', 'a2')).state;
    expect(refusal(s, 0, step('b2', 'b1')).code).toBe('light_held');
    s = act(s, 1, step('b2', 'b1')).state;
    expect(s.light).toBe(1);
    expect(act(s, 0, step('c2', 'c3')).state.light).toBe(0);
  });
  it('4.6-8: no undo: red a1→a2 then a2→a1 is refused, even for another player', () => {
    const s = act(base(), 0, step('a1', 'a2')).state;
    expect(refusal(s, 1, step('a2', 'a1')).code).toBe('undo');
    expect(refusal(s, 1, step('a2', 'a1'))).toEqual({ code: 'undo' });
  });
  it('4.6-8: red b2 swapped with blue c2, then swapped back (either way round): refused', () => {
    const s = act(base(), 0, step('b2', 'c2')).state;
    expect(refusal(s, 1, step('c2', 'b2')).code).toBe('undo');
    expect(refusal(s, 1, step('b2', 'c2')).code).toBe('undo');
  });
  it('a move undone is only forbidden right after it: after another move it is allowed', () => {
    let s = act(base(), 0, step('a1', 'a2')).state;
    s = act(s, 1, step('c2', 'd2')).state;
    expect(act(s, 2, step('a2', 'a1')).state.board[at('a1')]).toBe('R');
  });
  it('4.6-8: swapping two cars of the same colour is refused', () => {
    const s = table({ board: ['RR..'], hands: [[EXPERT_IDS[0]], [EXPERT_IDS[1]]] });
    expect(refusal(s, 0, step('a1', 'b1')).code).toBe('same_colour');
  });
  it('4.6-9: two moves made on the same board version: only the first counts', () => {
    const s0 = base();
    const v = s0.boardVersion;
    const s1 = act(s0, 0, step('a1', 'a2', v)).state;
    expect(refusal(s1, 1, step('c2', 'd2', v))).toEqual({ code: 'stale', params: { first: '@0' } });
    expect(act(s1, 1, step('c2', 'd2', v + 1)).state.light).toBe(1);
  });
  it('moving, claiming and challenging are races; the leader swap is not', () => {
    expect(game.isRace({ type: 'move', from: 0, to: 1 })).toBe(true);
    expect(game.isRace({ type: 'claim', card: 0 })).toBe(true);
    expect(game.isRace({ type: 'challenge', card: 0 })).toBe(true);
    expect(game.isRace({ type: 'swap', cards: [0] })).toBe(false);
  });
});

describe('claims (4.4)', () => {
  // L RB/Y. matches (quarter turn) on b2 red, b3 blue, a2 yellow.
  const board = ['.B..', 'YRB.', '.B..'];
  const base = (extra: Record<string, unknown> = {}) => table({ board, hands: [[L_RBY, I_RBY], [D_RBY, V_BYR, 3, 4], [5, 6, 7]], options: extra });
  it('a valid claim discards the card, freezes moves for freezeMs and shows the card and the three cars to all', () => {
    const { state: s, events } = act(base(), 0, bip(L_RBY, ['b2', 'b3', 'a2']), 500);
    expect(s.hands[0]).toEqual([I_RBY]);
    expect(s.claimed[0]).toEqual([L_RBY]);
    expect(s.frozenUntil).toBe(1500);
    const view = game.publicView(s, 500);
    expect(view.lastClaim).toMatchObject({ seat: 0, card: L_RBY, cars: [at('a2'), at('b2'), at('b3')] });
    expect(view.lastClaim!.face.code).toBe('RB/Y.');
    expect(events[0]).toMatchObject({ type: 'bip', seat: 0, card: L_RBY });
    expect(events[0].to).toBeUndefined();
  });
  it('a claim may name just the card: the server finds the cars', () => {
    const { state: s } = act(base(), 0, bip(L_RBY), 500);
    expect(s.lastClaim!.cars).toEqual([at('a2'), at('b2'), at('b3')]);
  });
  it('moves are refused during the freeze; claims are still accepted', () => {
    const start = table({ board: [...board, 'RBY.'], hands: [[L_RBY, 3], [I_RBY, 4]] });
    const s = act(start, 0, bip(L_RBY), 500).state;
    expect(refusal(s, 1, step('b2', 'c2'), 1400).code).toBe('frozen');
    const second = act(s, 1, bip(I_RBY), 1400).state;
    expect(second.claimed[1]).toEqual([I_RBY]);
    expect(second.frozenUntil).toBe(2400);
    expect(act(s, 1, step('b2', 'c2'), 1500).state.light).toBe(1);
  });
  it('a claim of a card not in my hand is refused', () => {
    expect(refusal(base(), 1, bip(L_RBY)).code).toBe('not_in_hand');
  });
  it('wrong claim: blocked 3 s and one random card from the opponent holding the most cards', () => {
    const { state: s, events } = act(base(), 0, bip(I_RBY), 1000);
    expect(s.hands[0]).toHaveLength(3);
    expect(s.hands[1]).toHaveLength(3);
    expect(s.hands[2]).toHaveLength(3);
    expect([D_RBY, V_BYR, 3, 4]).toContain(s.hands[0][2]);
    expect(s.blockedUntil[0]).toBe(4000);
    expect(refusal(s, 0, bip(L_RBY), 3999).code).toBe('blocked');
    expect(act(s, 0, bip(L_RBY), 4000).state.hands[0]).toHaveLength(2);
    expect(events.find((e) => e.type === 'penalty')).toMatchObject({ from: 1, seat: 0 });
    expect(s.frozenUntil).toBe(0);
  });
  it('pointing at the wrong cars is a wrong claim even if the card matches elsewhere', () => {
    const { state: s } = act(base(), 0, bip(L_RBY, ['b1', 'b2', 'a2']));
    expect(s.hands[0]).toHaveLength(3);
    expect(s.blockedUntil[0]).toBeGreaterThan(0);
  });
  it('4.6-9: a claim made on an older board version that fails now is rejected without penalty', () => {
    const s = act(base(), 1, step('b2', 'c2')).state;
    const e = refusal(s, 0, bip(L_RBY, undefined, s.boardVersion - 1));
    expect(e.code).toBe('stale_claim');
    const wrongNow = act(s, 0, bip(L_RBY, undefined, s.boardVersion));
    expect(wrongNow.state.blockedUntil[0]).toBeGreaterThan(0);
  });
  it('a stale claim that still matches is accepted', () => {
    const s = act(base(), 1, step('c2', 'd2')).state;
    expect(act(s, 0, bip(L_RBY, undefined, s.boardVersion - 1)).state.claimed[0]).toEqual([L_RBY]);
  });
  it('the first player to empty their hand wins the round; the others rank by cards left', () => {
    const s = table({ board, hands: [[L_RBY], [D_RBY, V_BYR], [5, 6, 7]] });
    const { state: end, events } = act(s, 0, bip(L_RBY));
    expect(end.phase).toBe('over');
    expect(events.at(-1)!.msg).toEqual({ key: 'bip_bip:event.round_won', params: { seat: '@0' } });
    const r = game.result(end)!;
    expect(r.seats).toEqual([{ seat: 0, place: 1, score: 0 }, { seat: 1, place: 2, score: 2 }, { seat: 2, place: 3, score: 3 }]);
    expect(r.summary).toEqual({ key: 'bip_bip:summary.win', params: { seat: '@0' } });
    expect(refusal(end, 1, bip(D_RBY)).code).toBe('game_over');
  });
});

describe('hidden hands [opt hiddenHands]', () => {
  const base = () => table({ board: ['.B..', 'YRB.', '.B..'], hands: [[L_RBY, I_RBY], [D_RBY, V_BYR, 3, 4]], options: { hiddenHands: true } });
  it('hands are public by default', () => {
    const s = table({ board: ['R...'], hands: [[L_RBY], [D_RBY]] });
    expect(game.publicView(s, 0).players[1].hand!.map((c) => c.id)).toEqual([D_RBY]);
  });
  it('with hiddenHands a hand is only in its owner seat view; everyone sees the counts', () => {
    const s = base();
    const pub = JSON.stringify(game.publicView(s, 0));
    const other = JSON.stringify(game.seatView(s, 1, 0));
    for (const id of s.hands[0]) {
      expect(pub).not.toContain(`"id":${id},`);
      expect(other).not.toContain(`"id":${id},`);
    }
    expect(game.seatView(s, 0, 0).hand.map((c) => c.id)).toEqual([L_RBY, I_RBY]);
    expect(game.publicView(s, 0).players.map((p) => p.handCount)).toEqual([2, 4]);
  });
  it('with hiddenHands the penalty card is named only to the two players concerned', () => {
    const { events } = act(base(), 0, bip(I_RBY));
    const pub = events.filter((e) => !e.to);
    expect(pub.some((e) => 'card' in e && e.type === 'penalty')).toBe(false);
    expect(events.find((e) => e.type === 'penaltyCard')!.to).toEqual([1, 0]);
    expect(events.find((e) => e.type === 'wrongClaim')!.to).toEqual([0]);
  });
});

describe('manual referee [opt manualReferee]', () => {
  const base = () => table({ board: ['.B..', 'YRB.', '.B..'], hands: [[L_RBY, I_RBY], [D_RBY, V_BYR, 3]], options: { manualReferee: true } });
  it('a wrong claim is shown like any other and stands if nobody challenges within 3 s', () => {
    const { state: s } = act(base(), 0, bip(I_RBY, ['a1', 'b1', 'c1']), 1000);
    expect(s.hands[0]).toEqual([L_RBY]);
    expect(JSON.stringify(game.publicView(s, 1000))).not.toContain('wrong');
    expect(game.nextDeadline(s)).toBe(4000);
    const later = advance(s, 4000).state;
    expect(later.reviews).toEqual([]);
    expect(refusal(later, 1, { type: 'challenge', card: I_RBY }, 4000).code).toBe('no_review');
  });
  it('the first opponent to say "Wrong!" in time hands over one of their own cards and the claimer takes the card back', () => {
    const s = act(base(), 0, bip(I_RBY, ['a1', 'b1', 'c1']), 1000).state;
    const { state: after, events } = act(s, 1, { type: 'challenge', card: I_RBY, give: V_BYR }, 2000);
    expect(after.hands[0].sort()).toEqual([L_RBY, I_RBY, V_BYR].sort());
    expect(after.hands[1]).toEqual([D_RBY, 3]);
    expect(after.claimed[0]).toEqual([]);
    expect(events[0].type).toBe('challenge');
    expect(refusal(after, 1, { type: 'challenge', card: I_RBY }, 2100).code).toBe('no_review');
  });
  it('a right claim cannot be challenged, nor your own', () => {
    const s = act(base(), 0, bip(L_RBY), 1000).state;
    expect(refusal(s, 1, { type: 'challenge', card: L_RBY }, 1500).code).toBe('claim_right');
    expect(refusal(s, 0, { type: 'challenge', card: L_RBY }, 1500).code).toBe('own_claim');
  });
  it('emptying a hand with a claim still open to challenge ends the round only when the window closes', () => {
    const s = table({ board: ['R...'], hands: [[I_RBY], [D_RBY, 3]], options: { manualReferee: true } });
    const claimed = act(s, 0, bip(I_RBY), 1000).state;
    expect(claimed.phase).toBe('play');
    expect(advance(claimed, 4000).state.phase).toBe('over');
  });
  it('without manualReferee there is nothing to challenge', () => {
    const s = table({ board: ['R...'], hands: [[I_RBY], [D_RBY]] });
    expect(refusal(s, 1, { type: 'challenge', card: I_RBY }).code).toBe('no_referee');
  });
});

describe('three-round match (4.5)', () => {
  const three = (extra: Record<string, unknown> = {}) => table({ board: ['.B..', 'YRB.', '.B..'], hands: [[L_RBY], [D_RBY, 3, 4, 5], [6, 7]], options: { variant: 'three_rounds', betweenRoundsMs: 2000, countdownMs: 3000, ...extra } });
  it('a round ends when a hand is empty; each player scores the cards left and a new deal and board follow', () => {
    const { state: s } = act(three(), 0, bip(L_RBY), 1000);
    expect(s.phase).toBe('between');
    expect(s.scores).toEqual([[0, 4, 2]]);
    expect(game.nextDeadline(s)).toBe(3000);
    const next = advance(s, 3000).state;
    expect(next.round).toBe(2);
    expect(next.phase).toBe('countdown');
    expect(next.hands.map((h) => h.length)).toEqual([13, 13, 13]);
    expect(next.boardVersion).toBeGreaterThan(s.boardVersion);
    expect(next.light).toBeNull();
  });
  it('4.6-10: scores 0 / 4 / 2 after round 1: the leader swaps 2 regular cards for expert cards', () => {
    const s = act(three(), 0, bip(L_RBY), 1000).state;
    const next = advance(s, 3000).state;
    expect(next.hands[0].filter(isExpert)).toHaveLength(2);
    expect(next.hands[0]).toHaveLength(13);
    expect(next.hands[1].filter(isExpert)).toHaveLength(0);
    expect(next.hands[2].filter(isExpert)).toHaveLength(0);
  });
  it('no swap when the lowest total is tied', () => {
    const s = structuredClone(three());
    s.scores = [[2, 2, 5]];
    s.round = 1;
    s.phase = 'between';
    s.nextRoundAt = 0;
    const next = advance(s, 0).state;
    expect(next.hands.flat().filter(isExpert)).toHaveLength(0);
  });
  it('leaderChooses option: the leader picks which regular cards to give up, or they are drawn when time runs out', () => {
    const s = act(three({ leaderChooses: true }), 0, bip(L_RBY), 1000).state;
    const swap = advance(s, 3000).state;
    expect(swap.phase).toBe('swap');
    expect(swap.swap).toMatchObject({ leader: 0, count: 2 });
    expect(game.activeSeats(swap)).toEqual([0]);
    const give = swap.hands[0].slice(0, 2);
    expect(refusal(swap, 1, { type: 'swap', cards: give }, 3100).code).toBe('not_leader');
    expect(refusal(swap, 0, { type: 'swap', cards: give.slice(0, 1) }, 3100).code).toBe('wrong_count');
    const chosen = act(swap, 0, { type: 'swap', cards: give }, 3100).state;
    expect(chosen.phase).toBe('countdown');
    expect(chosen.hands[0].some((id) => give.includes(id))).toBe(false);
    expect(chosen.hands[0].filter(isExpert)).toHaveLength(2);
    const timedOut = advance(swap, 3000 + 20_000).state;
    expect(timedOut.phase).toBe('countdown');
    expect(timedOut.hands[0].filter(isExpert)).toHaveLength(2);
  });
  it('lowest total after three rounds wins; a tie goes to the better round 3, then is shared', () => {
    const done = (scores: number[][]): BipState => ({ ...three(), phase: 'over', round: 3, scores, roundWinners: [0, 0, 0] });
    const r = game.result(done([[0, 4, 2], [3, 0, 5], [4, 2, 0]]))!;
    // totals 7 / 6 / 7: seat 1 wins; seats 0 and 2 tie on 7, seat 2 did better in round 3.
    expect(r.seats).toEqual([{ seat: 0, place: 3, score: 7 }, { seat: 1, place: 1, score: 6 }, { seat: 2, place: 2, score: 7 }]);
    expect(r.summary).toEqual({ key: 'bip_bip:summary.win_points', params: { seat: '@1', count: 6 } });
    const shared = game.result(done([[0, 2, 5], [2, 0, 5], [1, 1, 0]]))!;
    expect(shared.seats.filter((x) => x.place === 1).map((x) => x.seat)).toEqual([0, 1]);
    expect(shared.summary).toEqual({ key: 'bip_bip:summary.tie_two', params: { a: '@0', b: '@1', count: 3 } });
  });
  it('the handicap applies at every deal, on top of the leader swap', () => {
    const s = act(three({ handicap: [1, 0, 3] }), 0, bip(L_RBY), 1000).state;
    const next = advance(s, 3000).state;
    expect(next.hands.map((h) => h.filter(isExpert).length)).toEqual([3, 0, 3]);
  });
});

describe('bots', () => {
  it('a bot claims a card that matches, naming its cars, after a human delay; easy is slower than hard', () => {
    const s = table({ board: ['.B..', 'YRB.', '.B..'], hands: [[L_RBY, I_RBY], [D_RBY]] });
    const hard = game.bot(s, 0, 'hard', [1, 2, 3, 4], 0)!;
    expect(hard.action).toEqual({ type: 'claim', card: L_RBY, cars: [at('a2'), at('b2'), at('b3')], seen: s.boardVersion });
    expect(hard.delayMs).toBeGreaterThanOrEqual(400);
    let easyTotal = 0, hardTotal = 0;
    for (let i = 0; i < 20; i++) {
      hardTotal += game.bot(s, 0, 'hard', [i, 2, 3, 4], 0)!.delayMs;
      const e = game.bot(s, 0, 'easy', [i, 5, 6, 7], 0);
      easyTotal += e && e.action.type === 'claim' ? e.delayMs : 3000;
    }
    expect(easyTotal).toBeGreaterThan(hardTotal);
  });
  it('without a find, a hard bot takes the light to complete one of its cards', () => {
    // RBY in a line needs the yellow at c1: moving it up from c2 completes it.
    const s = table({ board: ['RB..', '..Y.'], hands: [[I_RBY], [D_RBY]] });
    const move = game.bot(s, 0, 'hard', [9, 9, 9, 9], 0)!;
    expect(move.action).toMatchObject({ type: 'move', from: at('c2'), to: at('c1') });
    const after = act(s, 0, move.action).state;
    expect(game.bot(after, 0, 'hard', [9, 9, 9, 9], 0)!.action.type).toBe('claim');
  });
  it('a bot holding the light and with nothing to claim waits', () => {
    const s = { ...table({ board: ['R...', 'B...'], hands: [[I_RBY], [D_RBY]] }), light: 0 };
    expect(game.bot(s, 0, 'hard', [1, 1, 1, 1], 0)).toBeNull();
  });
  it('the view bot plays from the public and seat views only', () => {
    const s = table({ board: ['.B..', 'YRB.', '.B..'], hands: [[L_RBY], [D_RBY]] });
    const a = game.viewBot!(game.publicView(s, 0), game.seatView(s, 0, 0), 0, [1, 2, 3, 4], 0);
    expect(a).toMatchObject({ type: 'claim', card: L_RBY });
  });
});

it('parseBoard reads rows 1–4 with the letter as the column', () => {
  const b = parseBoard('R...', '...Y');
  expect(b[at('a1')]).toBe('R');
  expect(b[at('d2')]).toBe('Y');
});
