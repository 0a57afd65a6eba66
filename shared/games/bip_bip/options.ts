/** Room options (RULES-NOTES 4.3–4.5 [opt], and the freeze window). */
import { z } from 'zod';

export const VARIANTS = ['single', 'three_rounds'] as const;
export type BipVariant = (typeof VARIANTS)[number];

export const bipOptions = z.object({
  variant: z.enum(VARIANTS).default('single'),
  players: z.number().int().min(2).max(4).default(2),
  /** [opt] 4.3: hands are face up by default ("Les joueurs peuvent placer toutes leurs cartes face visible"). */
  hiddenHands: z.boolean().default(false),
  /** "Le jeu s'interrompt un bref instant": moves are frozen this long after a valid claim (issue: ~1000 ms). */
  freezeMs: z.number().int().min(0).max(10_000).default(1_000),
  /** 4.4: a wrong claim blocks the claimer from claiming this long. */
  claimBlockMs: z.number().int().min(0).max(30_000).default(3_000),
  /** 4.3: the 3-2-1 countdown before each round. */
  countdownMs: z.number().int().min(0).max(10_000).default(3_000),
  /** [opt] 4.4 manualReferee: opponents challenge a wrong claim themselves within this window. */
  manualReferee: z.boolean().default(false),
  challengeMs: z.number().int().min(500).max(30_000).default(3_000),
  /** [opt] 4.3 handicap: per seat, how many regular cards are swapped for expert cards at every deal. */
  handicap: z.array(z.number().int().min(0).max(20)).max(4).default([]),
  /** [opt] 4.5: the leader chooses which regular cards to give up (else they are drawn at random). */
  leaderChooses: z.boolean().default(false),
  /** How long the leader has to choose before the choice is made at random. */
  swapMs: z.number().int().min(1_000).max(120_000).default(20_000),
  /** Pause on the round's result before the next round is dealt (three_rounds). */
  betweenRoundsMs: z.number().int().min(0).max(60_000).default(5_000),
}).strip();

export type BipOptions = z.infer<typeof bipOptions>;

export function seatRange(_options: BipOptions): { min: number; max: number } {
  return { min: 2, max: 4 };
}
