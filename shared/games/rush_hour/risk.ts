/**
 * What a placement costs right now: the "least costly row" used when a row choice times out
 * (RULES-NOTES 1.2 step 4), the "lowest-risk card" played when the pick clock runs out (the issue's
 * override of RULES-NOTES' random card), and the bots' evaluations.
 */
import { cardOf } from './cards.js';
import { cardChoice, cloneRows, placeAmbulances, placeCard, placePolice, placeTow, type CardChoice, type RowRules } from './rows.js';
import type { Play, Row, SpecialKind, Step } from './state.js';

export interface Outcome {
  row: number;
  /** Penalty points and cards the player takes. */
  points: number;
  cards: number;
  /** Slots in that row afterwards. */
  length: number;
}

function taken(steps: Step[], seat: number): { points: number; cards: number } {
  let points = 0;
  let cards = 0;
  for (const s of steps) if (s.kind === 'take' && s.seat === seat) { points += s.points; cards += s.cards.length; }
  return { points, cards };
}

export function placeSpecial(rows: Row[], special: SpecialKind, plays: Play[], choices: number[], rules: RowRules): Step[] {
  if (special === 'ambulance') return placeAmbulances(rows, plays, choices, rules);
  if (special === 'police') return placePolice(rows, plays, choices, rules);
  return plays.flatMap((play, i) => placeTow(rows, choices[i], play, rules));
}

const byCost = (a: Outcome, b: Outcome) => a.points - b.points || a.cards - b.cards || a.length - b.length;

/** Outcomes of a numbered card for each row it may take, least costly first (stable: the rule's row wins ties). */
export function cardOutcomes(rows: Row[], play: Play, choice: CardChoice, rules: RowRules): Outcome[] {
  return choice.rows.map((row) => {
    const copy = cloneRows(rows);
    const steps = placeCard(copy, row, choice.mode, play, rules);
    return { row, ...taken(steps, play.seat), length: copy[row].length };
  }).sort(byCost);
}

export function specialOutcomes(rows: Row[], special: SpecialKind, play: Play, rules: RowRules): Outcome[] {
  return rows.map((_, row) => {
    const copy = cloneRows(rows);
    const steps = placeSpecial(copy, special, [play], [row], rules);
    return { row, ...taken(steps, play.seat), length: copy[row].length };
  }).sort(byCost);
}

/** The least costly outcome of playing this card alone on the current rows. */
export function bestOutcome(rows: Row[], play: Play, rules: RowRules): Outcome {
  const card = cardOf(play.card, rules);
  if (card.kind === 'ambulance' || card.kind === 'police' || card.kind === 'tow') return specialOutcomes(rows, card.kind, play, rules)[0];
  return cardOutcomes(rows, play, cardChoice(rows, card, rules), rules)[0];
}

/** The card whose placement now costs the fewest points; ties: the shorter resulting row, then the lower card. */
export function lowestRiskCard(rows: Row[], hand: number[], seat: number, rules: RowRules): number {
  const scored = hand.map((card) => ({ card, o: bestOutcome(rows, { seat, card }, rules) }));
  scored.sort((a, b) => byCost(a.o, b.o) || a.card - b.card);
  return scored[0].card;
}

const KIND_ORDER = { ambulance: 0, police: 1, car: 2, trailer: 2, tow: 3 } as const;

/**
 * Plays one whole turn on a copy of the rows with every choice defaulted to the least costly row
 * (the bots' look-ahead). Returns the penalty points each seat would take.
 */
export function simulateTurn(rows: Row[], plays: Play[], rules: RowRules): Map<number, number> {
  const copy = cloneRows(rows);
  const points = new Map<number, number>();
  const order = plays.map((p) => ({ p, c: cardOf(p.card, rules) })).sort((a, b) =>
    KIND_ORDER[a.c.kind] - KIND_ORDER[b.c.kind] || (a.c.number ?? 0) - (b.c.number ?? 0) || (a.c.kind === 'car' ? 0 : 1) - (b.c.kind === 'car' ? 0 : 1));
  for (const { p, c } of order) {
    let steps: Step[];
    if (c.kind === 'ambulance' || c.kind === 'police' || c.kind === 'tow') {
      steps = placeSpecial(copy, c.kind, [p], [specialOutcomes(copy, c.kind, p, rules)[0].row], rules);
    } else {
      const choice = cardChoice(copy, c, rules);
      steps = placeCard(copy, cardOutcomes(copy, p, choice, rules)[0].row, choice.mode, p, rules);
    }
    points.set(p.seat, (points.get(p.seat) ?? 0) + taken(steps, p.seat).points);
  }
  return points;
}
