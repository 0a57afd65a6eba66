/** Public names for tournament players: the seat id itself is a secret (it lets its holder join the seat). */
import { createHash } from 'node:crypto';

/** Stable public alias of a seat id (the seat id itself lets you take the seat). */
export function publicPlayerId(playerId: string): string {
  return `p_${createHash('sha256').update(`junction:public:${playerId}`).digest('base64url').slice(0, 12)}`;
}
