/** The deck and the matching rule (RULES-NOTES 4.1, 4.2 and tests 1–6 of 4.6). */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../random.js';
import { findMatch, legalSteps, moved, parseBoard, PLACEMENTS, randomBoard, type Board } from './board.js';
import { chooseStep } from './bot.js';
import { DECK, EXPERT_IDS, REGULAR_IDS } from './cards.js';
import { card } from './testing.js';

const at = (name: string): number => (Number(name[1]) - 1) * 4 + 'abcd'.indexOf(name[0]);
const matches = (id: number, ...rows: string[]) => findMatch(parseBoard(...rows), id) !== null;

describe('matching (4.2)', () => {
  const rby = card('L', 'RB/Y.');
  it('4.6-1: card RB/Y. on .B.. YRB. .B.. is valid (turned a quarter)', () => {
    expect(matches(rby, '.B..', 'YRB.', '.B..')).toBe(true);
  });
  it('4.6-2: a mirror image does not match: RB/Y. on .Y.. .RB. is invalid, RY/B. is valid there', () => {
    expect(matches(rby, '.Y..', '.RB.')).toBe(false);
    expect(matches(card('L', 'RY/B.'), '.Y..', '.RB.')).toBe(true);
  });
  it('4.6-3: swapped colours do not match: RB/Y. on .... .BR. .Y.. is invalid', () => {
    expect(matches(rby, '....', '.BR.', '.Y..')).toBe(false);
  });
  it('4.6-4: a missing car (a gap) does not match: RBY on R.BY is invalid, on .... .... YBR. valid (half turn)', () => {
    expect(matches(card('I', 'RBY'), 'R.BY')).toBe(false);
    expect(matches(card('I', 'RBY'), '....', '....', 'YBR.')).toBe(true);
  });
  it('4.6-5: diagonal card RBY on ..Y. .B.. R... is valid', () => {
    expect(matches(card('D', 'RBY'), '..Y.', '.B..', 'R...')).toBe(true);
  });
  it('4.6-6: expert card RB/Y_ needs its empty intersection empty: invalid on RB.. YR.., valid on RB.. Y...', () => {
    expect(matches(card('square', 'RB/Y_'), 'RB..', 'YR..')).toBe(false);
    expect(matches(card('square', 'RB/Y_'), 'RB..', 'Y...')).toBe(true);
  });
  it('an extra car in the figure does not match: RB/Y. with a car of another colour on Y', () => {
    expect(matches(rby, 'RB..', 'B...')).toBe(false);
  });
  it('intersections outside the figure may hold anything: V card B.Y/.R. with a car between B and Y', () => {
    expect(matches(card('V', 'B.Y/.R.'), 'BRY.', '.R..')).toBe(true);
  });
  it('a claim naming three cars matches only on those cars', () => {
    const board = parseBoard('RBY.', 'RBY.');
    const id = card('I', 'RBY');
    expect(findMatch(board, id, [at('a1'), at('b1'), at('c1')])).not.toBeNull();
    expect(findMatch(board, id, [at('a2'), at('b2'), at('c2')])).not.toBeNull();
    expect(findMatch(board, id, [at('a1'), at('b2'), at('c1')])).toBeNull();
  });
  it('rotations reach all four directions: a vertical RBY read upward matches', () => {
    expect(matches(card('I', 'RBY'), '.Y..', '.B..', '.R..')).toBe(true);
  });
});

function boardFor(id: number): Board {
  const p = PLACEMENTS[id][0];
  const board: Board = Array.from({ length: 16 }, () => null);
  const left = { R: 3, B: 3, Y: 3 };
  for (const { cell, what } of p.cells) if (what !== '_') { board[cell] = what; left[what]--; }
  const reserved = new Set(p.cells.map((c) => c.cell));
  const free = board.map((_, i) => i).filter((i) => !reserved.has(i));
  (['R', 'B', 'Y'] as const).forEach((c) => { for (; left[c] > 0; left[c]--) board[free.shift()!] = c; });
  return board;
}

describe('the deck (4.1)', () => {
  it('holds 40 regular cards (10 per family I, D, L, V) and 20 expert cards', () => {
    expect(REGULAR_IDS).toHaveLength(40);
    expect(EXPERT_IDS).toHaveLength(20);
    for (const f of ['I', 'D', 'L', 'V']) expect(DECK.filter((c) => c.family === f)).toHaveLength(10);
  });
  it('regular cards have three cars, never one colour; each family shows 10 of each colour', () => {
    for (const f of ['I', 'D', 'L', 'V']) {
      const cells = DECK.filter((c) => c.family === f).flatMap((c) => c.cells);
      for (const colour of ['R', 'B', 'Y']) expect(cells.filter((x) => x.what === colour)).toHaveLength(10);
    }
    for (const id of REGULAR_IDS) {
      const cs = DECK[id].cells;
      expect(cs).toHaveLength(3);
      expect(new Set(cs.map((c) => c.what)).size).toBeGreaterThan(1);
    }
  });
  it('expert cards have one red, one blue, one yellow car and one empty intersection', () => {
    for (const id of EXPERT_IDS) expect(DECK[id].cells.map((c) => c.what).sort()).toEqual(['B', 'R', 'Y', '_']);
  });
  it('no two cards are the same figure up to rotation', () => {
    const key = (id: number) => PLACEMENTS[id].map((p) => p.cells.map((c) => `${c.cell}${c.what}`).sort().join()).sort().join('|');
    expect(new Set(DECK.map((c) => key(c.id))).size).toBe(60);
  });
  it('every card is achievable: some board of 3 red, 3 blue, 3 yellow cars matches it', () => {
    for (const c of DECK) expect(findMatch(boardFor(c.id), c.id), c.code).not.toBeNull();
  });
  it('every card is reachable by legal moves from a random board (alternating movers building it)', () => {
    const rng = new Rng(42);
    for (const c of DECK) {
      let board = randomBoard(rng);
      let before: Board | null = null;
      let steps = 0;
      while (findMatch(board, c.id) === null && steps < 200) {
        const step = chooseStep(board, before, [c.id], 'hard', rng) ?? rng.pick(legalSteps(board, before));
        before = board;
        board = moved(board, step.from, step.to);
        steps++;
      }
      expect(findMatch(board, c.id), `${c.family} ${c.code}`).not.toBeNull();
    }
  });
});
