/** Whether opened cards form a run (RULES-NOTES 1.4), and whether any run is left on the table. */
import { isNumbered, type TrafficcarsCard } from '../trafficcars_deck/cards.js';

function split(cards: readonly TrafficcarsCard[]): { numbers: number[]; wilds: number } {
  const numbers: number[] = [];
  let wilds = 0;
  for (const c of cards) {
    if (isNumbered(c)) numbers.push(c.value);
    else wilds++;
  }
  return { numbers, wilds };
}

/**
 * True while the player may (and must) go on opening. Two cards must be neighbours — "If numbers on the
 * open cards are neighbours ... then you can open a third card" — or include a wild, which cannot count
 * yet but does not end the turn (settlement [R] 1.4). From three cards on, the wilds fill the gaps.
 */
export function isRunnable(cards: readonly TrafficcarsCard[]): boolean {
  const { numbers, wilds } = split(cards);
  if (new Set(numbers).size !== numbers.length) return false;
  if (cards.length <= 1) return true;
  if (cards.length === 2) return wilds > 0 || Math.abs(numbers[0] - numbers[1]) === 1;
  if (numbers.length === 0) return true;
  const missing = Math.max(...numbers) - Math.min(...numbers) + 1 - numbers.length;
  return missing <= wilds;
}

/**
 * A run the player takes: three or more cards ("These Special Cards can replace any number, but only if
 * you have opened three or more cards"), or exactly two neighbouring numbers.
 */
export function isTakeable(cards: readonly TrafficcarsCard[]): boolean {
  if (!isRunnable(cards)) return false;
  if (cards.length >= 3) return true;
  if (cards.length < 2) return false;
  const { numbers } = split(cards);
  return numbers.length === 2 && Math.abs(numbers[0] - numbers[1]) === 1;
}

/**
 * "Game is over when you cannot create a sequence using the cards left on the table": some order of
 * face-down cards would be taken — two neighbours; a wild and two numbers at most 2 apart (a, wild, b);
 * or two wilds and any third card.
 */
export function anyRunLeft(faceDown: readonly TrafficcarsCard[]): boolean {
  const { numbers, wilds } = split(faceDown);
  const present = new Set(numbers);
  for (const n of present) {
    if (present.has(n + 1)) return true;
    if (wilds >= 1 && present.has(n + 2)) return true;
  }
  return wilds >= 2 && faceDown.length >= 3;
}
