/** Room options (RULES-NOTES 1.1 and 1.5 [opt], and the clocks the rulebook's "agreed time period" asks for). */
import { z } from 'zod';

export const VARIANTS = ['classic'] as const;
export type TookOverVariant = (typeof VARIANTS)[number];

export const HAND_SIZE = 6;

export const tookOverOptions = z.object({
  variant: z.enum(VARIANTS).default('classic'),
  players: z.number().int().min(2).max(5).default(2),
  /** "Cards are played using agreed time period (for example, 3 seconds)": the least time between two placements. */
  paceMs: z.number().int().min(500).max(15_000).default(3_000),
  /** [R] 1.5: an active player with a playable card who stays idle this long after the pace has one played for them. */
  idleMs: z.number().int().min(1_000).max(120_000).default(10_000),
  /** [R] 1.5: Trailers have numbers, so they are dealt too; [opt] leave them out. */
  trailers: z.boolean().default(true),
  /** [R] 1.1: Trailers numbered 4, 8, …, 48 ('shared'); [opt] 51–62 ('high'). */
  trailerNumbers: z.enum(['shared', 'high']).default('shared'),
  /** [opt] 1.5: every other player, not only the next one clockwise, may take over. */
  anyoneCanTakeOver: z.boolean().default(false),
}).strip();

export type TookOverOptions = z.infer<typeof tookOverOptions>;

export function seatRange(_options: TookOverOptions): { min: number; max: number } {
  return { min: 2, max: 5 };
}
