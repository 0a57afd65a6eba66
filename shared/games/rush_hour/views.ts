/**
 * What clients see (RULES-NOTES 1.2 End: hands and chosen cards are secret until revealed; rows
 * and penalty totals are public). Before the reveal a pick is only a `picked` flag; a secret row
 * choice of an Ambulance, Police or Tow Truck owner is only a `chosen` flag until applied.
 */
import { cardOf, pointsOfAll, type Card } from './cards.js';
import { endCard, isOpen } from './rows.js';
import type { RushHourOptions } from './options.js';
import type { CardMode, Row, RushHourState, SpecialKind, Step } from './state.js';

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

function publicRow(s: RushHourState, row: Row): PublicRow {
  return {
    slots: row.map((slot) => (slot.length === 0 ? { free: true } : { cards: slot.map((id) => cardOf(id, s.options)) })),
    end: endCard(row, s.options).number,
    open: isOpen(row, s.options),
  };
}

function publicStep(s: RushHourState, step: Step): PublicStep {
  const c = (id: number) => cardOf(id, s.options);
  if (step.kind === 'take') return { ...step, cards: step.cards.map(c) };
  if (step.kind === 'tow') return { ...step, card: c(step.card), loaded: step.loaded.map(c) };
  return { ...step, card: c(step.card) };
}

export function rushHourPublicView(s: RushHourState): RushHourPublicView {
  const prompt = s.prompt;
  return {
    options: s.options,
    phase: s.over ? 'over' : s.pickDeadline !== null ? 'pick' : 'choose',
    deal: s.deal,
    turn: s.turn,
    lead: s.lead,
    priority: Array.from({ length: s.seats }, (_, i) => (s.lead + i) % s.seats),
    pickDeadline: s.pickDeadline,
    prompt: !prompt ? null : prompt.kind === 'group'
      ? { kind: 'group', special: prompt.special, seats: prompt.plays.map((p) => p.seat), chosen: prompt.choices.map((c) => c !== null), deadline: prompt.deadline }
      : { kind: 'card', seat: prompt.play.seat, card: cardOf(prompt.play.card, s.options), mode: prompt.mode, rows: prompt.rows, deadline: prompt.deadline },
    rows: s.rows.map((row) => publicRow(s, row)),
    players: s.hands.map((hand, seat) => ({
      seat,
      handCount: hand.length,
      picked: s.picks[seat] !== null,
      pile: s.piles[seat].map((id) => cardOf(id, s.options)),
      points: s.banked[seat].points + pointsOfAll(s.piles[seat], s.options),
      cardsTaken: s.banked[seat].cards + s.piles[seat].length,
    })),
    lastTurn: s.lastTurn && {
      deal: s.lastTurn.deal,
      turn: s.lastTurn.turn,
      revealed: s.lastTurn.revealed.map((p) => ({ seat: p.seat, card: cardOf(p.card, s.options) })),
      rowsBefore: s.lastTurn.rowsBefore.map((row) => publicRow(s, row)),
      steps: s.lastTurn.steps.map((step) => publicStep(s, step)),
      timedOut: s.lastTurn.timedOut,
    },
    over: s.over,
  };
}

export function rushHourSeatView(s: RushHourState, seat: number): RushHourSeatView {
  const prompt = s.prompt;
  const hand = s.hands[seat] ?? [];
  const pick = s.picks[seat] ?? null;
  let secretRow: number | null = null;
  let canChoose: number[] = [];
  if (prompt?.kind === 'group') {
    const i = prompt.plays.findIndex((p) => p.seat === seat);
    if (i >= 0) { secretRow = prompt.choices[i]; canChoose = s.rows.map((_, r) => r); }
  } else if (prompt?.kind === 'card' && prompt.play.seat === seat) {
    canChoose = prompt.rows;
  }
  return { seat, hand: hand.map((id) => cardOf(id, s.options)), pick: pick === null ? null : cardOf(pick, s.options), secretRow, canChoose };
}
