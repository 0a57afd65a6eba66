/**
 * Trafficcars cards as Traffic-Memory and Took Over! use them (RULES-NOTES 1.1): the ordinary cars
 * 1–50, the twelve numbered Trailers, and the numberless Police and Ambulance that Memory plays as wilds.
 * A card's `id` names it uniquely ("car-17", "trailer-3", "police-2"): views only ever carry the ids of
 * cards their reader may see, so a hidden card can be checked for by its id alone.
 */
export type TrafficcarsKind = 'car' | 'trailer' | 'police' | 'ambulance';

export interface TrafficcarsCard {
  id: string;
  kind: TrafficcarsKind;
  /** Null for Police and Ambulance, which carry no number. */
  value: number | null;
}

/** A card that carries a number (car or Trailer). */
export interface NumberedCard extends TrafficcarsCard {
  kind: 'car' | 'trailer';
  value: number;
}

/** [R] 1.1: Trailers carry 4, 8, …, 48 ('shared'); [opt] 51–62 ('high'). */
export type TrailerNumbers = 'shared' | 'high';

export const ORDINARY_CARS = 50;
export const TRAILERS = 12;

export function carCard(n: number): NumberedCard {
  return { id: `car-${n}`, kind: 'car', value: n };
}

/** The k-th Trailer, k = 1…12. */
export function trailerCard(k: number, numbering: TrailerNumbers): NumberedCard {
  return { id: `trailer-${k}`, kind: 'trailer', value: numbering === 'shared' ? 4 * k : 50 + k };
}

export function wildCard(kind: 'police' | 'ambulance', k: number): TrafficcarsCard {
  return { id: `${kind}-${k}`, kind, value: null };
}

export function isNumbered(card: TrafficcarsCard): card is NumberedCard {
  return card.value !== null;
}

/** The ordinary cars from..to, inclusive. */
export function carRange(from: number, to: number): NumberedCard[] {
  return Array.from({ length: to - from + 1 }, (_, i) => carCard(from + i));
}

/** All 50 ordinary cars and, if asked, the 12 Trailers: Took Over!'s deck (RULES-NOTES 1.5). */
export function numberedDeck(withTrailers: boolean, numbering: TrailerNumbers): NumberedCard[] {
  const cars = carRange(1, ORDINARY_CARS);
  if (!withTrailers) return cars;
  return [...cars, ...Array.from({ length: TRAILERS }, (_, i) => trailerCard(i + 1, numbering))];
}

/**
 * Memory's wilds: "If you use all 50 cards, then all eight Special Cards can be used ... If you are using
 * less than 50 cards, then the number of the Special Cards used also must be reduced accordingly"
 * (RULES-NOTES 1.4: round(8·n/50)), alternating Police and Ambulance.
 */
export function memoryWilds(numbered: number): TrafficcarsCard[] {
  const count = Math.round((8 * numbered) / 50);
  return Array.from({ length: count }, (_, i) => wildCard(i % 2 === 0 ? 'police' : 'ambulance', Math.floor(i / 2) + 1));
}

export function describeCard(card: TrafficcarsCard): string {
  if (card.kind === 'car') return String(card.value);
  if (card.kind === 'trailer') return `Trailer ${card.value}`;
  return card.kind === 'police' ? 'a Police car' : 'an Ambulance';
}

export const seatName = (seat: number): string => `Seat ${seat + 1}`;
