/**
 * The 5 × 5 city (RULES-NOTES 3.1): columns A–E west to east, rows 1–5 north to south.
 * A tile is an index 0..24 = row × 5 + column; its name is column letter + row number ("B2").
 */
export const SIZE = 5;
export const TILES = SIZE * SIZE;

export const DIRS = ['N', 'E', 'S', 'W'] as const;
export type Dir = (typeof DIRS)[number];

const DELTA: Record<Dir, [number, number]> = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };
export const OPPOSITE: Record<Dir, Dir> = { N: 'S', E: 'W', S: 'N', W: 'E' };

export const colOf = (tile: number): number => tile % SIZE;
export const rowOf = (tile: number): number => Math.floor(tile / SIZE);
export const tileAt = (col: number, row: number): number => row * SIZE + col;

export function tileName(tile: number): string {
  return `${'ABCDE'[colOf(tile)]}${rowOf(tile) + 1}`;
}

/** "B2" (any case) → tile index, or null when it is not a city tile. */
export function parseTile(name: string): number | null {
  const m = /^([A-Ea-e])([1-5])$/.exec(name);
  if (!m) return null;
  return tileAt(m[1].toUpperCase().charCodeAt(0) - 65, Number(m[2]) - 1);
}

/** The neighbour of a tile in a direction, or null past the edge of the city. */
export function step(tile: number, dir: Dir): number | null {
  const [dx, dy] = DELTA[dir];
  const c = colOf(tile) + dx;
  const r = rowOf(tile) + dy;
  if (c < 0 || c >= SIZE || r < 0 || r >= SIZE) return null;
  return tileAt(c, r);
}

/** The direction from a tile to an adjacent one, or null when they are not adjacent. */
export function dirBetween(from: number, to: number): Dir | null {
  for (const d of DIRS) if (step(from, d) === to) return d;
  return null;
}

export const CORNER_NAMES = ['NW', 'NE', 'SE', 'SW'] as const;
export type CornerName = (typeof CORNER_NAMES)[number];

/** RULES-NOTES 3.1: NW A1→E5, NE E1→A5, SE E5→A1, SW A5→E1. */
export const CORNER_TRIPS: Record<CornerName, { start: number; dest: number }> = {
  NW: { start: tileAt(0, 0), dest: tileAt(4, 4) },
  NE: { start: tileAt(4, 0), dest: tileAt(0, 4) },
  SE: { start: tileAt(4, 4), dest: tileAt(0, 0) },
  SW: { start: tileAt(0, 4), dest: tileAt(4, 0) },
};

export const isCorner = (tile: number): boolean =>
  (colOf(tile) === 0 || colOf(tile) === SIZE - 1) && (rowOf(tile) === 0 || rowOf(tile) === SIZE - 1);

/**
 * A line takes Speed Limits (RULES-NOTES 3.1): index 0..4 are columns A–E, 5..9 are rows 1–5.
 * Its public name is the column letter or the row number.
 */
export const LINE_NAMES = ['A', 'B', 'C', 'D', 'E', '1', '2', '3', '4', '5'] as const;
export type LineName = (typeof LINE_NAMES)[number];

export const lineIndex = (name: LineName): number => LINE_NAMES.indexOf(name);

/** The line through a tile that runs along a direction: the row for E/W moves, the column for N/S. */
export function lineAlong(tile: number, dir: Dir): number {
  return dir === 'E' || dir === 'W' ? SIZE + rowOf(tile) : colOf(tile);
}
