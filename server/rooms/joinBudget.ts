/**
 * Seats and spectators are reserved from separate budgets (issue 28 item 6). Colyseus reserves a
 * place for a join before onAuth can tell what it is, and locks the room at maxClients: a burst of
 * spectator joins used to fill every place and lock out a player's seat join. Here each kind of
 * join may only take its own places; the room locks only when both are used up.
 */

/**
 * Joins in flight of each kind beyond its places: rejoins, take-overs, and joins onAuth will refuse
 * with a translated reason (`table_full`, `spectators_full`) rather than an untranslatable "full".
 */
export const JOIN_SLACK = 16;

export type JoinKind = 'seat' | 'spectator';

/** What a reservation's join options ask for (`true` is a reconnection: always a seat). */
export function joinKind(options: unknown): JoinKind {
  return typeof options === 'object' && options !== null && (options as { spectator?: unknown }).spectator === true ? 'spectator' : 'seat';
}

export interface JoinCounts {
  /** Connected clients by kind. */
  seated: number;
  spectators: number;
  /** Join options of the reservations not yet consumed. */
  pending: Iterable<unknown>;
}

export class JoinBudget {
  constructor(private readonly limits: () => { seats: number; spectators: number }) {}

  /** Places left for a join of this kind. */
  left(kind: JoinKind, counts: JoinCounts): number {
    let pending = 0;
    for (const options of counts.pending) if (joinKind(options) === kind) pending++;
    const { seats, spectators } = this.limits();
    return (kind === 'spectator' ? spectators - counts.spectators : seats - counts.seated) + JOIN_SLACK - pending;
  }

  full(counts: JoinCounts): boolean {
    return this.left('seat', counts) <= 0 && this.left('spectator', counts) <= 0;
  }
}
