/**
 * The 74 Trafficcars cards (RULES-NOTES 1.1): ids 0–49 are the ordinary cars 1–50, ids 50–61 the
 * twelve Trailers, then 4 Ambulances, 4 Police cars and 4 Tow Trucks (no numbers).
 */
import { keyRef } from '../../i18n/msg.js';

export type CardKind = 'car' | 'trailer' | 'ambulance' | 'police' | 'tow';

export interface Card {
  id: number;
  kind: CardKind;
  /** Null for the special vehicles. */
  number: number | null;
}

export const CARD_COUNT = 74;
const FIRST_TRAILER = 50;
const FIRST_AMBULANCE = 62;
const FIRST_POLICE = 66;
const FIRST_TOW = 70;

/** [R] 1.1: Trailers carry 4, 8, …, 48 ('shared'); [opt] 51–62 ('high'). */
export type TrailerNumbers = 'shared' | 'high';

export interface DeckRules {
  trailerNumbers: TrailerNumbers;
  /** [R] 1.1 a Trailer is worth 1 penalty point; [opt] 2. */
  trailerPoints: 1 | 2;
}

export function cardOf(id: number, rules: DeckRules): Card {
  if (id < FIRST_TRAILER) return { id, kind: 'car', number: id + 1 };
  if (id < FIRST_AMBULANCE) {
    const k = id - FIRST_TRAILER;
    return { id, kind: 'trailer', number: rules.trailerNumbers === 'shared' ? 4 * (k + 1) : 51 + k };
  }
  if (id < FIRST_POLICE) return { id, kind: 'ambulance', number: null };
  if (id < FIRST_TOW) return { id, kind: 'police', number: null };
  return { id, kind: 'tow', number: null };
}

/** Rulebook "Winner": ordinary cars 1 point, special cars 2. */
export function pointsOf(id: number, rules: DeckRules): number {
  const card = cardOf(id, rules);
  if (card.kind === 'car') return 1;
  if (card.kind === 'trailer') return rules.trailerPoints;
  return 2;
}

export function pointsOfAll(ids: readonly number[], rules: DeckRules): number {
  return ids.reduce((sum, id) => sum + pointsOf(id, rules), 0);
}

/**
 * A card as a message parameter: an ordinary car is its number; a Trailer or a special vehicle is a
 * translated fragment (`rush_hour:card.trailer_48`, `rush_hour:card.ambulance`), since a fragment carries no parameters.
 */
export function cardParam(card: Card): number | string {
  if (card.kind === 'car') return card.number ?? 0;
  if (card.kind === 'trailer') return keyRef(`rush_hour:card.trailer_${card.number}`);
  return keyRef(`rush_hour:card.${card.kind}`);
}

/** The cards this game uses (RULES-NOTES 1.3 maxNumber and noSpecials); maxNumber 50 means no limit. */
export function deckFor(rules: DeckRules & { maxNumber: number; noSpecials: boolean }): number[] {
  return Array.from({ length: CARD_COUNT }, (_, id) => cardOf(id, rules)).filter((c) =>
    c.number === null ? !rules.noSpecials : rules.maxNumber >= 50 || c.number <= rules.maxNumber,
  ).map((c) => c.id);
}
