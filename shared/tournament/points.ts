/**
 * Placement points (docs/tournaments.md, "Placement points").
 *
 * The organiser gives points by place for one table size, `[3, 2, 1, 0]` by default (a table of
 * four). Other sizes are scaled linearly so first always earns the first value and last the last:
 * place p of n sits at fraction (p-1)/(n-1) of the scale, read off the configured list with
 * linear interpolation. A table of 3 thus gives 3 / 1.5 / 0 and a table of 5 gives
 * 3 / 2.25 / 1.5 / 0.75 / 0, so a win is worth the same at every table of the night.
 * Tied players share the average of the places they cover.
 */

export const DEFAULT_PLACEMENT_POINTS: readonly number[] = [3, 2, 1, 0];

const round6 = (x: number): number => Math.round(x * 1e6) / 1e6;

/** Points for places 1..n at a table of n, with no ties. */
export function pointsBySize(scale: readonly number[], n: number): number[] {
  if (scale.length === 0) throw new Error('placement points need at least one value');
  if (n <= 1 || scale.length === 1) return new Array<number>(Math.max(n, 0)).fill(scale[0]);
  const out: number[] = [];
  for (let p = 0; p < n; p++) {
    const at = (p / (n - 1)) * (scale.length - 1);
    const i = Math.floor(at);
    const frac = at - i;
    const value = i + 1 < scale.length ? scale[i] + (scale[i + 1] - scale[i]) * frac : scale[i];
    out.push(round6(value));
  }
  return out;
}

/**
 * Points for each entry of `places` (same order), places as a game reports them: 1 = first,
 * equal numbers tie. Dense (1,1,2) and competition (1,1,3) rankings give the same result.
 */
export function pointsForPlaces(places: readonly number[], scale: readonly number[] = DEFAULT_PLACEMENT_POINTS): number[] {
  const byPlace = pointsBySize(scale, places.length);
  const order = places.map((place, i) => ({ place, i })).sort((a, b) => a.place - b.place || a.i - b.i);
  const out = new Array<number>(places.length).fill(0);
  for (let start = 0; start < order.length;) {
    let end = start;
    while (end + 1 < order.length && order[end + 1].place === order[start].place) end++;
    let sum = 0;
    for (let k = start; k <= end; k++) sum += byPlace[k];
    for (let k = start; k <= end; k++) out[order[k].i] = round6(sum / (end - start + 1));
    start = end + 1;
  }
  return out;
}

/** Competition ranking (1,1,3) of `places`: what a tied player's place is stored as. */
export function normalisePlaces(places: readonly number[]): number[] {
  return places.map((p) => 1 + places.filter((q) => q < p).length);
}

/** Default bye: the average points of a full table of the target size. */
export function defaultByePoints(scale: readonly number[], tableSize: number): number {
  const pts = pointsBySize(scale, tableSize);
  return round6(pts.reduce((a, b) => a + b, 0) / Math.max(pts.length, 1));
}
