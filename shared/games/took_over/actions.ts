import { z } from 'zod';

const cardId = z.string().min(1).max(20);

export const tookOverAction = z.discriminatedUnion('type', [
  /** The active player places a hand card at the left or right end (the side follows from its number). */
  z.object({ type: z.literal('place'), card: cardId }).strip(),
  /** "Taking Over!": one or more hand cards that go strictly between the latest card and its neighbour. */
  z.object({ type: z.literal('takeOver'), cards: z.array(cardId).min(1).max(6) }).strip(),
  /** The active player has no card that fits: "Pass!". */
  z.object({ type: z.literal('pass') }).strip(),
]);

export type TookOverAction = z.infer<typeof tookOverAction>;
