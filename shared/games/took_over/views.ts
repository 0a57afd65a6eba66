/**
 * What the table shows: the line and everyone's hand and stack sizes are public; a hand's cards are seen
 * only by its owner, and no stack's cards by anyone (RULES-NOTES 1.5, "Hands and stacks are hidden").
 */
import type { NumberedCard } from '../trafficcars_deck/cards.js';
import { fitting, playable, takeOverGap } from './line.js';
import { mayTakeOver, takerOf } from './rules.js';
import type { TookOverState } from './state.js';

export interface TookOverPublicView {
  phase: 'play' | 'over';
  line: NumberedCard[];
  active: number;
  /** Who may take over; null with the anyoneCanTakeOver option (every other seat may). */
  taker: number | null;
  /** The latest card that may be taken over, and the open interval a take-over must fit. */
  latest: { id: string; side: 'left' | 'right'; at: number } | null;
  gap: { low: number; high: number } | null;
  paceUntil: number;
  idleUntil: number;
  passes: number;
  players: { hand: number; stack: number }[];
  discarded: number;
  setAside: number;
  winner: number | null;
  paceMs: number;
}

export interface TookOverSeatView {
  seat: number;
  /** Own hand, in ascending order. */
  hand: NumberedCard[];
  /** Hand cards this seat may place now (if active; pace aside). */
  canPlace: string[];
  /** Hand cards that fit the take-over gap, if this seat may take over now. */
  canTakeOver: string[];
  canPass: boolean;
}

export function tookOverPublicView(s: TookOverState): TookOverPublicView {
  const gap = takeOverGap(s.line, s.latest);
  return {
    phase: s.winner === null ? 'play' : 'over',
    line: s.line.map((c) => ({ ...c })),
    active: s.active,
    taker: s.options.anyoneCanTakeOver ? null : takerOf(s),
    latest: s.latest ? { ...s.latest } : null,
    gap: gap ? { low: gap.low.value, high: gap.high.value } : null,
    paceUntil: s.paceUntil,
    idleUntil: s.idleUntil,
    passes: s.passes,
    players: s.hands.map((h, seat) => ({ hand: h.length, stack: s.stacks[seat].length })),
    discarded: s.discard.length,
    setAside: s.aside.length,
    winner: s.winner,
    paceMs: s.options.paceMs,
  };
}

export function tookOverSeatView(s: TookOverState, seat: number): TookOverSeatView {
  const hand = [...(s.hands[seat] ?? [])].sort((a, b) => a.value - b.value || a.id.localeCompare(b.id)).map((c) => ({ ...c }));
  const running = s.winner === null;
  const active = running && seat === s.active;
  const canPlace = active ? playable(s.line, hand).map((c) => c.id) : [];
  const canTakeOver = running && mayTakeOver(s, seat) ? fitting(hand, takeOverGap(s.line, s.latest)).map((c) => c.id) : [];
  return { seat, hand, canPlace, canTakeOver, canPass: active && canPlace.length === 0 };
}
