/** One named test per rule of Traffic-Memory and per RULES-NOTES 1.4 settlement and option. */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../random.js';
import { trafficMemoryGame as game } from './index.js';
import { trafficMemoryOptions } from './options.js';
import { anyRunLeft, isRunnable, isTakeable } from './runs.js';
import { memoryDeck } from './setup.js';
import { act, advance, cardOfCell, openAll, pile, refusal, table, type Cell } from './testing.js';

const cards = (...cells: Exclude<Cell, null>[]) => cells.map(cardOfCell);

describe('a turn: open two cards, neighbours let you go on', () => {
  it('10 and 22 are not neighbours: both go back face down in place and the turn passes', () => {
    const { s } = openAll(table([10, 22, 5, 6]), 0, [0, 1]);
    expect(pile(s, 0)).toEqual([]);
    expect(s.grid.map((c) => c?.value)).toEqual([10, 22, 5, 6]);
    expect(s.opened).toEqual([]);
    expect(s.turn).toBe(1);
  });

  it('9 and 10 are neighbours: the player must open a third card', () => {
    const { s } = openAll(table([9, 10, 11, 22]), 0, [0, 1]);
    expect(s.phase).toBe('flip');
    expect(s.turn).toBe(0);
    expect(s.opened).toEqual([0, 1]);
  });

  it('9, 10, 11, 22: the player takes 9, 10, 11 and 22 is turned back in its place (rulebook picture 2)', () => {
    const { s, events } = openAll(table([22, 9, 10, 11, 30, 31]), 0, [1, 2, 3, 0]);
    expect(pile(s, 0)).toEqual([9, 10, 11]);
    expect(s.grid.map((c) => c?.value ?? null)).toEqual([22, null, null, null, 30, 31]);
    expect(s.turn).toBe(1);
    expect(events.find((e) => e.type === 'took')?.msg).toEqual({ key: 'traffic_memory:event.took', params: { seat: '@0', count: 3, cards: '9, 10, 11' } });
  });

  it('a descending run counts too: 11, 10, 9 then 40 takes three cards', () => {
    const { s } = openAll(table([11, 10, 9, 40, 1, 2]), 0, [0, 1, 2, 3]);
    expect(pile(s, 0)).toEqual([11, 10, 9]);
  });

  it('two neighbours then a non-neighbour: the pair is taken', () => {
    const { s } = openAll(table([7, 8, 20, 1, 2]), 0, [0, 1, 2]);
    expect(pile(s, 0)).toEqual([7, 8]);
    expect(s.grid[2]?.value).toBe(20);
  });

  it('a run that reaches both sides (5, 6, 4) stays a run', () => {
    const { s } = openAll(table([5, 6, 4, 30, 1, 2]), 0, [0, 1, 2, 3]);
    expect(pile(s, 0)).toEqual([5, 6, 4]);
  });

  it('a run that opens every face-down card is taken with no breaking card', () => {
    const { s } = openAll(table([3, 4, 5]), 0, [0, 1, 2]);
    expect(pile(s, 0)).toEqual([3, 4, 5]);
    expect(s.phase).toBe('over');
  });

  it('the turn passes after a taken run as well', () => {
    const { s } = openAll(table([7, 8, 20, 1, 2]), 0, [0, 1, 2]);
    expect(s.turn).toBe(1);
  });
});

