/**
 * Bots play from what a client sees (public view + own seat view). Easy: the card that fits closest
 * behind a row end (ignoring how long that row is), and any cheapest row when asked. Hard: plays each card into
 * sampled turns of the other players to weigh the risk of each row, and the least costly row.
 */
import type { BotLevel, BotMove } from '../contract.js';
import { Rng, type RngState } from '../../random.js';
import { cardOf, deckFor } from './cards.js';
import type { RushHourAction } from './actions.js';
import { endCard, type RowRules } from './rows.js';
import { cardOutcomes, simulateTurn, specialOutcomes } from './risk.js';
import type { Row } from './state.js';
import type { PublicCard, PublicRow, RushHourPublicView, RushHourSeatView } from './views.js';

const PICK_DELAY: Record<BotLevel, [number, number]> = { easy: [1500, 4500], hard: [700, 2500] };
const CHOICE_DELAY: Record<BotLevel, [number, number]> = { easy: [1000, 3000], hard: [500, 1500] };
/** Look-ahead deals per decision, and how much a loose fit counts against a card (points per number of gap). */
const SAMPLES = 8;
const GAP_WEIGHT = 0.02;

const idRows = (rows: PublicRow[]): Row[] => rows.map((r) => r.slots.map((slot) => ('free' in slot ? [] : slot.cards.map((c) => c.id))));

export function rushHourBotMove(pub: RushHourPublicView, mine: RushHourSeatView, seat: number, level: BotLevel, rngState: RngState): BotMove<RushHourAction> | null {
  const rng = new Rng(rngState);
  const action = decide(pub, mine, seat, level, rng);
  if (!action) return null;
  const [lo, hi] = (action.type === 'pick' ? PICK_DELAY : CHOICE_DELAY)[level];
  return { action, delayMs: lo + rng.int(hi - lo) };
}

export function rushHourViewBot(pub: RushHourPublicView, mine: RushHourSeatView, seat: number, rngState: RngState): RushHourAction | null {
  return decide(pub, mine, seat, 'hard', new Rng(rngState));
}

function decide(pub: RushHourPublicView, mine: RushHourSeatView, seat: number, level: BotLevel, rng: Rng): RushHourAction | null {
  if (pub.over) return null;
  const rules = pub.options;
  const rows = idRows(pub.rows);
  const prompt = pub.prompt;
  if (prompt && mine.canChoose.length > 0 && mine.secretRow === null) {
    const outcomes = prompt.kind === 'group'
      ? specialOutcomes(rows, prompt.special, { seat, card: myRevealed(pub, seat) }, rules)
      : cardOutcomes(rows, { seat, card: prompt.card.id }, { mode: prompt.mode, rows: prompt.rows }, rules);
    const cheapest = outcomes.filter((o) => o.points === outcomes[0].points);
    return { type: 'row', row: level === 'hard' ? outcomes[0].row : rng.pick(cheapest).row };
  }
  if (pub.phase !== 'pick' || pub.players[seat]?.picked || mine.hand.length === 0) return null;
  const card = level === 'hard' ? hardPick(pub, mine, seat, rows, rules, rng) : easyPick(mine.hand, rows, rules);
  return { type: 'pick', card };
}

/** The special vehicle this seat revealed this turn (its row is being asked). */
function myRevealed(pub: RushHourPublicView, seat: number): number {
  return pub.lastTurn?.revealed.find((p) => p.seat === seat)?.card.id ?? 0;
}

/** Easy: the card that fits most tightly behind a row end, whatever the length of that row. */
function easyPick(hand: PublicCard[], rows: Row[], rules: RowRules): number {
  return closestFit(hand.map((c) => c.id), endNumbers(rows, rules), rules);
}

/** Hard: deals the unseen cards to the others many times, lets them play their closest fits, and plays
 * each of its own cards into that turn; the card with the lowest average penalty wins (ties: the tighter fit). */
function hardPick(pub: RushHourPublicView, mine: RushHourSeatView, seat: number, rows: Row[], rules: RowRules, rng: Rng): number {
  const visible = new Set([...rows.flat(2), ...pub.players.flatMap((p) => p.pile.map((c) => c.id)), ...mine.hand.map((c) => c.id)]);
  const unseen = deckFor(pub.options).filter((id) => !visible.has(id));
  const others = pub.players.filter((p) => p.seat !== seat && p.handCount > 0);
  const ends = endNumbers(rows, rules);
  const cost = new Map<number, number>(mine.hand.map((c) => [c.id, 0]));
  for (let k = 0; k < SAMPLES; k++) {
    const pool = rng.shuffle(unseen);
    const plays = others.map((p) => ({ seat: p.seat, card: closestFit(pool.splice(0, p.handCount), ends, rules) }));
    for (const c of mine.hand) {
      const points = simulateTurn(rows, [...plays, { seat, card: c.id }], rules).get(seat) ?? 0;
      cost.set(c.id, (cost.get(c.id) ?? 0) + points);
    }
  }
  const scored = mine.hand.map((c) => ({ id: c.id, cost: (cost.get(c.id) ?? 0) / SAMPLES, gap: gapOf(c, ends) }));
  scored.sort((a, b) => a.cost + a.gap * GAP_WEIGHT - (b.cost + b.gap * GAP_WEIGHT) || a.id - b.id);
  return scored[0].id;
}

const endNumbers = (rows: Row[], rules: RowRules): number[] =>
  rows.flatMap((r) => { const n = endCard(r, rules).number; return n === null ? [] : [n]; });

/** How far a card lands behind the end it follows (100 for specials and too-small cards). */
function gapOf(c: PublicCard, ends: number[]): number {
  if (c.number === null) return 100;
  let best = 100;
  for (const e of ends) if (e < c.number && c.number - e < best) best = c.number - e;
  return best;
}

/** The card that fits most tightly behind a row end (easy's play, and hard's model of the others). */
function closestFit(hand: number[], ends: number[], rules: RowRules): number {
  let best = { id: hand[0], gap: Infinity };
  for (const id of hand) {
    const gap = gapOf(cardOf(id, rules), ends);
    if (gap < best.gap || (gap === best.gap && id < best.id)) best = { id, gap };
  }
  return best.id;
}
