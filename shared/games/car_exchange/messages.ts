/** How Car Exchange names cards and colours inside its messages (shared/i18n/msg.ts): translated fragments. */
import { keyRef } from '../../i18n/msg.js';
import { cardOf, type CardKind, type Colour } from './cards.js';

/** One card with its indefinite article: "a red 4", "a blue Fine", "a Paint Shop" (`car_exchange:card.*`). */
export function cardRef(id: number): string {
  const c = cardOf(id);
  if (c.kind === 'car') return keyRef(`car_exchange:card.car_${c.colour}_${c.value}`);
  return keyRef(c.colour ? `car_exchange:card.${c.kind}_${c.colour}` : `car_exchange:card.${c.kind}`);
}

/** A kind of card with its indefinite article: "a Fine" (`car_exchange:kind.*`). */
export const kindRef = (kind: CardKind): string => keyRef(`car_exchange:kind.${kind}`);

export const colourRef = (colour: Colour | null): string => keyRef(`car_exchange:colour.${colour ?? 'none'}`);
