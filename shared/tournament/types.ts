/** Plain data shared by the pairing, the standings and the server's tournament service. */

export type TournamentFormat = 'swiss' | 'elimination';

/** Seats a game allows for the chosen variant (GameDefinition.seatRange). */
export interface SeatRange {
  min: number;
  max: number;
}

/** One player's outcome in one round, as the standings read it. */
export interface PlayerRoundResult {
  round: number;
  playerId: string;
  /** Null for a bye. */
  tableId: string | null;
  /** 1 = first; tied players share a place. 0 for a bye. */
  place: number;
  /** Players at that table (1 for a bye). */
  tableSize: number;
  points: number;
  bye: boolean;
}
