import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type GameRecord, type Store } from '../store/index.js';
import { INITIAL_MU, leaderboard, rateGame } from './ratings.js';
import { displayValue } from '../../shared/ratings/display.js';

function record(id: string, game: string, seats: [string | null, number][]): GameRecord {
  return {
    id, game, variant: 'classic', seed: 1, startedAt: 1, finishedAt: 2, durationMs: 1, summary: { key: 'x' },
    players: seats.map(([identityId, place], seat) => ({ seat, name: identityId ?? 'Bot', playerId: null, identityId, bot: identityId === null, score: 0, place })),
    tournamentId: null, tableId: null, rated: true,
  };
}

describe('ratings', () => {
  let store: Store;
  beforeAll(async () => { store = await openStore({ dataDir: 'memory://', databaseUrl: '' }); });
  afterAll(async () => { await store.close(); });

  it('moves the winner up and the last down, ties alike, once per game', async () => {
    expect(await rateGame(store, record('g1', 'took_over', [['a', 2], ['b', 1], ['c', 2], ['d', 4]]))).toBe(true);
    expect(await rateGame(store, record('g1', 'took_over', [['a', 1], ['b', 2], ['c', 3], ['d', 4]]))).toBe(false);
    const r = new Map((await store.getRatings('took_over', ['a', 'b', 'c', 'd'])).map((x) => [x.playerId, x]));
    expect(r.get('b')!.mu).toBeGreaterThan(INITIAL_MU);
    expect(r.get('d')!.mu).toBeLessThan(INITIAL_MU);
    expect(r.get('a')!.mu).toBeCloseTo(r.get('c')!.mu, 9);
    expect(r.get('a')!.mu).toBeLessThan(r.get('b')!.mu);
    expect(r.get('a')!.mu).toBeGreaterThan(r.get('d')!.mu);
    expect([...r.values()].every((x) => x.games === 1 && x.sigma < 25 / 3)).toBe(true);
  });

  it('rates only games marked rated', async () => {
    expect(await rateGame(store, { ...record('unrated', 'bip_bip', [['u1', 1], ['u2', 2]]), rated: false })).toBe(false);
    expect(await store.getRatings('bip_bip', ['u1', 'u2'])).toEqual([]);
  });

  it('keeps variant families apart (Rush Hour kids vs classic)', async () => {
    expect(await rateGame(store, { ...record('kids-1', 'rush_hour', [['k1', 1], ['k2', 2]]), variant: 'kids' })).toBe(true);
    expect(await store.getRatings('rush_hour', ['k1'])).toEqual([]);
    expect((await store.getRatings('rush_hour:kids', ['k1', 'k2'])).length).toBe(2);
  });

  it('rates only seats with an identity (bots are left out), and needs two of them', async () => {
    expect(await rateGame(store, record('g2', 'bip_bip', [['a', 1], [null, 2]]))).toBe(false);
    expect(await rateGame(store, record('g3', 'bip_bip', [['a', 1], [null, 2], ['b', 3]]))).toBe(true);
    expect((await store.getRatings('bip_bip', ['a', 'b'])).map((x) => x.playerId).sort()).toEqual(['a', 'b']);
  });

  it('keeps ratings per game and ranks the leaderboard by ordinal', async () => {
    for (let i = 0; i < 6; i++) {
      await rateGame(store, record(`lb-${i}`, 'car_exchange', [['ace', 1], ['mid', 2], ['low', 3]]));
    }
    const board = await leaderboard(store, 'car_exchange');
    expect(board.map((e) => e.playerId)).toEqual(['ace', 'mid', 'low']);
    expect(board.map((e) => e.rank)).toEqual([1, 2, 3]);
    expect(board[0]).toMatchObject({ name: 'ace', games: 6 });
    expect(board[0].rating).toBeGreaterThan(board[1].rating);
    // What players read: on the 1500 scale, in the same order, never negative, settled after 5 games.
    expect(board.every((e) => Math.abs(e.display - displayValue(e.rating)) <= 1)).toBe(true);
    expect(board[0].display).toBeGreaterThan(board[1].display);
    expect(board[1].display).toBeGreaterThan(board[2].display);
    expect(board.every((e) => e.display > 0 && !e.provisional)).toBe(true);
    expect(await leaderboard(store, 'car_exchange', { limit: 1 })).toHaveLength(1);
    expect(await leaderboard(store, 'car_exchange', { minGames: 7 })).toEqual([]);
    expect((await leaderboard(store, 'took_over')).map((e) => e.playerId)).not.toContain('ace');
  });

  it('rates concurrent games of the same players without losing an update', async () => {
    await Promise.all(Array.from({ length: 5 }, (_, i) => rateGame(store, record(`cc-${i}`, 'traffic_tango', [['x', 1], ['y', 2]]))));
    const [x] = await store.getRatings('traffic_tango', ['x']);
    expect(x.games).toBe(5);
  });
});
