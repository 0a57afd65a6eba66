import { z } from 'zod';

/** Room options (RULES-NOTES 2.6–2.8 [opt]; the clocks and windows). All times in ms. */
export const carExchangeOptions = z.object({
  variant: z.enum(['classic']).default('classic'),
  players: z.number().int().min(2).max(8).default(4),
  /** Game ends after the round in which someone reaches this total (rulebook: 50). */
  targetScore: z.number().int().min(1).max(1000).default(50),
  /** Stop after this many rounds; 0 = no limit ("limit the game to a certain ... number of rounds"). */
  rounds: z.number().int().min(0).max(100).default(0),
  /** Stop after the round in progress once this much time has passed; 0 = no limit. */
  timeLimitMs: z.number().int().min(0).max(6 * 3_600_000).default(0),
  /** Turn clock: on time-out the default move is made (draw, or accept the penalty). */
  turnMs: z.number().int().min(3_000).max(600_000).default(30_000),
  /** NEW CAR window after a player sheds their last card (RULES-NOTES 2.6 [opt 3 s]). */
  newCarWindowMs: z.number().int().min(500).max(30_000).default(3_000),
  /** RULES-NOTES 2.6 [opt raceMode]: the next player's move closes the NEW CAR window, as in the source. */
  raceMode: z.boolean().default(false),
  /** CAR EXCHANGE swap counter window (RULES-NOTES 2.7: "A 3 s counter window always runs"). */
  exchangeWindowMs: z.number().int().min(500).max(30_000).default(3_000),
  /** Talking rule (rulebook "Talking (optional)"; RULES-NOTES 2.8 [opt, off]). */
  talking: z.boolean().default(false),
  /** Time to say something after playing, unless the next move comes first. */
  talkMs: z.number().int().min(1_000).max(60_000).default(5_000),
  /** "It can be modified by, for example, omitting the penalty if a player doesn't speak." */
  talkPenalty: z.boolean().default(true),
  /** RULES-NOTES 2.3 [opt]: after drawing, the drawn card may be played at once if legal. */
  playDrawn: z.boolean().default(false),
  /** RULES-NOTES 2.4 [opt]: each SERVICE in the chain costs the receiver one turn. */
  serviceStack: z.boolean().default(false),
  /** Pause between rounds so the table can see the round's places. */
  roundPauseMs: z.number().int().min(0).max(60_000).default(5_000),
}).strip();

export type CarExchangeOptions = z.infer<typeof carExchangeOptions>;

export function seatRange(_options: CarExchangeOptions): { min: number; max: number } {
  return { min: 2, max: 8 };
}
