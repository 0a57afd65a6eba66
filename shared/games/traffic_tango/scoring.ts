/** Scoring (RULES-NOTES 3.7): garnets per delivery, and the end of the match. */
import type { Rng } from '../../random.js';
import type { CarReport } from './simulate.js';

/**
 * Garnets are ranked by steps, not gas. A tied group covering places p..q gets 5 − q each (the
 * rulebook's "reduced to the next tier"); a crash gets 0.
 */
export function deliveryGarnets(cars: readonly CarReport[]): number[] {
  return cars.map((car) => {
    if (car.crashed || car.steps === null) return 0;
    const steps = car.steps;
    const q = cars.filter((o) => !o.crashed && o.steps !== null && o.steps <= steps).length;
    return Math.max(0, 5 - q);
  });
}

/**
 * The bonus group is everyone at or below the second-lowest total: +2 each when all four are tied,
 * else +3 for a total shared with another group member and +5 for a unique one.
 */
export function finalBonus(gas: readonly number[]): number[] {
  const sorted = [...gas].sort((a, b) => a - b);
  if (sorted[0] === sorted[sorted.length - 1]) return gas.map(() => 2);
  const second = sorted[1];
  return gas.map((g) => (g > second ? 0 : gas.filter((o) => o === g).length > 1 ? 3 : 5));
}

/** Token of Life: the single lowest gas total; nobody when the lowest is tied. */
export function tokenOfLife(gas: readonly number[]): number | null {
  const low = Math.min(...gas);
  const at = gas.flatMap((g, seat) => (g === low ? [seat] : []));
  return at.length === 1 ? at[0] : null;
}

/** Lowest gas wins; ties go to more garnets, then fewer crashes, then the place is shared. */
export function places(gas: readonly number[], garnets: readonly number[], crashes: readonly number[]): number[] {
  const better = (a: number, b: number) =>
    gas[a] !== gas[b] ? gas[a] < gas[b] : garnets[a] !== garnets[b] ? garnets[a] > garnets[b] : crashes[a] < crashes[b];
  return gas.map((_, seat) => 1 + gas.filter((__, other) => better(other, seat)).length);
}

export const highestTied = (gas: readonly number[]): number[] => {
  const high = Math.max(...gas);
  return gas.flatMap((g, seat) => (g === high ? [seat] : []));
};

/** The default Elimination Candidate among tied players: fewest garnets, then random. */
export function defaultCandidate(tied: readonly number[], garnets: readonly number[], rng: Rng): number {
  const few = Math.min(...tied.map((s) => garnets[s]));
  return rng.pick(tied.filter((s) => garnets[s] === few));
}

/**
 * Who picks the Elimination Candidate when 2 or 3 players tie for the highest total. The issue says
 * "the winner's choice" (RULES-NOTES: the Token of Life holder): the sole first-placed player, who
 * is the Token holder whenever there is one. Null = nobody, the default applies.
 */
export function candidateChooser(gas: readonly number[], placeOf: readonly number[]): number | null {
  const tied = highestTied(gas);
  if (tied.length === 1 || tied.length === gas.length) return null;
  const firsts = placeOf.flatMap((p, seat) => (p === 1 ? [seat] : []));
  return firsts.length === 1 ? firsts[0] : null;
}
