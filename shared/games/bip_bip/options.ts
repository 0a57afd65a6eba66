/** Room options (RULES-NOTES 4.3–4.5 [opt], and the issue's freeze window). */
import { z } from 'zod';

export const VARIANTS = ['single', 'three_rounds'] as const;
export type BipVariant = (typeof VARIANTS)[number];

/** "2 joueurs : 20 cartes chacun, 3 joueurs : 13 cartes chacun, 4 joueurs : 10 cartes chacun". */
export const HAND_SIZE: Record<number, number> = { 2: 20, 3: 13, 4: 10 };

const rawOptions = z.object({
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
  /**
   * Not in the rulebook: regular cards dealt to each player, 0 = the rulebook's 20 / 13 / 10. A
   * short hand makes a short round (the first empty hand wins), for a quick game or a lesson.
   */
  handSize: z.number().int().min(0).max(20).default(0),
}).strip();

export const bipOptions = rawOptions.superRefine((o, ctx) => {
  const most = HAND_SIZE[o.players];
  if (o.handSize > most) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['handSize'], message: `At most ${most} cards each for ${o.players} players`, params: { refusal: 'option_too_big', max: most } });
  }
});

export type BipOptions = z.infer<typeof bipOptions>;

export function seatRange(_options: BipOptions): { min: number; max: number } {
  return { min: 2, max: 4 };
}
