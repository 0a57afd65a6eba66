import { z } from 'zod';

/**
 * `pick`: the secret card for this turn (a card id from your hand; picking again before the reveal
 * replaces it). `row`: your answer when a row choice is asked of you (0-based row index).
 */
export const rushHourAction = z.discriminatedUnion('type', [
  z.object({ type: z.literal('pick'), card: z.number().int().min(0).max(73) }),
  z.object({ type: z.literal('row'), row: z.number().int().min(0).max(2) }),
]);

export type RushHourAction = z.infer<typeof rushHourAction>;
