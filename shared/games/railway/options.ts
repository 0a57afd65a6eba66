import { z } from 'zod';

export const railwayOptions = z.object({
  variant: z.enum(['training', 'classic', 'juniors', 'express', 'longest_train']).default('classic'),
  players: z.number().int().min(2).max(6).default(2),
  /** [opt assist] refuse cards that do not match instead of checking at the end. */
  assist: z.boolean().default(false),
  /** Safety limit for the whole game (RULES-NOTES 5.3 [opt 5 min]). */
  timeLimitMs: z.number().int().min(30_000).max(3_600_000).default(300_000),
  /** A held card is released automatically after this long (RULES-NOTES 5.2 [R] 3 s). */
  releaseMs: z.number().int().min(500).max(30_000).default(3_000),
  /** Mixed table (juniors/express): seats that play by the Express rule. */
  expressSeats: z.array(z.number().int().min(0).max(5)).max(6).default([]),
}).strip();

export type RailwayOptions = z.infer<typeof railwayOptions>;

export function seatRange(options: RailwayOptions): { min: number; max: number } {
  return options.variant === 'longest_train' ? { min: 2, max: 2 } : { min: 2, max: 6 };
}
