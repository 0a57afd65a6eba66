/**
 * What clients see (RULES-NOTES 1.2 End: hands and chosen cards are secret until revealed; rows
 * and penalty totals are public). Before the reveal a pick is only a `picked` flag; a secret row
 * choice of an Ambulance, Police or Tow Truck owner is only a `chosen` flag until applied.
 */
import { cardOf, pointsOfAll, type Card } from './cards.js';
import { endCard, isOpen } from './rows.js';
import type { RushHourOptions } from './options.js';
import { memoOn } from '../memo.js';
import type { CardMode, Prompt, Row, RushHourState, SpecialKind, Step, TurnRecord } from './state.js';

export type PublicCard = Card;
/** Bottom card first; only the top one counts. `free` is the spot behind a Tow Truck. */
export type PublicSlot = { free: true } | { cards: PublicCard[] };

export interface PublicRow {
  slots: PublicSlot[];
  /** Number on the end card, null when the end card is an Ambulance or Police. */
  end: number | null;
  /** Any card may follow (Police cortège or a lone Ambulance). */
  open: boolean;
}

export type PublicStep =
  | { kind: 'place'; seat: number; card: PublicCard; row: number; at: 'end' | 'free' | 'stack' | 'front' | 'start' }
  | { kind: 'take'; seat: number; row: number; cards: PublicCard[]; points: number; reason: 'jam' | 'tooSmall' | 'ambulance' | 'police' | 'tow' }
  | { kind: 'tow'; seat: number; card: PublicCard; row: number; loaded: PublicCard[] };

export interface PublicTurn {
  deal: number;
  turn: number;
  /** Every revealed card of the turn, in resolution order. */
  revealed: { seat: number; card: PublicCard }[];
  /** The rows as they were at the reveal, so the client can replay `steps` one by one. */
  rowsBefore: PublicRow[];
  steps: PublicStep[];
  timedOut: number[];
}

export type PublicPrompt =
  | { kind: 'group'; special: SpecialKind; seats: number[]; chosen: boolean[]; deadline: number }
  | { kind: 'card'; seat: number; card: PublicCard; mode: CardMode; rows: number[]; deadline: number };

export interface PublicPlayer {
  seat: number;
  handCount: number;
  picked: boolean;
  /** Penalty cards of this deal, face up. */
  pile: PublicCard[];
  /** Total over all deals. */
  points: number;
  cardsTaken: number;
}

export interface RushHourPublicView {
  options: RushHourOptions;
  phase: 'pick' | 'choose' | 'over';
  deal: number;
  turn: number;
  lead: number;
  /** Seats in priority order for this turn. */
  priority: number[];
  pickDeadline: number | null;
  prompt: PublicPrompt | null;
  rows: PublicRow[];
  players: PublicPlayer[];
  lastTurn: PublicTurn | null;
  over: boolean;
}

export interface RushHourSeatView {
  seat: number;
  hand: PublicCard[];
  pick: PublicCard | null;
  /** My secret row for my Ambulance, Police or Tow Truck, until the choices are applied. */
  secretRow: number | null;
  /** Rows I may answer with now (empty when nothing is asked of me). */
  canChoose: number[];
}

// Parts are memoised on the pieces of state they come from (shared/games/memo.ts), so an
// unchanged row, player, prompt or turn record keeps its view's reference and the mirror skips it.
const publicRow = memoOn((row: Row, options: RushHourOptions): PublicRow => ({
  slots: row.map((slot) => (slot.length === 0 ? { free: true } : { cards: slot.map((id) => cardOf(id, options)) })),
  end: endCard(row, options).number,
  open: isOpen(row, options),
}));
const rowsView = memoOn((rows: readonly Row[], options: RushHourOptions) => rows.map((row) => publicRow(row, options)));

const publicStep = memoOn((step: Step, options: RushHourOptions): PublicStep => {
  const c = (id: number) => cardOf(id, options);
  if (step.kind === 'take') return { ...step, cards: step.cards.map(c) };
  if (step.kind === 'tow') return { ...step, card: c(step.card), loaded: step.loaded.map(c) };
  return { ...step, card: c(step.card) };
});

const promptView = memoOn((prompt: Prompt, options: RushHourOptions): PublicPrompt => (prompt.kind === 'group'
  ? { kind: 'group', special: prompt.special, seats: prompt.plays.map((p) => p.seat), chosen: prompt.choices.map((c) => c !== null), deadline: prompt.deadline }
  : { kind: 'card', seat: prompt.play.seat, card: cardOf(prompt.play.card, options), mode: prompt.mode, rows: prompt.rows, deadline: prompt.deadline }));

const turnView = memoOn((t: TurnRecord, options: RushHourOptions): PublicTurn => ({
  deal: t.deal,
  turn: t.turn,
  revealed: t.revealed.map((p) => ({ seat: p.seat, card: cardOf(p.card, options) })),
  rowsBefore: rowsView(t.rowsBefore, options),
  steps: t.steps.map((step) => publicStep(step, options)),
  timedOut: t.timedOut,
}));

const playerView = memoOn((hand: readonly number[], seat: number, picked: boolean, pile: readonly number[], banked: { points: number; cards: number }, options: RushHourOptions): PublicPlayer => ({
  seat,
  handCount: hand.length,
  picked,
  pile: pile.map((id) => cardOf(id, options)),
  points: banked.points + pointsOfAll(pile, options),
  cardsTaken: banked.cards + pile.length,
}));
const playersView = memoOn((hands: readonly number[][], picks: readonly (number | null)[], piles: readonly number[][], banked: RushHourState['banked'], options: RushHourOptions) =>
  hands.map((hand, seat) => playerView(hand, seat, picks[seat] !== null, piles[seat], banked[seat], options)));

const seatView = memoOn((hand: readonly number[], seat: number, pick: number | null, prompt: Prompt | null, rows: number, options: RushHourOptions): RushHourSeatView => {
  let secretRow: number | null = null;
  let canChoose: number[] = [];
  if (prompt?.kind === 'group') {
    const i = prompt.plays.findIndex((p) => p.seat === seat);
    if (i >= 0) { secretRow = prompt.choices[i]; canChoose = Array.from({ length: rows }, (_, r) => r); }
  } else if (prompt?.kind === 'card' && prompt.play.seat === seat) {
    canChoose = prompt.rows;
  }
  return { seat, hand: hand.map((id) => cardOf(id, options)), pick: pick === null ? null : cardOf(pick, options), secretRow, canChoose };
});
const NO_HAND: number[] = [];

export function rushHourPublicView(s: RushHourState): RushHourPublicView {
  return {
    options: s.options,
    phase: s.over ? 'over' : s.pickDeadline !== null ? 'pick' : 'choose',
    deal: s.deal,
    turn: s.turn,
    lead: s.lead,
    priority: Array.from({ length: s.seats }, (_, i) => (s.lead + i) % s.seats),
    pickDeadline: s.pickDeadline,
    prompt: s.prompt && promptView(s.prompt, s.options),
    rows: rowsView(s.rows, s.options),
    players: playersView(s.hands, s.picks, s.piles, s.banked, s.options),
    lastTurn: s.lastTurn && turnView(s.lastTurn, s.options),
    over: s.over,
  };
}

export function rushHourSeatView(s: RushHourState, seat: number): RushHourSeatView {
  return seatView(s.hands[seat] ?? NO_HAND, seat, s.picks[seat] ?? null, s.prompt, s.rows.length, s.options);
}
