/** Which card may be played now (rulebook "Depending on the last card played"; RULES-NOTES 2.3–2.5). */
import type { RuleError } from '../contract.js';
import type { MsgParam } from '../../i18n/msg.js';
import { cardOf, type CardKind } from './cards.js';
import { cardRef, colourRef, kindRef } from './messages.js';
import type { CarExchangeState, Seat } from './state.js';
import { topCard } from './table.js';

const err = (code: string, params?: Record<string, MsgParam>): RuleError => (params ? { code, params } : { code });

export type Refusal = { ok: false; error: RuleError };
export const refuse = (e: RuleError): Refusal => ({ ok: false, error: e });
/** The card is not the kind this move plays: "That card is not a Fine." */
export const wrongKind = (kind: CardKind): Refusal => refuse(err('wrong_card', { kind: kindRef(kind) }));

/** Is it this seat's moment to make a turn move at all? */
export function turnRefusal(s: CarExchangeState, seat: Seat): RuleError | null {
  if (s.phase === 'over') return err('game_over');
  if (s.phase !== 'playing') return err('between_rounds');
  if (s.exchange) return err('exchange_window');
  if (s.newCarWindow && s.newCarWindow.closesAt !== null) return err('new_car_window');
  if (s.pending?.kind === 'dealerColour') {
    return seat === s.pending.dealer ? err('name_colour') : err('dealer_colour');
  }
  if (seat !== s.turn) return err('not_your_turn');
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
  if (!s.hands[seat].includes(id)) return err('not_in_hand');
  const card = cardOf(id);
  const p = s.pending;
  if (p?.kind === 'service') {
    return card.kind === 'service' ? null : err('penalty_pending', { penalty: kindRef('service') });
  }
  if (p?.kind === 'fine') {
    return card.kind === 'fine' ? null : err('penalty_pending', { penalty: kindRef('fine') });
  }
  if (p?.kind === 'garage') {
    if (card.kind === 'car') return null;
    if (card.kind === 'garage') return hasCar(s, seat) ? null : err('no_car');
    return err('garage_pending');
  }
  if (p?.kind === 'drawn' && p.card !== id) return err('drawn_only');
  if (card.kind === 'garage' && !hasCar(s, seat)) return err('no_car');
  if (!matchesTop(s, id)) {
    return err('no_match', { card: cardRef(id), colour: colourRef(s.activeColour) });
  }
  return null;
}

/** Cards this seat could start playing now (for the seat view and bots). */
export function playableCards(s: CarExchangeState, seat: Seat): number[] {
  if (turnRefusal(s, seat)) return [];
  return s.hands[seat].filter((c) => cardRefusal(s, seat, c) === null);
}
