import { z } from 'zod';

const cell = z.number().int().min(0).max(15);
const cardId = z.number().int().min(0).max(59);
/** The board version the player saw (public view `boardVersion`); stale moves and failing stale claims are refused without penalty. */
const seen = z.number().int().min(0).optional();

/** Client actions. Intersections are 0–15 = row * 4 + column (a1 = 0, d1 = 3, a4 = 12). */
export const bipAction = z.discriminatedUnion('type', [
  /** Take the green light and move the car on `from` one step to `to` (orthogonal neighbour). */
  z.object({ type: z.literal('move'), from: cell, to: cell, seen }),
  /** "Bip! Bip!": a card of mine and, optionally, the three cars I point at. */
  z.object({
    type: z.literal('claim'), card: cardId, seen,
    cars: z.array(cell).length(3).refine((c) => new Set(c).size === 3, 'three different intersections').optional(),
  }),
  /** manualReferee: "Wrong!" against the claim of `card`; `give` is the card I hand over (else one at random). */
  z.object({ type: z.literal('challenge'), card: cardId, give: cardId.optional() }),
  /** leaderChooses: the regular cards the leader gives up for expert cards. */
  z.object({ type: z.literal('swap'), cards: z.array(z.number().int().min(0).max(39)).min(1).max(20) }),
]);

export type BipAction = z.infer<typeof bipAction>;

/** Moving (taking the light), claiming and challenging race the other players in real time. */
export function isBipRace(action: BipAction): boolean {
  return action.type !== 'swap';
}
