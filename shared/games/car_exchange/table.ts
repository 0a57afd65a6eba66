/** Deck, seating and turn-order helpers shared by setup and the rules. They change `s` in place. */
import { Rng } from '../../random.js';
import type { GameEvent } from '../contract.js';
import { msg } from '../../i18n/msg.js';
import type { CarExchangeState, Seat } from './state.js';

export function withRng<T>(s: CarExchangeState, f: (rng: Rng) => T): T {
  const rng = new Rng(s.rng);
  const out = f(rng);
  s.rng = rng.state;
  return out;
}

/**
 * Draw up to `n` cards for `seat`. An empty deck is rebuilt from every discard but the top one
 * (rulebook "use the last card played as the base of the discard pile"); if there are still not
 * enough cards, the player draws what exists (RULES-NOTES 2.7 "Empty deck").
 */
export function drawCards(s: CarExchangeState, seat: Seat, n: number, events: GameEvent[]): number[] {
  const drawn: number[] = [];
  for (let i = 0; i < n; i++) {
    if (s.deck.length === 0) reshuffle(s, events);
    const card = s.deck.pop();
    if (card === undefined) break;
    drawn.push(card);
  }
  s.hands[seat].push(...drawn);
  return drawn;
}

export function reshuffle(s: CarExchangeState, events: GameEvent[]): void {
  if (s.discard.length <= 1) return;
  const top = s.discard[s.discard.length - 1];
  const rest = s.discard.slice(0, -1);
  s.deck = withRng(s, (rng) => rng.shuffle(rest)).concat(s.deck);
  s.discard = [top];
  events.push({ type: 'reshuffle', cards: rest.length, msg: msg('car_exchange:event.reshuffle', { count: rest.length }) });
}

export function removeFromHand(s: CarExchangeState, seat: Seat, card: number): void {
  const hand = s.hands[seat];
  hand.splice(hand.indexOf(card), 1);
}

export const inPlay = (s: CarExchangeState, seat: Seat) => !s.out[seat];
export const playersLeft = (s: CarExchangeState) => s.out.filter((o) => !o).length;

/** The next seat clockwise still in the round, without consuming skipped turns. */
export function nextInPlay(s: CarExchangeState, from: Seat): Seat {
  for (let i = 1; i <= s.seats; i++) {
    const seat = (from + i) % s.seats;
    if (inPlay(s, seat)) return seat;
  }
  return from;
}

/** The seat whose turn comes after `from`, using up turns owed to `serviceStack` skips. */
export function nextTurn(s: CarExchangeState, from: Seat): Seat {
  let seat = nextInPlay(s, from);
  // Each pass either lands or lowers a skip counter, so this ends.
  for (let guard = 0; guard < 1000 && s.skips[seat] > 0 && playersLeft(s) > 1; guard++) {
    s.skips[seat]--;
    seat = nextInPlay(s, seat);
  }
  return seat;
}

export const previousSeat = (s: CarExchangeState, seat: Seat) => (seat + s.seats - 1) % s.seats;

export function topCard(s: CarExchangeState): number | null {
  return s.discard.length ? s.discard[s.discard.length - 1] : null;
}

/** CAR EXCHANGE and NEW CAR are laid in front of their player, not discarded. */
export function toTableau(s: CarExchangeState, seat: Seat, card: number): void {
  removeFromHand(s, seat, card);
  s.tableaux[seat].push(card);
}
