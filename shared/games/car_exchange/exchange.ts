/** CAR EXCHANGE (rulebook "CAR EXCHANGE"; RULES-NOTES 2.7): swap with a counter window, under the pile, or on the fly. */
import type { GameEvent } from '../contract.js';
import { cardOf, seatName } from './cards.js';
import { passTo, settleFinished } from './flow.js';
import { refuse, wrongKind, type Refusal } from './legality.js';
import type { CarExchangeState, Seat } from './state.js';
import { drawCards, inPlay, nextTurn, toTableau } from './table.js';

export function exchange(s: CarExchangeState, seat: Seat, card: number, mode: 'swap' | 'bottom' | 'fly', target: number | undefined, now: number, events: GameEvent[]): Refusal | null {
  if (cardOf(card).kind !== 'exchange') return wrongKind('That card is not a Car Exchange.');
  if (mode === 'swap') {
    if (target === undefined || target === seat || target >= s.seats || !inPlay(s, target)) {
      return refuse({ code: 'bad_target', message: 'Choose an opponent still in the round to swap hands with.' });
    }
    if (s.hands[seat].length < 2) return refuse({ code: 'empty_hand', message: 'You need at least one other card to swap hands.' });
    toTableau(s, seat, card);
    s.pending = null;
    s.exchange = { by: seat, target, closesAt: now + s.options.exchangeWindowMs };
    s.turnDeadline = null;
    events.push({ type: 'exchange', seat, target, mode, closesAt: s.exchange.closesAt, text: `${seatName(seat)} wants to swap hands with ${seatName(target)}` });
    return null;
  }
  toTableau(s, seat, card);
  s.pending = null;
  if (mode === 'bottom') {
    // "Put all your cards on the bottom of the discard pile and take the same number of new cards."
    const old = s.hands[seat];
    s.hands[seat] = [];
    s.discard.unshift(...old);
    const drawn = drawCards(s, seat, old.length, events);
    events.push({ type: 'exchange', seat, mode, cards: old.length, text: `${seatName(seat)} put ${old.length} cards under the pile and drew ${drawn.length}` });
    events.push({ type: 'newHand', to: [seat], cards: drawn.map(cardOf), text: `You drew ${drawn.length} new cards` });
  } else {
    events.push({ type: 'exchange', seat, mode, text: `${seatName(seat)} played a Car Exchange on the fly` });
  }
  passTo(s, nextTurn(s, seat), now);
  return null;
}

/** The swap's target cancels it with their own CAR EXCHANGE; both cards stay in front of their owners. */
export function block(s: CarExchangeState, seat: Seat, card: number, now: number, events: GameEvent[]): Refusal | null {
  const x = s.exchange;
  if (!x) return refuse({ code: 'no_exchange', message: 'There is no Car Exchange to counter.' });
  if (x.target !== seat) return refuse({ code: 'not_target', message: 'Only the chosen opponent can counter this Car Exchange.' });
  if (!s.hands[seat].includes(card)) return refuse({ code: 'not_in_hand', message: 'You do not hold that card.' });
  if (cardOf(card).kind !== 'exchange') return wrongKind('Only a Car Exchange counters a Car Exchange.');
  toTableau(s, seat, card);
  s.exchange = null;
  events.push({ type: 'block', seat, by: x.by, text: `${seatName(seat)} countered with a Car Exchange: no swap` });
  passTo(s, nextTurn(s, x.by), now);
  settleFinished(s, seat, now, events);
  return null;
}

/** The counter window closed: the hands change owners without being shown to anybody else. */
export function completeSwap(s: CarExchangeState, now: number, events: GameEvent[]): void {
  const x = s.exchange;
  if (!x) return;
  s.exchange = null;
  const mine = s.hands[x.by];
  s.hands[x.by] = s.hands[x.target];
  s.hands[x.target] = mine;
  events.push({
    type: 'swapped', seat: x.by, target: x.target, counts: [s.hands[x.by].length, s.hands[x.target].length],
    text: `${seatName(x.by)} and ${seatName(x.target)} swapped hands`,
  });
  for (const seat of [x.by, x.target]) {
    events.push({ type: 'newHand', to: [seat], cards: s.hands[seat].map(cardOf), text: `Your new hand has ${s.hands[seat].length} cards` });
  }
  passTo(s, nextTurn(s, x.by), now);
}

