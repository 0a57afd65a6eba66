import { z } from 'zod';

/** Room options the tournament service passes when it opens a table (never accepted from a client). */
export const tournamentSeatingSchema = z.object({
  tournamentId: z.string().min(1),
  tableId: z.string().min(1),
  seats: z.array(z.object({ playerId: z.string().min(1), name: z.string().min(1).max(40), identityId: z.string().max(40).nullish() })).min(1).max(16),
});

export type TournamentSeating = z.infer<typeof tournamentSeatingSchema>;
