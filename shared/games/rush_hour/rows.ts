/**
 * The three-lane traffic jam (RULES-NOTES 1.2 "Row model", "Placing a numbered card X",
 * "Ambulance", "Police", "Tow Truck"). Every function here changes the rows it is given in place:
 * callers pass a clone.
 */
import { cardOf, pointsOfAll, type Card, type DeckRules } from './cards.js';
import type { CardMode, Play, Row, Step } from './state.js';

export interface RowRules extends DeckRules {
  noHeavyJam: boolean;
  noTooSmallPenalty: boolean;
}

/** A fifth slot makes a heavy jam (rulebook "Traffic jam is too big"). */
const JAM_SLOTS = 5;

/** A deep copy (faster than structuredClone for the bots' look-ahead). */
export const cloneRows = (rows: Row[]): Row[] => rows.map((r) => r.map((slot) => slot.slice()));

/** Index of the last slot that holds cards (a free spot is only ever the last slot). */
export function lastFilled(row: Row): number {
  for (let i = row.length - 1; i >= 0; i--) if (row[i].length > 0) return i;
  return -1;
}

export const endsWithFree = (row: Row): boolean => row.length > 0 && row[row.length - 1].length === 0;

export function endCard(row: Row, rules: DeckRules): Card {
  const slot = row[lastFilled(row)];
  return cardOf(slot[slot.length - 1], rules);
}

/** A row whose end card has no number (Police or Ambulance on top) lets any card follow. */
export const isOpen = (row: Row, rules: DeckRules): boolean => endCard(row, rules).number === null;

export const rowCards = (row: Row): number[] => row.flat();

export interface CardChoice {
  mode: CardMode;
  /** Rows the player may choose, the rule's own row(s) first. */
  rows: number[];
}

/** Where a numbered card may go: closest lower end, or an open row, or (too small) any row. */
export function cardChoice(rows: Row[], card: Card, rules: RowRules): CardChoice {
  const x = card.number ?? 0;
  const ends = rows.map((r) => endCard(r, rules).number);
  const lower = ends.flatMap((n, i) => (n !== null && n < x ? [i] : []));
  const open = ends.flatMap((n, i) => (n === null ? [i] : []));
  if (lower.length > 0) {
    const closest = Math.max(...lower.map((i) => ends[i] ?? 0));
    return { mode: 'place', rows: [...lower.filter((i) => ends[i] === closest), ...open] };
  }
  if (open.length > 0) return { mode: 'place', rows: open };
  return { mode: rules.noTooSmallPenalty ? 'front' : 'tooSmall', rows: rows.map((_, i) => i) };
}

function take(r: number, seat: number, cards: number[], reason: Extract<Step, { kind: 'take' }>['reason'], rules: RowRules): Step {
  return { kind: 'take', seat, row: r, cards, points: pointsOfAll(cards, rules), reason };
}

/** Places a numbered card (ordinary car or Trailer) in row r. */
export function placeCard(rows: Row[], r: number, mode: CardMode, play: Play, rules: RowRules): Step[] {
  const row = rows[r];
  const { seat, card } = play;
  if (mode === 'tooSmall') {
    const taken = take(r, seat, rowCards(row), 'tooSmall', rules);
    rows[r] = [[card]];
    return [taken, { kind: 'place', seat, card, row: r, at: 'start' }];
  }
  if (mode === 'front') {
    // [R] 1.3 noTooSmallPenalty: the small card starts the row; no heavy-jam check for it.
    row.unshift([card]);
    return [{ kind: 'place', seat, card, row: r, at: 'front' }];
  }
  if (cardOf(card, rules).kind === 'trailer') {
    // A Trailer hooks onto the last car: never a new slot, never a heavy jam; a free spot stays.
    row[lastFilled(row)].push(card);
    return [{ kind: 'place', seat, card, row: r, at: 'stack' }];
  }
  if (endsWithFree(row)) {
    row[row.length - 1].push(card);
    return [{ kind: 'place', seat, card, row: r, at: 'free' }];
  }
  if (!rules.noHeavyJam && row.length >= JAM_SLOTS - 1) {
    const taken = take(r, seat, rowCards(row), 'jam', rules);
    rows[r] = [[card]];
    return [taken, { kind: 'place', seat, card, row: r, at: 'start' }];
  }
  row.push([card]);
  return [{ kind: 'place', seat, card, row: r, at: 'end' }];
}

