/** Took Over!: placements, take-overs, passes and their clocks (rulebook "How to Play", RULES-NOTES 1.5). */
import { edit } from '../edit.js';
import { ruleError, type Applied, type GameEvent } from '../contract.js';
import { msg, seatRef } from '../../i18n/msg.js';
import type { NumberedCard } from '../trafficcars_deck/cards.js';
import type { TookOverAction } from './actions.js';
import { fitting, insertSorted, playable, sideFor, takeOverGap } from './line.js';
import { cardList, cardParams } from './messages.js';
import { HAND_SIZE } from './options.js';
import type { TookOverState } from './state.js';

/** The player who may take over: the next one clockwise of the active player. */
export const takerOf = (s: TookOverState): number => (s.active + 1) % s.seats;

export function mayTakeOver(s: TookOverState, seat: number): boolean {
  if (seat === s.active) return false;
  return s.options.anyoneCanTakeOver || seat === takerOf(s);
}

/** "make sure he/she has 6 cards in the hand": draw from the own stack, privately. */
function refill(s: TookOverState, seat: number, events: GameEvent[]): void {
  const drawn = s.stacks[seat].splice(0, Math.max(0, HAND_SIZE - s.hands[seat].length));
  if (drawn.length === 0) return;
  s.hands[seat].push(...drawn);
  events.push({ type: 'drew', seat, count: drawn.length, msg: msg('took_over:event.drew', { seat: seatRef(seat), count: drawn.length }) });
  events.push({ type: 'drewCards', seat, cards: drawn, to: [seat], msg: msg('took_over:event.drew_cards', { count: drawn.length, cards: cardList(drawn) }) });
}

function checkWin(s: TookOverState, seat: number, events: GameEvent[]): boolean {
  if (s.hands[seat].length > 0 || s.stacks[seat].length > 0) return false;
  s.winner = seat;
  s.latest = null;
  events.push({ type: 'won', seat, msg: msg('took_over:event.won', { seat: seatRef(seat) }) });
  return true;
}

/** A new line: "The new round starts with an active player opening the top card from his/her stack." */
function openLine(s: TookOverState, events: GameEvent[]): void {
  const top = s.stacks[s.active].shift();
  if (top === undefined) {
    // [R] 1.5: with an empty stack the active player opens with any hand card (a 'place' on the empty line).
    events.push({ type: 'openFromHand', seat: s.active, msg: msg('took_over:event.open_from_hand', { seat: seatRef(s.active) }) });
    return;
  }
  s.line = [top];
  events.push({ type: 'opened', seat: s.active, card: top, msg: msg('took_over:event.opened', { seat: seatRef(s.active), ...cardParams(top) }) });
}

function giveTurn(s: TookOverState, seat: number, now: number): void {
  s.active = seat;
  s.latest = null;
  s.paceUntil = now;
  s.idleUntil = now + s.options.idleMs;
}

/**
 * The active player's turn ends: "Pass!" when no card fits, or a turn ending because the hand is empty
 * ("If the active player played all cards from his/her hand, the turn goes to the next player"). Either way
 * they refill to 6. When every player has passed in a row, the line is discarded.
 */
function endTurn(s: TookOverState, now: number, events: GameEvent[], auto: boolean): void {
  const seat = s.active;
  const emptied = s.hands[seat].length === 0;
  if (emptied) {
    events.push({ type: 'handPlayed', seat, msg: msg('took_over:event.hand_played', { seat: seatRef(seat) }) });
  } else {
    s.passes++;
    events.push({ type: 'passed', seat, auto, msg: msg(auto ? 'took_over:event.passed_auto' : 'took_over:event.passed', { seat: seatRef(seat) }) });
  }
  refill(s, seat, events);
  giveTurn(s, (seat + 1) % s.seats, now);
  if (s.passes >= s.seats) {
    s.discard.push(...s.line);
    s.line = [];
    s.passes = 0;
    events.push({ type: 'cleared', msg: msg('took_over:event.cleared') });
    openLine(s, events);
  }
}

function place(s: TookOverState, card: NumberedCard, now: number, events: GameEvent[], auto: boolean): void {
  const seat = s.active;
  const side = sideFor(s.line, card);
  s.hands[seat] = s.hands[seat].filter((c) => c.id !== card.id);
  s.line = side === 'left' ? [card, ...s.line] : [...s.line, card];
  // No take-over on an opening card (RULES-NOTES 1.5).
  s.latest = side === 'left' || side === 'right' ? { id: card.id, side, at: now } : null;
  s.paceUntil = now + s.options.paceMs;
  s.idleUntil = s.paceUntil + s.options.idleMs;
  s.passes = 0;
  const key = `took_over:event.placed_${side ?? 'open'}${auto ? '_auto' : ''}`;
  events.push({ type: 'placed', seat, card, side, auto, msg: msg(key, { seat: seatRef(seat), ...cardParams(card) }) });
  checkWin(s, seat, events);
}

