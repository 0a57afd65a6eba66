/**
 * Standings (docs/tournaments.md, "Standings and tie-breaks"). Players are ordered by:
 *  1. points (placement points plus bye points);
 *  2. opponents' points: the average, over every opponent met at a table, of that opponent's
 *     points (an average, not a sum, so neither byes nor small tables count against anyone);
 *  3. wins (first places, shared firsts included);
 *  4. average finish: mean of (place-1)/(tableSize-1) over tables played, lower is better;
 *  5. lot: a hash of the tournament seed and the player id (fixed for the whole tournament).
 * In elimination, players still in (or out later) rank above those out earlier, and players out
 * in the same round rank by their place at that last table, before the keys above.
 */
import type { PlayerRoundResult, TournamentFormat } from './types.js';

export interface StandingPlayer {
  playerId: string;
  dropped?: boolean;
  /** Elimination: the round this player went out in. */
  eliminatedRound?: number | null;
}

export interface Standing {
  /** 1-based; unique (the lot settles what the tie-breaks leave). */
  rank: number;
  playerId: string;
  points: number;
  opponentsPoints: number;
  wins: number;
  averageFinish: number;
  played: number;
  byes: number;
  dropped: boolean;
  eliminatedRound: number | null;
}

/** FNV-1a over a string, then a splitmix finaliser: a stable 32-bit lot per (seed, id). */
export function lot(seed: number, id: string): number {
  let h = (0x811c9dc5 ^ (seed >>> 0)) >>> 0;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

const EPS = 1e-9;

export function computeStandings(opts: {
  players: readonly StandingPlayer[];
  results: readonly PlayerRoundResult[];
  seed: number;
  format?: TournamentFormat;
}): Standing[] {
  const { players, results, seed } = opts;
  const known = new Set(players.map((p) => p.playerId));
  const points = new Map<string, number>();
  for (const r of results) if (known.has(r.playerId)) points.set(r.playerId, (points.get(r.playerId) ?? 0) + r.points);

  const tables = new Map<string, PlayerRoundResult[]>();
  for (const r of results) {
    if (r.bye || r.tableId === null) continue;
    const key = `${r.round}\u0000${r.tableId}`;
    const list = tables.get(key) ?? [];
    list.push(r);
    tables.set(key, list);
  }

  // Grouped once: a filter per player read every result 1,024 times for a night of 1,024 players.
  const byPlayer = new Map<string, PlayerRoundResult[]>();
  for (const r of results) {
    const list = byPlayer.get(r.playerId);
    if (list) list.push(r);
    else byPlayer.set(r.playerId, [r]);
  }
  const rows = players.map((p) => {
    const mine = byPlayer.get(p.playerId) ?? [];
    const played = mine.filter((r) => !r.bye);
    let oppSum = 0;
    let oppCount = 0;
    for (const r of played) {
      for (const o of tables.get(`${r.round}\u0000${r.tableId}`) ?? []) {
        if (o.playerId === p.playerId) continue;
        oppSum += points.get(o.playerId) ?? 0;
        oppCount++;
      }
    }
    const finishes = played.map((r) => (r.tableSize > 1 ? (r.place - 1) / (r.tableSize - 1) : 0));
    const last = mine.reduce<PlayerRoundResult | null>((a, r) => (a === null || r.round > a.round ? r : a), null);
    return {
      playerId: p.playerId,
      points: Math.round((points.get(p.playerId) ?? 0) * 1e6) / 1e6,
      opponentsPoints: oppCount ? Math.round((oppSum / oppCount) * 1e6) / 1e6 : 0,
      wins: played.filter((r) => r.place === 1).length,
      averageFinish: finishes.length ? finishes.reduce((a, b) => a + b, 0) / finishes.length : 1,
      played: played.length,
      byes: mine.length - played.length,
      dropped: p.dropped ?? false,
      eliminatedRound: p.eliminatedRound ?? null,
      lastPlace: last === null || last.bye ? 0 : last.place,
      lot: lot(seed, p.playerId),
    };
  });

  const elimination = opts.format === 'elimination';
  rows.sort((a, b) => {
    if (elimination) {
      const stage = (b.eliminatedRound ?? Infinity) - (a.eliminatedRound ?? Infinity);
      if (stage !== 0 && !Number.isNaN(stage)) return stage;
      if (a.lastPlace !== b.lastPlace) return a.lastPlace - b.lastPlace;
    }
    if (Math.abs(a.points - b.points) > EPS) return b.points - a.points;
    if (Math.abs(a.opponentsPoints - b.opponentsPoints) > EPS) return b.opponentsPoints - a.opponentsPoints;
    if (a.wins !== b.wins) return b.wins - a.wins;
    if (Math.abs(a.averageFinish - b.averageFinish) > EPS) return a.averageFinish - b.averageFinish;
    return a.lot - b.lot || (a.playerId < b.playerId ? -1 : 1);
  });
  return rows.map(({ lastPlace: _l, lot: _lot, ...row }, i) => ({ rank: i + 1, ...row }));
}
