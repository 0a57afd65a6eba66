/**
 * What the table shows: the line and everyone's hand and stack sizes are public; a hand's cards are seen
 * only by its owner, and no stack's cards by anyone (RULES-NOTES 1.5, "Hands and stacks are hidden").
 */
import type { NumberedCard } from '../trafficcars_deck/cards.js';
import { fitting, playable, takeOverGap } from './line.js';
import { mayTakeOver, takerOf } from './rules.js';
import { memoOn } from '../memo.js';
import type { LatestPlacement, TookOverState } from './state.js';

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

// Parts are memoised on the pieces of state they come from (shared/games/memo.ts), so an
// unchanged line, list or hand keeps its view's reference and the mirror skips it. Cards are
// never changed in place, so the view shows the state's own card objects.
const playersView = memoOn((hands: readonly NumberedCard[][], stacks: readonly NumberedCard[][]) =>
  hands.map((h, seat) => ({ hand: h.length, stack: stacks[seat].length })));

const sortedHand = memoOn((hand: readonly NumberedCard[]) => [...hand].sort((a, b) => a.value - b.value || a.id.localeCompare(b.id)));

const seatView = memoOn((hand: readonly NumberedCard[], seat: number, active: boolean, mayTake: boolean, line: readonly NumberedCard[], latest: LatestPlacement | null): TookOverSeatView => {
  const sorted = sortedHand(hand);
  const canPlace = active ? playable(line, sorted).map((c) => c.id) : [];
  const canTakeOver = mayTake ? fitting(sorted, takeOverGap(line, latest)).map((c) => c.id) : [];
  return { seat, hand: sorted, canPlace, canTakeOver, canPass: active && canPlace.length === 0 };
});
const NO_HAND: NumberedCard[] = [];

export function tookOverPublicView(s: TookOverState): TookOverPublicView {
  const gap = takeOverGap(s.line, s.latest);
  return {
    phase: s.winner === null ? 'play' : 'over',
    line: s.line,
    active: s.active,
    taker: s.options.anyoneCanTakeOver ? null : takerOf(s),
    latest: s.latest,
    gap: gap ? { low: gap.low.value, high: gap.high.value } : null,
    paceUntil: s.paceUntil,
    idleUntil: s.idleUntil,
    passes: s.passes,
    players: playersView(s.hands, s.stacks),
    discarded: s.discard.length,
    setAside: s.aside.length,
    winner: s.winner,
    paceMs: s.options.paceMs,
  };
}

export function tookOverSeatView(s: TookOverState, seat: number): TookOverSeatView {
  const running = s.winner === null;
  const active = running && seat === s.active;
  const mayTake = running && mayTakeOver(s, seat);
  return seatView(s.hands[seat] ?? NO_HAND, seat, active, mayTake, s.line, s.latest);
}