/**
 * Ambulances of one turn, in priority order, each to its chosen row: each becomes the new first slot;
 * several in one row form one stack. Overflow: the owner of the top Ambulance takes the other slots.
 */
export function placeAmbulances(rows: Row[], plays: Play[], choices: number[], rules: RowRules): Step[] {
  const steps: Step[] = [];
  const stacks = new Map<number, { slot: number[]; top: number }>();
  plays.forEach(({ seat, card }, i) => {
    const r = choices[i];
    const stack = stacks.get(r);
    if (stack) {
      stack.slot.push(card);
      stack.top = seat;
      steps.push({ kind: 'place', seat, card, row: r, at: 'stack' });
    } else {
      const slot = [card];
      rows[r].unshift(slot);
      stacks.set(r, { slot, top: seat });
      steps.push({ kind: 'place', seat, card, row: r, at: 'front' });
    }
  });
  for (const [r, { slot, top }] of stacks) {
    if (rules.noHeavyJam || rows[r].length < JAM_SLOTS) continue;
    steps.push(take(r, top, rowCards(rows[r].slice(1)), 'ambulance', rules));
    rows[r] = [slot];
  }
  return steps;
}

/** Police of one turn: at the end of the chosen row (into a free spot if any), stacked per row. */
export function placePolice(rows: Row[], plays: Play[], choices: number[], rules: RowRules): Step[] {
  const steps: Step[] = [];
  const stacks = new Map<number, { slot: number[]; top: number; added: boolean }>();
  plays.forEach(({ seat, card }, i) => {
    const r = choices[i];
    const row = rows[r];
    const stack = stacks.get(r);
    if (stack) {
      stack.slot.push(card);
      stack.top = seat;
      steps.push({ kind: 'place', seat, card, row: r, at: 'stack' });
    } else if (endsWithFree(row)) {
      const slot = row[row.length - 1];
      slot.push(card);
      stacks.set(r, { slot, top: seat, added: false });
      steps.push({ kind: 'place', seat, card, row: r, at: 'free' });
    } else {
      const slot = [card];
      row.push(slot);
      stacks.set(r, { slot, top: seat, added: true });
      steps.push({ kind: 'place', seat, card, row: r, at: 'end' });
    }
  });
  for (const [r, { slot, top, added }] of stacks) {
    // [R] 1.2: a 5th slot created by Police: the top Police's owner takes the others.
    if (rules.noHeavyJam || !added || rows[r].length < JAM_SLOTS) continue;
    steps.push(take(r, top, rowCards(rows[r].slice(0, -1)), 'police', rules));
    rows[r] = [slot];
  }
  return steps;
}

/**
 * One Tow Truck: it loads the whole stack in front of it (that slot becomes the Tow Truck's) and
 * leaves a free spot behind; taking an existing free spot adds no slot. 5+ slots: its owner takes
 * every slot in front of it, leaving [Tow Truck with its load, free spot].
 */
export function placeTow(rows: Row[], r: number, play: Play, rules: RowRules): Step[] {
  const row = rows[r];
  const front = lastFilled(row);
  const loaded = row[front];
  row[front] = [play.card, ...loaded];
  if (!endsWithFree(row)) row.push([]);
  const steps: Step[] = [{ kind: 'tow', seat: play.seat, card: play.card, row: r, loaded: [...loaded] }];
  if (!rules.noHeavyJam && row.length >= JAM_SLOTS) {
    steps.push(take(r, play.seat, rowCards(row.slice(0, front)), 'tow', rules));
    rows[r] = row.slice(front);
  }
  return steps;
}
