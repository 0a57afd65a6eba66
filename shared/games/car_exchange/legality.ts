/** Which card may be played now (rulebook "Depending on the last card played"; RULES-NOTES 2.3–2.5). */
import type { RuleError } from '../contract.js';
import { cardOf, describeCard } from './cards.js';
import type { CarExchangeState, Seat } from './state.js';
import { topCard } from './table.js';

const err = (code: string, message: string): RuleError => ({ code, message });

export type Refusal = { ok: false; error: RuleError };
export const refuse = (e: RuleError): Refusal => ({ ok: false, error: e });
export const wrongKind = (message: string): Refusal => refuse({ code: 'wrong_card', message });

/** Is it this seat's moment to make a turn move at all? */
export function turnRefusal(s: CarExchangeState, seat: Seat): RuleError | null {
  if (s.phase === 'over') return err('game_over', 'The game is over.');
  if (s.phase !== 'playing') return err('between_rounds', 'The next round has not started yet.');
  if (s.exchange) return err('exchange_window', 'Wait: a Car Exchange can still be countered.');
  if (s.newCarWindow && s.newCarWindow.closesAt !== null) return err('new_car_window', 'Wait: a New Car can still bring the last player back.');
  if (s.pending?.kind === 'dealerColour') {
    return seat === s.pending.dealer ? err('name_colour', 'Name the colour for the opening Paint Shop first.') : err('dealer_colour', 'Wait: the dealer is naming the colour.');
  }
  if (seat !== s.turn) return err('not_your_turn', 'It is not your turn.');
  return null;
}

/** Normal matching with no penalty pending: same colour as the active colour, or same value. */
export function matchesTop(s: CarExchangeState, id: number): boolean {
  const card = cardOf(id);
  if (card.colour === null) return true;
  if (card.colour === s.activeColour) return true;
  const topId = topCard(s);
  if (topId === null) return false;
  const top = cardOf(topId);
  if (card.kind === 'car') return top.kind === 'car' && top.value === card.value;
  return top.kind === card.kind;
}

const hasCar = (s: CarExchangeState, seat: Seat) => s.hands[seat].some((c) => cardOf(c).kind === 'car');

/** Why this seat may not start playing this card now (null = it may), assuming it is their turn. */
export function cardRefusal(s: CarExchangeState, seat: Seat, id: number): RuleError | null {
  if (!s.hands[seat].includes(id)) return err('not_in_hand', 'You do not hold that card.');
  const card = cardOf(id);
  const p = s.pending;
  const grey = card.colour === null;
  if (p?.kind === 'service') {
    return card.kind === 'service' ? null : err('penalty_pending', grey
      ? 'A special card cannot counter a penalty: play a Service or skip your turn.'
      : 'You face a Service: counter it with a Service or skip your turn.');
  }
  if (p?.kind === 'fine') {
    return card.kind === 'fine' ? null : err('penalty_pending', grey
      ? 'A special card cannot counter a penalty: play a Fine or take the penalty cards.'
      : 'You face a Fine: counter it with a Fine or take the penalty cards.');
  }
  if (p?.kind === 'garage') {
    if (card.kind === 'car') return null;
    if (card.kind === 'garage') return hasCar(s, seat) ? null : err('no_car', 'A Garage needs at least one Car with it.');
    return err('garage_pending', 'The opening Garage must be finished with Cars first.');
  }
  if (p?.kind === 'drawn' && p.card !== id) return err('drawn_only', 'You may only play the card you just drew, or keep it.');
  if (card.kind === 'garage' && !hasCar(s, seat)) return err('no_car', 'A Garage needs at least one Car with it.');
  if (!matchesTop(s, id)) {
    return err('no_match', `The ${describeCard(id)} matches neither the colour (${s.activeColour ?? 'none'}) nor the value on the pile.`);
  }
  return null;
}

/** Cards this seat could start playing now (for the seat view and bots). */
export function playableCards(s: CarExchangeState, seat: Seat): number[] {
  if (turnRefusal(s, seat)) return [];
  return s.hands[seat].filter((c) => cardRefusal(s, seat, c) === null);
}
