import { z } from 'zod';
import { CARD_COUNT, COLOURS } from './cards.js';

const cardId = z.number().int().min(0).max(CARD_COUNT - 1);
const seat = z.number().int().min(0).max(7);
const colour = z.enum(COLOURS);

/** One client move. Shapes are validated here; legality (turn, matching, windows) in rules.ts. */
export const carExchangeAction = z.discriminatedUnion('type', [
  /** A CAR or a SERVICE (also a SERVICE countering a SERVICE). */
  z.object({ type: z.literal('play'), card: cardId }),
  /** A FINE, naming who receives it (also a counter-FINE). */
  z.object({ type: z.literal('fine'), card: cardId, target: seat }),
  /** A PAINT SHOP and the colour the next player must follow. */
  z.object({ type: z.literal('paint'), card: cardId, colour }),
  /** A GARAGE with 1+ CARs of one colour, in the order given (the last one ends on top).
   *  Without `card`: finishing an opening GARAGE (RULES-NOTES 2.2). */
  z.object({ type: z.literal('garage'), card: cardId.optional(), cars: z.array(cardId).min(1).max(CARD_COUNT) }),
  /** CAR EXCHANGE: swap hands with `target`, put the hand under the pile and redraw, or on the fly. */
  z.object({ type: z.literal('exchange'), card: cardId, mode: z.enum(['swap', 'bottom', 'fly']), target: seat.optional() }),
  /** The swap's target cancels it with a CAR EXCHANGE of their own, inside the counter window. */
  z.object({ type: z.literal('block'), card: cardId }),
  /** NEW CAR: with `back`, brings that just-finished player back inside the window (a race);
   *  without it, played on the fly on your own turn. */
  z.object({ type: z.literal('newCar'), card: cardId, back: seat.optional() }),
  /** Draw one card instead of playing (or, with no CAR, under an opening GARAGE). */
  z.object({ type: z.literal('draw') }),
  /** Take the pending SERVICE (skip) or FINE (draw the penalty cards). */
  z.object({ type: z.literal('accept') }),
  /** Keep the card just drawn (option playDrawn). */
  z.object({ type: z.literal('pass') }),
  /** The dealer names the colour of an opening PAINT SHOP. */
  z.object({ type: z.literal('colour'), colour }),
  /** Talking rule: a quick-chat line or a typed phrase. */
  z.object({ type: z.literal('say'), text: z.string().trim().min(1).max(80) }),
]);

export type CarExchangeAction = z.infer<typeof carExchangeAction>;

/** NEW CAR is the game's real-time race (RULES-NOTES 2.6: the first by compensated time counts). */
export function isCarExchangeRace(action: CarExchangeAction): boolean {
  return action.type === 'newCar' && action.back !== undefined;
}
