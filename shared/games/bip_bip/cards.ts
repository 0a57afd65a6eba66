/**
 * The fixed deck (RULES-NOTES 4.1 [R] "The card art is unknown"): 40 regular cards in four shape
 * families of ten, 20 expert cards with one car of each colour and one required empty intersection.
 * Ids are stable: 0–9 I, 10–19 D, 20–29 L, 30–39 V, 40–59 expert (in the order listed below).
 */
export type Colour = 'R' | 'B' | 'Y';
/** A card cell: a car colour, or '_' for a required empty intersection. */
export type Mark = Colour | '_';
export type Family = 'I' | 'D' | 'L' | 'V' | 'square' | 'line' | 'lshape' | 'T';

export interface CardCell { x: number; y: number; what: Mark }

export interface Card {
  id: number;
  kind: 'regular' | 'expert';
  family: Family;
  /** RULES-NOTES notation: rows separated by '/', '.' = not part of the figure (I and D: colours along the line). */
  code: string;
  /** The figure as drawn (x to the east, y to the south), before any rotation. */
  cells: CardCell[];
}

const REGULAR: Record<'I' | 'D' | 'L' | 'V', string[]> = {
  I: ['RBY', 'RYB', 'BRY', 'RRY', 'BBY', 'RBB', 'BRB', 'BYY', 'RYR', 'YRY'],
  D: ['RBY', 'RYB', 'BRY', 'RRY', 'BBY', 'BYB', 'RBR', 'YRY', 'RYY', 'RBB'],
  L: ['RB/Y.', 'RY/B.', 'BR/Y.', 'BY/R.', 'YR/B.', 'YB/R.', 'YB/Y.', 'YY/B.', 'RR/B.', 'RB/R.'],
  V: ['B.Y/.R.', 'Y.B/.R.', 'R.Y/.B.', 'Y.R/.B.', 'R.B/.Y.', 'B.R/.Y.', 'R.B/.B.', 'B.R/.B.', 'R.Y/.Y.', 'Y.R/.Y.'],
};

const EXPERT: [Family, string[]][] = [
  ['square', ['RB/Y_', 'RB/_Y', 'RY/B_', 'RY/_B', 'R_/BY', 'R_/YB']],
  ['line', ['BRY_', 'RYB_', 'R_YB', 'RB_Y']],
  ['lshape', ['_./R./BY', 'Y./_./RB', 'R./B./_Y', 'B./R./Y_', '_./Y./RB']],
  ['T', ['_RB/.Y.', 'Y_R/.B.', 'RY_/.B.', 'RBY/._.', 'R_B/.Y.']],
];

function isSymbol(c: string): c is Mark {
  return c === 'R' || c === 'B' || c === 'Y' || c === '_';
}

function gridCells(code: string): CardCell[] {
  return code.split('/').flatMap((row, y) => [...row].flatMap((what, x) => (isSymbol(what) ? [{ x, y, what }] : [])));
}

function diagonalCells(code: string): CardCell[] {
  return [...code].flatMap((what, i) => (isSymbol(what) ? [{ x: i, y: i, what }] : []));
}

function buildDeck(): Card[] {
  const deck: Card[] = [];
  for (const family of ['I', 'D', 'L', 'V'] as const) {
    for (const code of REGULAR[family]) {
      deck.push({ id: deck.length, kind: 'regular', family, code, cells: family === 'D' ? diagonalCells(code) : gridCells(code) });
    }
  }
  for (const [family, codes] of EXPERT) {
    for (const code of codes) deck.push({ id: deck.length, kind: 'expert', family, code, cells: gridCells(code) });
  }
  return deck;
}

export const DECK: readonly Card[] = buildDeck();
export const REGULAR_IDS: readonly number[] = DECK.filter((c) => c.kind === 'regular').map((c) => c.id);
export const EXPERT_IDS: readonly number[] = DECK.filter((c) => c.kind === 'expert').map((c) => c.id);
/** Regular families in dealing order (RULES-NOTES 4.1: the deal is stratified by family). */
export const REGULAR_FAMILIES = ['I', 'D', 'L', 'V'] as const;

export function cardById(id: number): Card {
  const card = DECK[id];
  if (!card) throw new Error(`no card ${id}`);
  return card;
}

export const isExpert = (id: number): boolean => cardById(id).kind === 'expert';