describe('wild cards (Police and Ambulance)', () => {
  it('21, wild, 23: the wild stands for 22 and the player takes three cards', () => {
    const { s } = openAll(table([21, 'P', 23, 40, 1, 2], { wilds: true }), 0, [0, 1, 2, 3]);
    expect(pile(s, 0)).toEqual([21, 'W', 23]);
  });

  it('21 then 23: the turn ends at once, so a wild opened after 23 is never reached', () => {
    const { s } = openAll(table([21, 23, 'A', 1, 2], { wilds: true }), 0, [0, 1]);
    expect(s.turn).toBe(1);
    expect(pile(s, 0)).toEqual([]);
    expect(refusal(s, 0, { type: 'open', pos: 2 }).code).toBe('not_your_turn');
  });

  it('3, 4, wild: the wild is 2 or 5 and the player takes three cards when the next card breaks', () => {
    const { s } = openAll(table([3, 4, 'P', 9, 20, 21], { wilds: true }), 0, [0, 1, 2, 3]);
    expect(pile(s, 0)).toEqual([3, 4, 'W']);
  });

  it('3, 4, wild, 5: the wild moves to 2 or 6 and the run goes on', () => {
    const { s } = openAll(table([3, 4, 'P', 5, 20, 21], { wilds: true }), 0, [0, 1, 2, 3]);
    expect(s.phase).toBe('flip');
    expect(s.opened).toEqual([0, 1, 2, 3]);
  });

  it('wild, 5, 9: nothing is taken, a wild only counts from the third card on', () => {
    const { s } = openAll(table(['A', 5, 9, 20, 21], { wilds: true }), 0, [0, 1, 2]);
    expect(pile(s, 0)).toEqual([]);
    expect(s.grid.filter((c) => c !== null)).toHaveLength(5);
    expect(s.turn).toBe(1);
  });

  it('a wild as the second card lets the player go on opening', () => {
    const { s } = openAll(table([5, 'P', 30, 20, 21], { wilds: true }), 0, [0, 1]);
    expect(s.phase).toBe('flip');
    expect(s.turn).toBe(0);
  });

  it('wild, 5, 7 then 30: the wild is 6, three cards are taken', () => {
    const { s } = openAll(table(['P', 5, 7, 30, 1, 2], { wilds: true }), 0, [0, 1, 2, 3]);
    expect(pile(s, 0)).toEqual(['W', 5, 7]);
  });

  it('one wild cannot fill two gaps: 5, wild, 8 breaks and 5 with the wild is not taken', () => {
    expect(isRunnable(cards(5, 'P', 8))).toBe(false);
    expect(isTakeable(cards(5, 'P'))).toBe(false);
    expect(isTakeable(cards(5, 'P', 'A', 8))).toBe(true);
  });
});

describe('range and wild options', () => {
  const deck = (o: Record<string, unknown>) => memoryDeck(trafficMemoryOptions.parse(o));
  const numbers = (o: Record<string, unknown>) => deck(o).map((c) => c.value);

  it('range 1-12 lays out the cars 1 to 12 and nothing else', () => {
    expect(numbers({ range: '1-12' })).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });
  it('range 1-30 is the default', () => {
    expect(numbers({})).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });
  it('range 26-50 lays out 26 to 50', () => {
    expect(numbers({ range: '26-50' })).toEqual(Array.from({ length: 25 }, (_, i) => i + 26));
  });
  it('range 1-50 lays out all 50 cars', () => {
    expect(deck({ range: '1-50' })).toHaveLength(50);
  });
  it('a custom range 7-19 lays out 7 to 19', () => {
    expect(numbers({ range: 'custom', from: 7, to: 19 })).toEqual(Array.from({ length: 13 }, (_, i) => i + 7));
  });
  it('a custom range of fewer than 4 cards, or reversed, is refused', () => {
    expect(trafficMemoryOptions.safeParse({ range: 'custom', from: 10, to: 12 }).success).toBe(false);
    expect(trafficMemoryOptions.safeParse({ range: 'custom', from: 20, to: 5 }).success).toBe(false);
    expect(trafficMemoryOptions.safeParse({ range: 'custom', from: 0, to: 12 }).success).toBe(false);
  });
  it('no special cards by default', () => {
    expect(deck({ range: '1-50' }).every((c) => c.kind === 'car')).toBe(true);
  });
  it('with wilds, all 50 cards bring all eight Police and Ambulance cards', () => {
    const d = deck({ range: '1-50', wilds: true });
    expect(d.filter((c) => c.kind === 'police')).toHaveLength(4);
    expect(d.filter((c) => c.kind === 'ambulance')).toHaveLength(4);
  });
  it('with wilds, fewer cards bring proportionally fewer wilds: round(8·n/50)', () => {
    expect(deck({ range: '1-30', wilds: true }).filter((c) => c.value === null)).toHaveLength(5);
    expect(deck({ range: '26-50', wilds: true }).filter((c) => c.value === null)).toHaveLength(4);
    expect(deck({ range: '1-12', wilds: true }).filter((c) => c.value === null)).toHaveLength(2);
  });
  it('setup lays every card face down in a near-square grid and picks a random first player', () => {
    const o = trafficMemoryOptions.parse({ range: '1-30', wilds: true, players: 4 });
    const firsts = new Set<number>();
    for (let seed = 1; seed <= 20; seed++) {
      const s = game.setup(o, 4, seed, 0);
      expect(s.grid).toHaveLength(35);
      expect(s.columns).toBe(6);
      expect(game.publicView(s, 0).cells.every((c) => c.state === 'down')).toBe(true);
      firsts.add(s.turn);
    }
    expect(firsts.size).toBeGreaterThan(1);
  });
  it('seats range from 2 to 5', () => {
    expect(game.seatRange(trafficMemoryOptions.parse({}))).toEqual({ min: 2, max: 5 });
    expect(trafficMemoryOptions.safeParse({ players: 6 }).success).toBe(false);
  });
});

