/**
 * Table sizing (docs/tournaments.md, "Table sizing").
 *
 * The target size T is first clamped into the game's seat range. Tables may then have T-1, T or
 * T+1 seats (within the range). Among the numbers of tables k that can seat everybody this way,
 * the one needing the fewest off-size tables wins (|N - kT| of them, each one seat off); on a
 * tie, more and smaller tables. Only when T±1 cannot seat N (N=2 for T=4, or N=9 for T=6) is
 * the allowance widened to T±2, T±3... up to the game's seat range, with sizes as even as
 * possible and the fewest seats off target. Byes only when even the game's whole seat range
 * cannot seat everybody (an odd player in a two-seat game, N not a multiple of four in a
 * four-seat game, N below the game's minimum): the fewest byes that leave a seatable number.
 */
import type { SeatRange } from './types.js';

export interface TablePlan {
  /** Seats per table, largest first. */
  sizes: number[];
  /** How many players sit this round out. */
  byes: number;
}

function split(n: number, target: number, range: SeatRange): number[] | null {
  for (let d = 1; ; d++) {
    const lo = Math.max(range.min, target - d);
    const hi = Math.min(range.max, target + d);
    let best: { sizes: number[]; cost: number } | null = null;
    for (let k = Math.ceil(n / hi); k <= Math.floor(n / lo); k++) {
      // As even as possible: n mod k tables get one seat more.
      const base = Math.floor(n / k);
      const sizes = Array.from({ length: k }, (_, i) => base + (i < n % k ? 1 : 0));
      const cost = sizes.reduce((c, s) => c + Math.abs(s - target), 0);
      if (best === null || cost < best.cost || (cost === best.cost && k > best.sizes.length)) best = { sizes, cost };
    }
    if (best) return best.sizes;
    if (lo === range.min && hi === range.max) return null;
  }
}

export function planTables(players: number, tableSize: number, range: SeatRange): TablePlan {
  if (!(range.min >= 1 && range.max >= range.min)) throw new Error(`bad seat range ${range.min}-${range.max}`);
  const target = Math.min(range.max, Math.max(range.min, Math.round(tableSize)));
  for (let seated = players; seated >= range.min; seated--) {
    const sizes = split(seated, target, range);
    if (sizes) return { sizes, byes: players - seated };
  }
  return { sizes: [], byes: Math.max(0, players) };
}
