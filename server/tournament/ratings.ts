/**
 * Player ratings per game: OpenSkill (Weng-Lin, Plackett-Luce model) over multiplayer results,
 * every player a team of one, places as ranks (equal places are ties). Only seats with a player
 * id are rated (tournament registrations; quick-play strangers have none); a seat a bot finished
 * for an absent player still counts for that player, as leaving is the player's choice.
 * The leaderboard orders by ordinal (mu - 3 sigma), OpenSkill's conservative estimate.
 */
import { ordinal, rate, rating } from 'openskill';
import type { GameRecord, RatingRecord, Store } from '../store/index.js';

export const INITIAL_MU = 25;
export const INITIAL_SIGMA = 25 / 3;

export interface LeaderboardEntry {
  rank: number;
  playerId: string;
  name: string;
  /** Rounded to two decimals for display; ordering uses the stored value. */
  rating: number;
  mu: number;
  sigma: number;
  games: number;
}

/**
 * Rates one stored game once (idempotent on `record.id`). False when it was already rated or
 * has fewer than two rated players.
 */
export async function rateGame(store: Store, record: GameRecord, now: number = Date.now()): Promise<boolean> {
  const seats = new Map<string, { name: string; place: number }>();
  for (const p of record.players) {
    if (p.playerId === null || seats.has(p.playerId)) continue;
    seats.set(p.playerId, { name: p.name, place: p.place > 0 ? p.place : Number.MAX_SAFE_INTEGER });
  }
  if (seats.size < 2) return false;
  const ids = [...seats.keys()];
  return store.rateGame(record.id, record.game, ids, (current) => {
    const known = new Map(current.map((r) => [r.playerId, r]));
    const before = ids.map((id) => {
      const r = known.get(id);
      return r ? rating({ mu: r.mu, sigma: r.sigma }) : rating({ mu: INITIAL_MU, sigma: INITIAL_SIGMA });
    });
    const after = rate(before.map((r) => [r]), { rank: ids.map((id) => seats.get(id)!.place) });
    return ids.map((id, i): RatingRecord => {
      const r = after[i][0];
      return {
        game: record.game, playerId: id, name: seats.get(id)!.name,
        mu: r.mu, sigma: r.sigma, ordinal: ordinal(r), games: (known.get(id)?.games ?? 0) + 1, updatedAt: now,
      };
    });
  });
}

export async function leaderboard(store: Store, game: string, q: { limit?: number; minGames?: number } = {}): Promise<LeaderboardEntry[]> {
  const rows = await store.leaderboard(game, q);
  return rows.map((r, i) => ({
    rank: i + 1, playerId: r.playerId, name: r.name, rating: Math.round(r.ordinal * 100) / 100,
    mu: r.mu, sigma: r.sigma, games: r.games,
  }));
}