describe('end of the game', () => {
  it('no run is left in 1, 5, 9, 20; one is in 1, 5, 6', () => {
    expect(anyRunLeft(cards(1, 5, 9, 20))).toBe(false);
    expect(anyRunLeft(cards(1, 5, 6))).toBe(true);
  });
  it('a wild with two numbers two apart is a run left; a wild with far numbers is not', () => {
    expect(anyRunLeft(cards(5, 7, 'P'))).toBe(true);
    expect(anyRunLeft(cards(5, 9, 'P'))).toBe(false);
    expect(anyRunLeft(cards('P', 'A', 40))).toBe(true);
    expect(anyRunLeft(cards('P', 'A'))).toBe(false);
  });
  it('the game ends when no sequence can be made from the cards left face down', () => {
    const { s, events } = openAll(table([1, 2, 5, 9]), 0, [0, 1, 2]);
    expect(pile(s, 0)).toEqual([1, 2]);
    expect(s.phase).toBe('over');
    expect(events.at(-1)?.msg).toEqual({ key: 'traffic_memory:event.over_no_run' });
    expect(game.nextDeadline(s)).toBeNull();
    expect(refusal(s, 1, { type: 'open', pos: 2 }).code).toBe('game_over');
  });
  it('the game goes on while a sequence is still possible', () => {
    const { s } = openAll(table([1, 2, 5, 9, 10]), 0, [0, 1, 2]);
    expect(s.phase).toBe('flip');
  });
  it('most cards wins', () => {
    let s = table([1, 2, 20, 30, 31, 32, 40, 50]);
    s = openAll(s, 0, [0, 1, 2]).s;
    s = openAll(s, 1, [3, 4, 5, 6]).s;
    expect(s.phase).toBe('over');
    const r = game.result(s)!;
    expect(r.seats).toEqual([{ seat: 0, place: 2, score: 2 }, { seat: 1, place: 1, score: 3 }]);
    expect(r.summary).toEqual({ key: 'traffic_memory:summary.win', params: { seat: '@1', count: 3 } });
  });
  it('a tie for most cards is shared', () => {
    let s = table([1, 2, 20, 30, 31, 40]);
    s = openAll(s, 0, [0, 1, 2]).s;
    s = openAll(s, 1, [3, 4, 5]).s;
    const r = game.result(s)!;
    expect(r.seats.map((x) => x.place)).toEqual([1, 1]);
    expect(r.summary).toEqual({ key: 'traffic_memory:summary.shared', params: { seat: '@0', with: '@1', count: 2 } });
    expect(game.result(table([1, 2, 3, 4]))).toBeNull();
  });
});

describe('opening cards: who, which, when', () => {
  it('only the player whose turn it is may open', () => {
    expect(refusal(table([1, 2, 3, 4]), 1, { type: 'open', pos: 0 }).code).toBe('not_your_turn');
  });
  it('an open card cannot be opened again, nor an empty place or one outside the grid', () => {
    const { state: s } = act(table([1, 2, null, 4]), 0, { type: 'open', pos: 0 });
    expect(refusal(s, 0, { type: 'open', pos: 0 }).code).toBe('already_open');
    expect(refusal(s, 0, { type: 'open', pos: 2 }).code).toBe('no_card');
    expect(refusal(s, 0, { type: 'open', pos: 9 }).code).toBe('no_card');
    expect(game.actionSchema.safeParse({ type: 'open', pos: -1 }).success).toBe(false);
    expect(game.actionSchema.safeParse({ type: 'open', pos: 1.5 }).success).toBe(false);
  });
  it('the opened cards stay face up for everyone during the reveal, then are turned back and the turn passes', () => {
    const s0 = table([10, 22, 5, 6], { revealMs: 2000 });
    const { s } = openAll(s0, 0, [0, 1], 500);
    expect(s.phase).toBe('reveal');
    expect(game.nextDeadline(s)).toBe(2500);
    expect(game.publicView(s, 600).cells.slice(0, 2)).toEqual([
      { pos: 0, state: 'up', card: { id: 'car-10', kind: 'car', value: 10 } },
      { pos: 1, state: 'up', card: { id: 'car-22', kind: 'car', value: 22 } },
    ]);
    expect(refusal(s, 0, { type: 'open', pos: 2 }).code).toBe('not_now');
    expect(game.activeSeats(s)).toEqual([]);
    const after = advance(s, 2500).state;
    expect(after.phase).toBe('flip');
    expect(after.turn).toBe(1);
    expect(game.publicView(after, 2500).cells.every((c) => c.state === 'down')).toBe(true);
    expect(game.activeSeats(after)).toEqual([1]);
  });
});

