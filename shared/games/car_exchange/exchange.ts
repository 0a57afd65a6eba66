/** CAR EXCHANGE (rulebook "CAR EXCHANGE"; RULES-NOTES 2.7): swap with a counter window, under the pile, or on the fly. */
import type { GameEvent } from '../contract.js';
import { msg, seatRef } from '../../i18n/msg.js';
import { cardOf } from './cards.js';
import { passTo, settleFinished } from './flow.js';
import { refuse, wrongKind, type Refusal } from './legality.js';
import type { CarExchangeState, Seat } from './state.js';
import { drawCards, inPlay, nextTurn, toTableau } from './table.js';

export function exchange(s: CarExchangeState, seat: Seat, card: number, mode: 'swap' | 'bottom' | 'fly', target: number | undefined, now: number, events: GameEvent[]): Refusal | null {
  if (cardOf(card).kind !== 'exchange') return wrongKind('exchange');
  if (mode === 'swap') {
    if (target === undefined || target === seat || target >= s.seats || !inPlay(s, target)) {
      return refuse({ code: 'bad_target' });
    }
    if (s.hands[seat].length < 2) return refuse({ code: 'empty_hand' });
    toTableau(s, seat, card);
    s.pending = null;
    s.exchange = { by: seat, target, closesAt: now + s.options.exchangeWindowMs };
    s.turnDeadline = null;
    events.push({ type: 'exchange', seat, target, mode, closesAt: s.exchange.closesAt, msg: msg('car_exchange:event.swap_asked', { seat: seatRef(seat), target: seatRef(target) }) });
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
    events.push({ type: 'exchange', seat, mode, cards: old.length, msg: msg('car_exchange:event.exchange_bottom', { seat: seatRef(seat), count: old.length, drawn: drawn.length }) });
    events.push({ type: 'newHand', to: [seat], cards: drawn.map(cardOf), msg: msg('car_exchange:event.new_cards', { count: drawn.length }) });
  } else {
    events.push({ type: 'exchange', seat, mode, msg: msg('car_exchange:event.exchange_fly', { seat: seatRef(seat) }) });
  }
  passTo(s, nextTurn(s, seat), now);
  return null;
}

/** The swap's target cancels it with their own CAR EXCHANGE; both cards stay in front of their owners. */
export function block(s: CarExchangeState, seat: Seat, card: number, now: number, events: GameEvent[]): Refusal | null {
  const x = s.exchange;
  if (!x) return refuse({ code: 'no_exchange' });
  if (x.target !== seat) return refuse({ code: 'not_target' });
  if (!s.hands[seat].includes(card)) return refuse({ code: 'not_in_hand' });
  if (cardOf(card).kind !== 'exchange') return refuse({ code: 'counter_with_exchange' });
  toTableau(s, seat, card);
  s.exchange = null;
  events.push({ type: 'block', seat, by: x.by, msg: msg('car_exchange:event.blocked', { seat: seatRef(seat), by: seatRef(x.by) }) });
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
    msg: msg('car_exchange:event.swapped', { seat: seatRef(x.by), target: seatRef(x.target) }),
  });
  for (const seat of [x.by, x.target]) {
    events.push({ type: 'newHand', to: [seat], cards: s.hands[seat].map(cardOf), msg: msg('car_exchange:event.new_hand', { count: s.hands[seat].length }) });
  }
  passTo(s, nextTurn(s, x.by), now);
}