function takeOver(s: TookOverState, seat: number, cards: NumberedCard[], now: number, events: GameEvent[]): void {
  const ids = new Set(cards.map((c) => c.id));
  s.hands[seat] = s.hands[seat].filter((c) => !ids.has(c.id));
  s.line = insertSorted(s.line, cards);
  s.passes = 0;
  events.push({ type: 'tookOver', seat, from: s.active, cards, msg: msg('took_over:event.took_over', { seat: seatRef(seat), from: seatRef(s.active), count: cards.length, cards: cardList(cards) }) });
  if (checkWin(s, seat, events)) return;
  // "After this, the turn goes to the Player Taking Over; all players take cards from their stacks to get six cards in hand."
  for (let i = 0; i < s.seats; i++) refill(s, (seat + i) % s.seats, events);
  giveTurn(s, seat, now);
}

function handCard(s: TookOverState, seat: number, id: string): NumberedCard | undefined {
  return s.hands[seat].find((c) => c.id === id);
}

export function applyTookOver(state: TookOverState, seat: number, action: TookOverAction, now: number): Applied<TookOverState> {
  if (state.winner !== null) return ruleError('game_over');
  const events: GameEvent[] = [];
  if (action.type === 'takeOver') {
    if (seat === state.active) return ruleError('active_cannot_take');
    if (!mayTakeOver(state, seat)) return ruleError('not_taker', { taker: seatRef(takerOf(state)) });
    const gap = takeOverGap(state.line, state.latest);
    if (gap === null) return ruleError('nothing_to_take');
    const cards: NumberedCard[] = [];
    for (const id of action.cards) {
      const c = handCard(state, seat, id);
      if (!c) return ruleError('not_in_hand');
      cards.push(c);
    }
    if (new Set(cards.map((c) => c.value)).size !== cards.length) return ruleError('same_number');
    const fits = new Set(fitting(cards, gap).map((c) => c.id));
    if (cards.some((c) => !fits.has(c.id))) {
      return ruleError('does_not_fit', { low: gap.low.value, high: gap.high.value });
    }
    // Cards are never changed in place: the new line and hands share them with the previous state.
    return accepted(state, events, (s) => takeOver(s, seat, cards, now, events));
  }
  if (seat !== state.active) return ruleError('not_your_turn');
  if (action.type === 'pass') {
    if (playable(state.line, state.hands[seat]).length > 0) return ruleError('can_play');
    if (now < state.paceUntil) return ruleError('too_soon_pass', { seconds: state.options.paceMs / 1000 });
    return accepted(state, events, (s) => endTurn(s, now, events, false));
  }
  const card = handCard(state, seat, action.card);
  if (!card) return ruleError('not_in_hand');
  if (sideFor(state.line, card) === null) {
    const [lo, hi] = [state.line[0].value, state.line[state.line.length - 1].value];
    return ruleError('place_does_not_fit', { low: lo, high: hi });
  }
  if (now < state.paceUntil) return ruleError('too_soon', { seconds: state.options.paceMs / 1000 });
  return accepted(state, events, (s) => place(s, card, now, events, false));
}

/** Applies a validated move to a copy-on-write draft of the state (shared/games/edit.ts). */
function accepted(state: TookOverState, events: GameEvent[], change: (s: TookOverState) => void): Applied<TookOverState> {
  const next = edit(state, (s) => { change(s); return events; });
  return { ok: true, state: next.state, events: next.result };
}

export function tookOverDeadline(s: TookOverState): number | null {
  if (s.winner !== null) return null;
  return playable(s.line, s.hands[s.active]).length === 0 ? s.paceUntil : s.idleUntil;
}

/** The card the server places for an idle player: the one closest to an end, leaving the smallest gap to take over. */
export function closestToEnd(line: readonly NumberedCard[], cards: readonly NumberedCard[]): NumberedCard {
  if (line.length === 0) return [...cards].sort((a, b) => a.value - b.value)[Math.floor((cards.length - 1) / 2)];
  const lo = line[0].value, hi = line[line.length - 1].value;
  const gap = (c: NumberedCard) => (c.value < lo ? lo - c.value : c.value - hi);
  return [...cards].sort((a, b) => gap(a) - gap(b) || a.value - b.value)[0];
}

/**
 * Due clocks: once the pace has run out, an active player with no fitting card passes (or, with an empty
 * hand, hands the turn on) automatically; one with a fitting card who stays idle has it placed ([R] 1.5).
 */
export function advanceTookOver(state: TookOverState, now: number): Applied<TookOverState> {
  const events: GameEvent[] = [];
  return accepted(state, events, (s) => {
    for (let guard = 0; guard < 50; guard++) {
      const due = tookOverDeadline(s);
      if (due === null || due > now) break;
      const cards = playable(s.line, s.hands[s.active]);
      if (cards.length === 0) endTurn(s, due, events, true);
      else place(s, closestToEnd(s.line, cards), due, events, true);
    }
  });
}