describe('turn clock', () => {
  it('a player who does not open in time has a random face-down card opened for them', () => {
    const s0 = table([1, 20, 40, 41], { flipMs: 5000 });
    expect(game.nextDeadline(s0)).toBe(5000);
    expect(advance(s0, 4999).state).toEqual(s0);
    const { state: s, events } = advance(s0, 5000);
    expect(s.opened).toHaveLength(1);
    expect(events[0].msg).toEqual({ key: 'traffic_memory:event.opened_timeout', params: { seat: '@0', card: s.grid[s.opened[0]]!.value } });
    expect(game.nextDeadline(s)).toBe(10_000);
  });
  it('the clock restarts for each card and for each turn', () => {
    const { s } = openAll(table([1, 20, 40, 41], { flipMs: 5000 }), 0, [0], 3000);
    expect(game.nextDeadline(s)).toBe(8000);
    const next = act(s, 0, { type: 'open', pos: 1 }, 4000).state;
    expect(next.turn).toBe(1);
    expect(game.nextDeadline(next)).toBe(9000);
  });
  it('flipMs 0 turns the clock off', () => {
    expect(game.nextDeadline(table([1, 20, 40, 41], { flipMs: 0 }))).toBeNull();
  });
  it('the server keeps opening for an absent player until the turn ends', () => {
    let s = table([1, 20, 40, 41], { flipMs: 1000 });
    s = advance(s, 1000).state;
    s = advance(s, 2000).state;
    expect(s.flips).toBe(2);
    expect(s.seenAt.filter((x) => x !== null)).toHaveLength(2);
  });
});

describe('hidden information', () => {
  it('a face-down card is only a position in every view', () => {
    const s = act(table([17, 3, 'P', 30], { wilds: true }), 0, { type: 'open', pos: 1 }).state;
    const json = JSON.stringify([game.publicView(s, 100), game.seatView(s, 0, 100), game.seatView(s, 1, 100)]);
    expect(json).toContain('car-3');
    expect(json).not.toContain('car-17');
    expect(json).not.toContain('car-30');
    expect(json).not.toContain('police');
    expect(game.publicView(s, 100).cells[0]).toEqual({ pos: 0, state: 'down' });
  });
});

describe('bots', () => {
  it('a hard bot remembers a pair it has seen and opens it', () => {
    let s = table([1, 20, 40, 2, 33, 35]);
    s = openAll(s, 0, [0, 1]).s; // 1 and 20 shown, turned back
    s = openAll(s, 1, [2, 3]).s; // 40 and 2 shown, turned back
    const first = game.bot(s, 0, 'hard', new Rng(5).state, 100)!;
    expect([0, 3]).toContain(first.action.pos);
    s = act(s, 0, first.action).state;
    const second = game.bot(s, 0, 'hard', new Rng(6).state, 100)!;
    expect([0, 3]).toContain(second.action.pos);
    expect(first.action.pos).not.toBe(second.action.pos);
  });
  it('an easy bot forgets cards seen long ago more often than a hard bot', () => {
    let s = table([1, 20, 40, 2, 33, 35, 44, 46, 48, 11, 13, 15]);
    s = openAll(s, 0, [0, 1]).s;
    s = openAll(s, 1, [2, 3]).s;
    for (let i = 0; i < 4; i++) s = openAll(s, i % 2 === 0 ? 0 : 1, [4 + 2 * i, 5 + 2 * i]).s;
    expect(s.turn).toBe(0);
    let hard = 0, easy = 0;
    for (let seed = 1; seed <= 100; seed++) {
      if ([0, 3].includes(game.bot(s, 0, 'hard', new Rng(seed).state, 100)!.action.pos)) hard++;
      if ([0, 3].includes(game.bot(s, 0, 'easy', new Rng(seed).state, 100)!.action.pos)) easy++;
    }
    expect(hard).toBe(100);
    expect(easy).toBeLessThan(90);
  });
  it('bots wait a human-like moment and only play on their turn', () => {
    const s = table([1, 2, 3, 4]);
    expect(game.bot(s, 1, 'hard', new Rng(1).state, 0)).toBeNull();
    for (let seed = 1; seed < 30; seed++) {
      const d = game.bot(s, 0, seed % 2 ? 'hard' : 'easy', new Rng(seed).state, 0)!.delayMs;
      expect(d).toBeGreaterThanOrEqual(600);
      expect(d).toBeLessThan(2500);
    }
  });
});
