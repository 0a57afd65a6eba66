/**
 * Who may see a stored game: anybody for a public table's; a private table's only its players,
 * who prove it with their guest token. The one rule behind GET /api/results/:id and
 * GET /api/games/:id (docs/protocol.md), so neither answers what the other hides.
 */
import type { GamePlayerRecord, GameRecord, GameSessionRecord, IdentityRecord, SessionSeat } from '../store/index.js';

export interface GameAccess {
  /** The caller's own seat in the game (result seat, else session seat), when they played it. */
  mine: GamePlayerRecord | SessionSeat | undefined;
  /** True when the caller must be answered as if the game did not exist (404). */
  hidden: boolean;
}

export function gameAccess(me: IdentityRecord | null, record: GameRecord | null, session: GameSessionRecord | null): GameAccess {
  const mine = me ? (record?.players.find((p) => p.identityId === me.id) ?? session?.seats.find((s) => s.identityId === me.id)) : undefined;
  return { mine, hidden: Boolean(session?.private) && !mine };
}
