/**
 * The 4×4 board (RULES-NOTES 4.1): intersections a1–d4, index = row * 4 + column, the letter is the
 * column. Matching (4.2) and car moves (4.4) live here as pure functions of a board.
 */
import { Rng } from '../../random.js';
import { cardById, DECK, type Colour, type Mark } from './cards.js';

export const SIZE = 4;
export const CELLS = SIZE * SIZE;
export type Board = (Colour | null)[];

export const col = (cell: number): number => cell % SIZE;
export const row = (cell: number): number => Math.floor(cell / SIZE);
export const cellName = (cell: number): string => `${'abcd'[col(cell)]}${row(cell) + 1}`;

/** Board from rows like 'YRB.' (rows 1–4; missing rows are empty), for tests and docs. */
export function parseBoard(...rows: string[]): Board {
  const board: Board = Array.from({ length: CELLS }, () => null);
  rows.forEach((r, y) => [...r].forEach((ch, x) => {
    if (ch === 'R' || ch === 'B' || ch === 'Y') board[y * SIZE + x] = ch;
  }));
  return board;
}

/** Cars at random, one per intersection at most (3 of each colour). */
export function randomBoard(rng: Rng): Board {
  const cells = rng.shuffle(Array.from({ length: CELLS }, (_, i) => i));
  const board: Board = Array.from({ length: CELLS }, () => null);
  const cars: Colour[] = ['R', 'R', 'R', 'B', 'B', 'B', 'Y', 'Y', 'Y'];
  cars.forEach((car, i) => { board[cells[i]] = car; });
  return board;
}

/** One way to lay a card on the board: each cell of the figure with the symbol it must hold. */
export interface Placement { rotation: number; cells: { cell: number; what: Mark }[] }

/** Every rotation (never a mirror image: 4.2) at every shift that fits the board, duplicates removed. */
function placementsOf(cardId: number): Placement[] {
  const out: Placement[] = [];
  const seen = new Set<string>();
  let cells = cardById(cardId).cells.map((c) => ({ ...c }));
  for (let rotation = 0; rotation < 4; rotation++) {
    const minX = Math.min(...cells.map((c) => c.x));
    const minY = Math.min(...cells.map((c) => c.y));
    const norm = cells.map((c) => ({ x: c.x - minX, y: c.y - minY, what: c.what }));
    const w = Math.max(...norm.map((c) => c.x)) + 1;
    const h = Math.max(...norm.map((c) => c.y)) + 1;
    for (let dy = 0; dy + h <= SIZE; dy++) {
      for (let dx = 0; dx + w <= SIZE; dx++) {
        const placed = norm.map((c) => ({ cell: (c.y + dy) * SIZE + c.x + dx, what: c.what }));
        const key = placed.map((p) => `${p.cell}${p.what}`).sort().join();
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({ rotation, cells: placed });
      }
    }
    // A quarter turn clockwise on screen (y grows to the south).
    cells = cells.map((c) => ({ x: -c.y, y: c.x, what: c.what }));
  }
  return out;
}

export const PLACEMENTS: readonly Placement[][] = DECK.map((c) => placementsOf(c.id));

export const fits = (board: Board, p: Placement): boolean =>
  p.cells.every(({ cell, what }) => (what === '_' ? board[cell] === null : board[cell] === what));

/** How many cells of the placement already hold what the card shows (bots use it to build a figure). */
export const satisfied = (board: Board, p: Placement): number =>
  p.cells.reduce((n, { cell, what }) => n + ((what === '_' ? board[cell] === null : board[cell] === what) ? 1 : 0), 0);

export const carCells = (p: Placement): number[] => p.cells.filter((c) => c.what !== '_').map((c) => c.cell).sort((a, b) => a - b);

/**
 * The placement a claim names (4.2): the card matches the board, on the three cars pointed at when
 * `cars` is given. Null when it does not.
 */
export function findMatch(board: Board, cardId: number, cars?: readonly number[]): Placement | null {
  const wanted = cars ? [...cars].sort((a, b) => a - b).join() : null;
  return PLACEMENTS[cardId].find((p) => fits(board, p) && (wanted === null || carCells(p).join() === wanted)) ?? null;
}

export const adjacent = (a: number, b: number): boolean =>
  (row(a) === row(b) && Math.abs(col(a) - col(b)) === 1) || (col(a) === col(b) && Math.abs(row(a) - row(b)) === 1);

/** The car on `from` goes to `to`; a car already there takes the freed place (the two swap). */
export function moved(board: Board, from: number, to: number): Board {
  const next = board.slice();
  next[to] = board[from];
  next[from] = board[to];
  return next;
}

export const sameBoard = (a: Board, b: Board): boolean => a.every((x, i) => x === b[i]);

export type MoveProblem = 'no_car' | 'not_adjacent' | 'same_colour' | 'undo';

/** Why a step is not allowed on this board, given the board before the last move (4.4), or null. */
export function moveProblem(board: Board, before: Board | null, from: number, to: number): MoveProblem | null {
  if (board[from] === null) return 'no_car';
  if (!adjacent(from, to)) return 'not_adjacent';
  if (board[to] === board[from]) return 'same_colour';
  if (before && sameBoard(moved(board, from, to), before)) return 'undo';
  return null;
}

/** Every allowed step (ignoring who holds the light). */
export function legalSteps(board: Board, before: Board | null): { from: number; to: number }[] {
  const out: { from: number; to: number }[] = [];
  for (let from = 0; from < CELLS; from++) {
    if (board[from] === null) continue;
    for (const to of [from - SIZE, from + SIZE, col(from) > 0 ? from - 1 : -1, col(from) < SIZE - 1 ? from + 1 : -1]) {
      if (to < 0 || to >= CELLS) continue;
      if (moveProblem(board, before, from, to) === null) out.push({ from, to });
    }
  }
  return out;
}
