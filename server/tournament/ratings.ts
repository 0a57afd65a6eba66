/**
 * The one rating system (issue 18; docs/architecture.md "Ratings"), used by every rated game,
 * tournament tables included: OpenSkill (Weng-Lin, Plackett-Luce model) over multiplayer results,
 * every player a team of one, places as ranks (equal places are ties). Ratings are kept per rating
 * key (shared/ratings/families.ts: a game, or a variant family of it) and per guest identity.
 * Only seats linked to an identity are rated; bots are left out (their seats still decide the
 * humans' relative places). A seat a bot finished for an absent player still counts for that
 * player, as leaving is the player's choice. The leaderboard orders by ordinal (mu - 3 sigma).
 */
import { ordinal, rate, rating } from 'openskill';
import type { GameRecord, RatingRecord, Store } from '../store/index.js';
import { ratingKey } from '../../shared/ratings/families.js';
import { displayName } from '../identity/names.js';
import { displayRating } from '../../shared/ratings/display.js';

export const INITIAL_MU = 25;
export const INITIAL_SIGMA = 25 / 3;

export interface LeaderboardEntry {
  rank: number;
  playerId: string;
  name: string;
  /** The raw ordinal, rounded to two decimals; ordering uses the stored value. */
  rating: number;
  /** What players read (shared/ratings/display.ts): 1500 at the start, never negative. */
  display: number;
  /** Fewer rated games than PROVISIONAL_GAMES: shown as "1500?". */
  provisional: boolean;
  mu: number;
  sigma: number;
  games: number;
}

/**
 * Rates one stored game once (idempotent on `record.id`). False when it is not a rated game, was
 * already rated or has fewer than two rated players.
 */
export async function rateGame(store: Store, record: GameRecord, now: number = Date.now()): Promise<boolean> {
  if (record.rated !== true) return false;
  const seats = new Map<string, { name: string; place: number }>();
  for (const p of record.players) {
    if (!p.identityId || seats.has(p.identityId)) continue;
    seats.set(p.identityId, { name: p.name, place: p.place > 0 ? p.place : Number.MAX_SAFE_INTEGER });
  }
  if (seats.size < 2) return false;
  const ids = [...seats.keys()];
  for (const identity of await store.getIdentities(ids)) seats.get(identity.id)!.name = displayName(identity);
  const key = ratingKey(record.game, record.variant);
  return store.rateGame(record.id, key, ids, (current) => {
    const known = new Map(current.map((r) => [r.playerId, r]));
    const before = ids.map((id) => {
      const r = known.get(id);
      return r ? rating({ mu: r.mu, sigma: r.sigma }) : rating({ mu: INITIAL_MU, sigma: INITIAL_SIGMA });
    });
    const after = rate(before.map((r) => [r]), { rank: ids.map((id) => seats.get(id)!.place) });
    return ids.map((id, i): RatingRecord => {
      const r = after[i][0];
      return {
        game: key, playerId: id, name: seats.get(id)!.name,
        mu: r.mu, sigma: r.sigma, ordinal: ordinal(r), games: (known.get(id)?.games ?? 0) + 1, updatedAt: now,
      };
    });
  });
}

/** `key` is a rating key (shared/ratings/families.ts). */
export async function leaderboard(store: Store, key: string, q: { limit?: number; minGames?: number } = {}): Promise<LeaderboardEntry[]> {
  const rows = await store.leaderboard(key, q);
  return rows.map((r, i) => leaderboardEntry(r, i + 1));
}

export function leaderboardEntry(r: RatingRecord, rank: number): LeaderboardEntry {
  return {
    rank, playerId: r.playerId, name: r.name, rating: Math.round(r.ordinal * 100) / 100,
    ...displayRating(r.ordinal, r.games), mu: r.mu, sigma: r.sigma, games: r.games,
  };
}
