/** Matching and the final check (RULES-NOTES 5.1–5.3). */
import { CAR_TYPES, carOf, sharedFeatures, type Car } from './cards.js';
import type { RailwayPlayer } from './state.js';

export type MatchRule = RailwayPlayer['rule'];

/** Can `next` follow `previous` (the car before it, or the locomotive) under this rule? */
export function follows(rule: MatchRule, previous: Car, next: Car, locomotive: Car): boolean {
  if (rule === 'sameTypeAsLocomotive') return next.type === locomotive.type;
  const shared = sharedFeatures(previous, next);
  return rule === 'exactlyOne' ? shared === 1 : shared >= 1;
}

/**
 * Final check: the first car that does not match the car before it is lost, together with
 * every car after it. Returns the valid prefix.
 */
export function validPrefix(rule: MatchRule, locomotive: Car, train: readonly number[]): number[] {
  const valid: number[] = [];
  let previous = locomotive;
  for (const id of train) {
    const car = carOf(id);
    if (!follows(rule, previous, car, locomotive)) break;
    valid.push(id);
    previous = car;
  }
  return valid;
}

/** Tie-break: the most cars of a single type. */
export function mostOfOneType(cards: readonly number[]): number {
  const counts = new Map<string, number>(CAR_TYPES.map((t) => [t, 0]));
  for (const id of cards) counts.set(carOf(id).type, (counts.get(carOf(id).type) ?? 0) + 1);
  return Math.max(0, ...counts.values());
}

/** The car a new card must follow: the last collected car, or the locomotive. */
export function lastCar(locomotive: Car, train: readonly number[]): Car {
  return train.length > 0 ? carOf(train[train.length - 1]) : locomotive;
}
