import { z } from 'zod';
import { DIRS, LINE_NAMES } from './board.js';

const tile = z.string().regex(/^[A-Ea-e][1-5]$/, 'A tile is a column A–E and a row 1–5, e.g. "B2"');

/** A sign as players write it: a tile name ("B2") or, for a Speed Limit, a line ("B" = column B, "2" = row 2). */
export const signInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('oneWay'), tile, dir: z.enum(DIRS) }),
  z.object({ kind: z.literal('yield'), tile }),
  z.object({ kind: z.literal('roundabout'), tile }),
  z.object({ kind: z.literal('toll'), tile }),
  z.object({ kind: z.literal('stop'), tile }),
  z.object({ kind: z.literal('speed'), line: z.enum(LINE_NAMES) }),
]);
export type SignInput = z.infer<typeof signInput>;

/**
 * `signs`: this day's secret signs (0 = no sign, 2 = one extra bought with garnets).
 * `route`: this day's secret route, every tile from start to delivery; `skips` are indices into
 * `tiles` of stopping tiles to speed past (5 garnets each). Both may be resubmitted until the day resolves.
 * `eliminate`: the winner's choice of Elimination Candidate among the players tied for the most gas.
 */
export const trafficTangoAction = z.discriminatedUnion('type', [
  z.object({ type: z.literal('signs'), signs: z.array(signInput).max(2) }),
  z.object({
    type: z.literal('route'),
    tiles: z.array(tile).min(2).max(40),
    skips: z.array(z.number().int().min(0).max(39)).max(20).optional(),
  }),
  z.object({ type: z.literal('eliminate'), seat: z.number().int().min(0).max(3) }),
]);

export type TrafficTangoAction = z.infer<typeof trafficTangoAction>;
