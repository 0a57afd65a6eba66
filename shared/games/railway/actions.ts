import { z } from 'zod';

/** Client actions. `slot` is a table position (0–53), never a card identity. */
export const railwayAction = z.discriminatedUnion('type', [
  z.object({ type: z.literal('flip'), slot: z.number().int().min(0).max(53) }),
  z.object({ type: z.literal('take'), slot: z.number().int().min(0).max(53).optional() }),
  z.object({ type: z.literal('release') }),
  z.object({ type: z.literal('stop') }),
  z.object({ type: z.literal('turn') }),
  z.object({ type: z.literal('place'), train: z.number().int().min(0).max(4) }),
  z.object({ type: z.literal('bottom') }),
]);

export type RailwayAction = z.infer<typeof railwayAction>;

/** Grabbing from the shared table races the other players; The Longest Train's own-pile moves do not. */
export function isRailwayRace(action: RailwayAction): boolean {
  return action.type === 'flip' || (action.type === 'take' && action.slot !== undefined);
}
