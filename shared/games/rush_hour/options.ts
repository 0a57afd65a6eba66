/**
 * Room options (RULES-NOTES 1.2 [opt] and 1.3 kids' options). Kids' options left out take the
 * variant's preset: `classic` plays the full game, `kids` a gentler one; each can be set on its own.
 */
import { z } from 'zod';
import { deckFor } from './cards.js';

export const VARIANTS = ['classic', 'kids'] as const;
export type RushHourVariant = (typeof VARIANTS)[number];

/** The `kids` preset: numbers up to 30, 5-card hands, no special vehicles, no too-small penalty. */
const KIDS_PRESET = { maxNumber: 30, handSize: 5, rows: 3, noSpecials: true, noHeavyJam: false, noTooSmallPenalty: true } as const;
const CLASSIC_PRESET = { maxNumber: 50, handSize: 10, rows: 3, noSpecials: false, noHeavyJam: false, noTooSmallPenalty: false } as const;

const rawOptions = z.object({
  variant: z.enum(VARIANTS).default('classic'),
  players: z.number().int().min(2).max(5).default(4),
  /** Only cards numbered up to this are used (50 = all). */
  maxNumber: z.union([z.literal(10), z.literal(20), z.literal(30), z.literal(50)]).optional(),
  /** Cards per hand = turns per deal. Default 5 when maxNumber < 50 or in `kids` (RULES-NOTES 1.3), else 10. */
  handSize: z.union([z.literal(5), z.literal(10)]).optional(),
  rows: z.union([z.literal(2), z.literal(3)]).optional(),
  noSpecials: z.boolean().optional(),
  noHeavyJam: z.boolean().optional(),
  noTooSmallPenalty: z.boolean().optional(),
  /** [opt] 1.1: Trailers numbered 4, 8, …, 48 ('shared', default) or 51–62 ('high'). */
  trailerNumbers: z.enum(['shared', 'high']).default('shared'),
  /** [opt] 1.1: penalty points of a Trailer. */
  trailerPoints: z.union([z.literal(1), z.literal(2)]).default(1),
  /** [opt] 1.2: several deals, scores added. */
  deals: z.number().int().min(1).max(5).default(1),
  /** Secret pick clock per turn (RULES-NOTES 1.2 step 1). */
  pickMs: z.number().int().min(3_000).max(300_000).default(30_000),
  /** Clock for a row choice asked of a player (RULES-NOTES 1.2 step 4). */
  choiceMs: z.number().int().min(2_000).max(120_000).default(15_000),
}).strip();

export interface RushHourOptions {
  variant: RushHourVariant;
  players: number;
  maxNumber: 10 | 20 | 30 | 50;
  handSize: 5 | 10;
  rows: 2 | 3;
  noSpecials: boolean;
  noHeavyJam: boolean;
  noTooSmallPenalty: boolean;
  trailerNumbers: 'shared' | 'high';
  trailerPoints: 1 | 2;
  deals: number;
  pickMs: number;
  choiceMs: number;
}

function resolve(raw: z.infer<typeof rawOptions>): RushHourOptions {
  const preset = raw.variant === 'kids' ? KIDS_PRESET : CLASSIC_PRESET;
  const maxNumber = raw.maxNumber ?? preset.maxNumber;
  return {
    ...raw,
    maxNumber,
    handSize: raw.handSize ?? (raw.variant === 'kids' || maxNumber < 50 ? 5 : 10),
    rows: raw.rows ?? preset.rows,
    noSpecials: raw.noSpecials ?? preset.noSpecials,
    noHeavyJam: raw.noHeavyJam ?? preset.noHeavyJam,
    noTooSmallPenalty: raw.noTooSmallPenalty ?? preset.noTooSmallPenalty,
  };
}

/** How many players the deck can serve: RULES-NOTES 1.3 needs players × hand size + rows cards. */
export function maxPlayersFor(o: RushHourOptions): number {
  return Math.min(5, Math.floor((deckFor(o).length - o.rows) / o.handSize));
}

export const rushHourOptions = rawOptions.transform(resolve).superRefine((o, ctx) => {
  const deck = deckFor(o).length;
  if (o.players * o.handSize + o.rows > deck) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ['players'],
      message: `These options leave ${deck} cards: not enough for ${o.players} players with ${o.handSize} cards each and ${o.rows} rows`,
      params: { refusal: 'option_deck_too_small', deck, players: o.players, hand: o.handSize, rows: o.rows },
    });
  }
});

export function seatRange(options: RushHourOptions): { min: number; max: number } {
  return { min: 2, max: Math.max(2, maxPlayersFor(options)) };
}
