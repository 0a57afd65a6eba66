/**
 * Table sizing (docs/tournaments.md, "Table sizing").
 *
 * The target size T is first clamped into the game's seat range. Tables may then have T-1, T or
 * T+1 seats (within the range). Among the numbers of tables k that can seat everybody this way,
 * the one needing the fewest off-size tables wins (|N - kT| of them, each one seat off);
 * on a tie, more and smaller tables. When N is too few even for a T-1 table but the game can
 * still be played by N, they make one table (an elimination final of two). Otherwise the players
 * that no split can seat get byes: the fewest byes that leave a seatable number (an odd player in
 * a two-seat game, three players for a four-seat-only game).
 */
import type { SeatRange } from './types.js';

export interface TablePlan {
  /** Seats per table, largest first. */
  sizes: number[];
  /** How many players sit this round out. */
  byes: number;
}

function splitInto(n: number, target: number, lo: number, hi: number): number[] | null {
  let best: { k: number; cost: number } | null = null;
  for (let k = Math.ceil(n / hi); k <= Math.floor(n / lo); k++) {
    const cost = Math.abs(n - k * target);
    if (best === null || cost < best.cost || (cost === best.cost && k > best.k)) best = { k, cost };
  }
  if (best === null) return null;
  const { k } = best;
  const sizes = new Array<number>(k).fill(target);
  const diff = n - k * target;
  for (let i = 0; i < Math.abs(diff); i++) {
    // Bigger tables go first (top tables), smaller ones last.
    if (diff > 0) sizes[i] += 1;
    else sizes[k - 1 - i] -= 1;
  }
  return sizes;
}

export function planTables(players: number, tableSize: number, range: SeatRange): TablePlan {
  if (!(range.min >= 1 && range.max >= range.min)) throw new Error(`bad seat range ${range.min}-${range.max}`);
  const target = Math.min(range.max, Math.max(range.min, Math.round(tableSize)));
  const lo = Math.max(range.min, target - 1);
  const hi = Math.min(range.max, target + 1);
  const all = splitInto(players, target, lo, hi);
  if (all) return { sizes: all, byes: 0 };
  // Too few for a T-1 table but enough for the game (an elimination final of two): one table.
  if (players >= range.min && players <= range.max) return { sizes: [players], byes: 0 };
  for (let seated = players - 1; seated >= lo; seated--) {
    const sizes = splitInto(seated, target, lo, hi);
    if (sizes) return { sizes, byes: players - seated };
  }
  return { sizes: [], byes: Math.max(0, players) };
}
