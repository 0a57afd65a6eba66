/**
 * Room options (RULES-NOTES 1.4). The number range is a preset from the rulebook's examples
 * ("from 1 to 12, 1 to 30 or 26 to 50", or all 50) or `custom` with `from`/`to`.
 */
import { z } from 'zod';

export const VARIANTS = ['classic'] as const;
export type TrafficMemoryVariant = (typeof VARIANTS)[number];

export const RANGE_PRESETS = { '1-12': [1, 12], '1-30': [1, 30], '26-50': [26, 50], '1-50': [1, 50] } as const;
export type RangePreset = keyof typeof RANGE_PRESETS;
const RANGE_NAMES = ['1-12', '1-30', '26-50', '1-50', 'custom'] as const;

/** Fewer cards than this makes no memory game. */
export const MIN_CARDS = 4;

const rawOptions = z.object({
  variant: z.enum(VARIANTS).default('classic'),
  players: z.number().int().min(2).max(5).default(2),
  range: z.enum(RANGE_NAMES).default('1-30'),
  /** Used with range 'custom' only. */
  from: z.number().int().min(1).max(50).default(1),
  to: z.number().int().min(1).max(50).default(30),
  /** "Additional Rules": Police and Ambulance as wild cards. Off by default (rulebook Set Up removes them). */
  wilds: z.boolean().default(false),
  /** Clock for each card to open; on time-out the server opens a random face-down card. 0 = no clock. */
  flipMs: z.number().int().min(0).max(300_000).default(20_000),
  /** How long the cards opened in a turn stay face up before they are turned back and the turn passes. */
  revealMs: z.number().int().min(0).max(10_000).default(2_000),
}).strip();

export interface TrafficMemoryOptions {
  variant: TrafficMemoryVariant;
  players: number;
  range: (typeof RANGE_NAMES)[number];
  /** The range actually played (the preset's, or from/to for 'custom'). */
  from: number;
  to: number;
  wilds: boolean;
  flipMs: number;
  revealMs: number;
}

function resolve(raw: z.infer<typeof rawOptions>): TrafficMemoryOptions {
  if (raw.range === 'custom') return raw;
  const [from, to] = RANGE_PRESETS[raw.range];
  return { ...raw, from, to };
}

export const trafficMemoryOptions = rawOptions.transform(resolve).superRefine((o, ctx) => {
  if (o.to - o.from + 1 < MIN_CARDS) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['to'], message: `The range ${o.from}–${o.to} needs at least ${MIN_CARDS} cards`,
      params: { refusal: 'option_range_too_small', from: o.from, to: o.to, min: MIN_CARDS } });
  }
});

export function seatRange(_options: TrafficMemoryOptions): { min: number; max: number } {
  return { min: 2, max: 5 };
}
