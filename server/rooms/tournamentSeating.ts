import { z } from 'zod';

/** How long a round's table waits for its registrants when the organiser did not say (docs/tournaments.md "Check-in at the table"). */
export const DEFAULT_CHECK_IN_GRACE_SECONDS = 60;
/** Bounds of the organiser's check-in grace: long enough to walk to the table, short enough to keep the night moving. */
export const CHECK_IN_GRACE_MIN_SECONDS = 1;
export const CHECK_IN_GRACE_MAX_SECONDS = 600;

/** Room options the tournament service passes when it opens a table (never accepted from a client). */
export const tournamentSeatingSchema = z.object({
  tournamentId: z.string().min(1),
  tableId: z.string().min(1),
  seats: z.array(z.object({ playerId: z.string().min(1), name: z.string().min(1).max(40), identityId: z.string().max(40).nullish() })).min(1).max(16),
  /** The table starts when every seat is taken, or this long after it opened (the rest are no-shows). */
  checkInGraceSeconds: z.number().int().min(CHECK_IN_GRACE_MIN_SECONDS).max(CHECK_IN_GRACE_MAX_SECONDS).default(DEFAULT_CHECK_IN_GRACE_SECONDS),
});

export type TournamentSeating = z.infer<typeof tournamentSeatingSchema>;

/** The seating as the service writes it (the grace may be left to its default). */
export type TournamentSeatingInput = z.input<typeof tournamentSeatingSchema>;
