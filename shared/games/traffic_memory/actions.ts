import { z } from 'zod';

/** Open the face-down card at a grid position (row by row, 0-based). */
export const trafficMemoryAction = z.discriminatedUnion('type', [
  z.object({ type: z.literal('open'), pos: z.number().int().min(0).max(63) }).strip(),
]);

export type TrafficMemoryAction = z.infer<typeof trafficMemoryAction>;
