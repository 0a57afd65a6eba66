/** How Took Over! names cards inside its messages (shared/i18n/msg.ts): numbers, and a translated kind. */
import { keyRef, type MsgParam } from '../../i18n/msg.js';
import type { NumberedCard } from '../trafficcars_deck/cards.js';

/** One card: `{{kind}} {{card}}` reads "car 12" / "Trailer 8" ("la voiture 12" / "la remorque 8"). */
export function cardParams(card: NumberedCard): Record<string, MsgParam> {
  return { card: card.value, kind: keyRef(`took_over:card.${card.kind}`) };
}

/** Several cards: their numbers, which read the same in every language. */
export function cardList(cards: readonly NumberedCard[]): string {
  return cards.map((c) => c.value).join(', ');
}
