/** Paying a FINE chain (RULES-NOTES 2.5 "Accepting"; rulebook "drawing cards"). */
import type { GameEvent } from '../contract.js';
import { msg, seatRef } from '../../i18n/msg.js';
import { cardOf } from './cards.js';
import type { CarExchangeState, Seat } from './state.js';
import { drawCards, withRng } from './table.js';

/**
 * For each FINE in order, the receiver takes 2 cards from that FINE's player F: from F's hand
 * k = min(2, max(h − 1, 0)) at random (h = F's hand size at that moment), the rest from the deck.
 * A FINE the receiver played themself, or the opening FINE, is paid from the deck only.
 */
export function payFines(s: CarExchangeState, receiver: Seat, chain: readonly (Seat | null)[], events: GameEvent[]): void {
  const received: number[] = [];
  const takenFrom = new Map<Seat, number[]>();
  let fromDeck = 0;
  for (const fined of chain) {
    let fromHand: number[] = [];
    if (fined !== null && fined !== receiver) {
      const hand = s.hands[fined];
      const k = Math.min(2, Math.max(hand.length - 1, 0));
      fromHand = withRng(s, (rng) => rng.shuffle(hand).slice(0, k));
      s.hands[fined] = hand.filter((c) => !fromHand.includes(c));
      s.hands[receiver].push(...fromHand);
      takenFrom.set(fined, [...(takenFrom.get(fined) ?? []), ...fromHand]);
    }
    const drawn = drawCards(s, receiver, 2 - fromHand.length, events);
    fromDeck += drawn.length;
    received.push(...fromHand, ...drawn);
  }
  const fromHands = received.length - fromDeck;
  const how = fromHands === 0 ? 'fine_paid_deck' : fromDeck === 0 ? 'fine_paid_hands' : 'fine_paid';
  events.push({
    type: 'finePaid', seat: receiver, cards: received.length, fromDeck,
    fromHands: [...takenFrom].map(([from, cards]) => ({ seat: from, cards: cards.length })),
    msg: msg(`car_exchange:event.${how}`, { seat: seatRef(receiver), count: received.length, fromHands, fromDeck }),
  });
  events.push({ type: 'received', to: [receiver], cards: received.map(cardOf), msg: msg('car_exchange:event.received_penalty', { count: received.length }) });
  for (const [from, cards] of takenFrom) {
    if (cards.length) events.push({ type: 'taken', to: [from], cards: cards.map(cardOf), msg: msg('car_exchange:event.taken', { seat: seatRef(receiver), count: cards.length }) });
  }
}
