/** Room options (RULES-NOTES 3.2 [opt] clock, 3.3 [opt] start garnets, 3.4 [opt] default route, 3.7 [opt] public garnets). */
import { z } from 'zod';

export const VARIANTS = ['classic'] as const;
export type TrafficTangoVariant = (typeof VARIANTS)[number];

export const trafficTangoOptions = z.object({
  variant: z.enum(VARIANTS).default('classic'),
  /** Traffic Tango is a 4-player match: the room fills empty seats with bots. */
  players: z.number().int().min(4).max(4).default(4),
  /** Clock of each day's simultaneous submission (issue: 90 s; RULES-NOTES' 180 s is the longer option). 0 = no clock (asynchronous). */
  phaseMs: z.number().int().min(0).max(3_600_000).default(90_000)
    .refine((ms) => ms === 0 || ms >= 5_000, { message: 'A phase clock is 0 (none) or at least 5 seconds', params: { refusal: 'option_zero_or_at_least', min: 5, unit: '$lobby:unit.seconds' } }),
  /** Clock of the winner's Elimination Candidate choice (RULES-NOTES 3.7: 60 s). */
  choiceMs: z.number().int().min(5_000).max(600_000).default(60_000),
  /** RULES-NOTES 3.3 [opt]: players start with 0 garnets. */
  startGarnets: z.number().int().min(0).max(100).default(0),
  /**
   * RULES-NOTES 3.4: with no valid route at the deadline a seat is scored as crashed and has no
   * vehicle on the board (the default, so a missing route never changes anyone else's delivery);
   * 'cheapest' [opt] drives the cheapest legal route for it instead.
   */
  noRoute: z.enum(['crash', 'cheapest']).default('crash'),
  /** RULES-NOTES 3.7 [opt]: everybody's garnets are public. */
  publicGarnets: z.boolean().default(false),
  /** Not in the rulebook (routes are secret): show every car's replay and crashes to everyone. */
  publicReplay: z.boolean().default(false),
  /**
   * Not in the rulebook (4 deliveries over 5 days): a shorter match of N deliveries over N + 1 days,
   * signs on days 1..N and routes on days 2..N + 1, for a quick game or a lesson.
   */
  deliveries: z.number().int().min(1).max(4).default(4),
}).strip();

export type TrafficTangoOptions = z.infer<typeof trafficTangoOptions>;

export function seatRange(): { min: number; max: number } {
  return { min: 4, max: 4 };
}
