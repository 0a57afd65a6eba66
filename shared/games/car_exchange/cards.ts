/**
 * The 110 cards (rulebook "Contains 110 cards"; RULES-NOTES 2.1), identified by id 0..109.
 * An id encodes its face, so ids only ever appear in a view where the face itself may be seen.
 */
export const COLOURS = ['red', 'blue', 'green', 'yellow'] as const;
export type Colour = (typeof COLOURS)[number];

export type CardKind = 'car' | 'service' | 'fine' | 'paint' | 'garage' | 'exchange' | 'newCar';

export interface Card {
  id: number;
  kind: CardKind;
  /** Cars, Services and Fines have a colour; grey special cards do not. */
  colour: Colour | null;
  /** Cars only: 1..9. */
  value: number | null;
}

export const CARD_COUNT = 110;
const SERVICE_BASE = 72;
const FINE_BASE = 80;
const PAINT_BASE = 88;
const GARAGE_BASE = 96;
const EXCHANGE_BASE = 104;
const NEW_CAR_BASE = 108;

export function cardOf(id: number): Card {
  if (id < SERVICE_BASE) {
    const colour = COLOURS[Math.floor(id / 18)];
    return { id, kind: 'car', colour, value: Math.floor((id % 18) / 2) + 1 };
  }
  if (id < FINE_BASE) return { id, kind: 'service', colour: COLOURS[(id - SERVICE_BASE) >> 1], value: null };
  if (id < PAINT_BASE) return { id, kind: 'fine', colour: COLOURS[(id - FINE_BASE) >> 1], value: null };
  if (id < GARAGE_BASE) return { id, kind: 'paint', colour: null, value: null };
  if (id < EXCHANGE_BASE) return { id, kind: 'garage', colour: null, value: null };
  if (id < NEW_CAR_BASE) return { id, kind: 'exchange', colour: null, value: null };
  return { id, kind: 'newCar', colour: null, value: null };
}

/** Test and bot helper: the id of a given face (copy 0 or 1 for doubled cards). */
export function carId(colour: Colour, value: number, copy = 0): number {
  return COLOURS.indexOf(colour) * 18 + (value - 1) * 2 + copy;
}
export const serviceId = (colour: Colour, copy = 0) => SERVICE_BASE + COLOURS.indexOf(colour) * 2 + copy;
export const fineId = (colour: Colour, copy = 0) => FINE_BASE + COLOURS.indexOf(colour) * 2 + copy;
export const paintId = (copy = 0) => PAINT_BASE + copy;
export const garageId = (copy = 0) => GARAGE_BASE + copy;
export const exchangeId = (copy = 0) => EXCHANGE_BASE + copy;
export const newCarId = (copy = 0) => NEW_CAR_BASE + copy;

export const kindOf = (id: number): CardKind => cardOf(id).kind;
export const isGrey = (id: number): boolean => cardOf(id).colour === null;

const KIND_NAMES: Record<CardKind, string> = {
  car: 'Car', service: 'Service', fine: 'Fine', paint: 'Paint Shop', garage: 'Garage', exchange: 'Car Exchange', newCar: 'New Car',
};

export function describeCard(id: number): string {
  const c = cardOf(id);
  if (c.kind === 'car') return `${c.colour} ${c.value}`;
  return c.colour ? `${c.colour} ${KIND_NAMES[c.kind]}` : KIND_NAMES[c.kind];
}
