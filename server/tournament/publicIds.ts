/** Public names for tournament players: the seat id itself is a secret (it lets its holder join the seat). */
import { createHash } from 'node:crypto';

/**
 * Every live refresh of a tournament renders each open stream's view, with the public id of the
 * player and of every seat at their table: thousands of SHA-256 digests per refresh on a night of
 * 1,024 players, ≈ 8 % of a server's CPU while round 1's tables opened (issue 31). Ids are kept
 * once computed; the map is emptied when it reaches its bound, so it cannot grow without limit.
 */
const CACHE_MAX = 50_000;
const cache = new Map<string, string>();

/** Stable public alias of a seat id (the seat id itself lets you take the seat). */
export function publicPlayerId(playerId: string): string {
  let alias = cache.get(playerId);
  if (alias === undefined) {
    alias = `p_${createHash('sha256').update(`junction:public:${playerId}`).digest('base64url').slice(0, 12)}`;
    if (cache.size >= CACHE_MAX) cache.clear();
    cache.set(playerId, alias);
  }
  return alias;
}
