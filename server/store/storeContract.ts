/**
 * The behaviour every Store must have, as one vitest suite run against each backend
 * (store.test.ts: embedded PGlite and PostgreSQL). `open` gives a fresh, empty store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameRecord, RatingRecord, Store, TableRecord, TournamentRecord } from './index.js';

export function game(id: string, over: Partial<GameRecord> = {}): GameRecord {
  return {
    id, game: 'bip_bip', variant: 'single', seed: 4_000_000_000, startedAt: 1_700_000_000_000, finishedAt: 1_700_000_060_000,
    durationMs: 60_000, summary: 'Ana wins',
    players: [
      { seat: 0, name: 'Ana', playerId: 'p1', bot: false, score: 12, place: 1 },
      { seat: 1, name: 'Bot', playerId: null, bot: true, score: 7, place: 2 },
    ],
    tournamentId: null, tableId: null, ...over,
  };
}

function tournament(id: string, over: Partial<TournamentRecord> = {}): TournamentRecord {
  return {
    id, name: 'Night', game: 'bip_bip', variant: 'single', format: 'swiss', tableSize: 4, seatMin: 2, seatMax: 4,
    rounds: 3, advancePerTable: 2, placementPoints: [3, 2, 1, 0], byePoints: null, startsAt: 1_700_000_000_000,
    privateCode: null, status: 'registration', currentRound: 0, seed: 123, createdAt: 1, updatedAt: 1, ...over,
  };
}

export function storeContract(label: string, open: () => Promise<Store | null>, expectedKind: Store['kind']): void {
  describe(`Store contract: ${label}`, () => {
    let store: Store | null = null;
    beforeAll(async () => { store = await open(); });
    afterAll(async () => { await store?.close(); });
    const s = (): Store => {
      if (!store) throw new Error('store not open');
      return store;
    };

    it('reports its kind', (ctx) => {
      if (!store) return ctx.skip();
      expect(s().kind).toBe(expectedKind);
    });

    it('saves and reads back a game result exactly (bigint seed and epoch ms survive)', async (ctx) => {
      if (!store) return ctx.skip();
      const r = game('room-a');
      await s().saveGameResult(r);
      expect(await s().getGameResult('room-a')).toEqual(r);
      expect(await s().getGameResult('nope')).toBeNull();
    });

    it('is idempotent on the room id', async (ctx) => {
      if (!store) return ctx.skip();
      await s().saveGameResult(game('room-b'));
      await s().saveGameResult(game('room-b', { summary: 'changed' }));
      expect((await s().getGameResult('room-b'))?.summary).toBe('Ana wins');
      expect((await s().listGameResults({ limit: 200 })).filter((g) => g.id === 'room-b')).toHaveLength(1);
    });

    it('lists newest first, filtered by game and tournament, with a limit', async (ctx) => {
      if (!store) return ctx.skip();
      for (let i = 0; i < 5; i++) {
        await s().saveGameResult(game(`list-${i}`, { game: 'car_exchange', finishedAt: 1_800_000_000_000 + i, tournamentId: i % 2 ? 't-list' : null }));
      }
      const all = await s().listGameResults({ game: 'car_exchange' });
      expect(all.map((g) => g.id)).toEqual(['list-4', 'list-3', 'list-2', 'list-1', 'list-0']);
      expect((await s().listGameResults({ game: 'car_exchange', limit: 2 })).map((g) => g.id)).toEqual(['list-4', 'list-3']);
      expect((await s().listGameResults({ tournamentId: 't-list' })).map((g) => g.id)).toEqual(['list-3', 'list-1']);
    });

    it('survives concurrent writes', async (ctx) => {
      if (!store) return ctx.skip();
      await Promise.all(Array.from({ length: 30 }, (_, i) => s().saveGameResult(game(`conc-${i % 10}`, { game: 'took_over' }))));
      expect(await s().listGameResults({ game: 'took_over', limit: 100 })).toHaveLength(10);
    });

    it('stores tournaments, finds them by code and by status, and updates them', async (ctx) => {
      if (!store) return ctx.skip();
      await s().createTournament(tournament('t1', { startsAt: 2 }));
      await s().createTournament(tournament('t2', { startsAt: 1, privateCode: 'ABC123', placementPoints: [5, 3, 1] }));
      expect(await s().getTournament('t1')).toEqual(tournament('t1', { startsAt: 2 }));
      expect((await s().findTournamentByCode('ABC123'))?.id).toBe('t2');
      expect((await s().findTournamentByCode('ABC123'))?.placementPoints).toEqual([5, 3, 1]);
      expect(await s().findTournamentByCode('ZZZ999')).toBeNull();
      expect((await s().listTournaments({ status: ['registration'] })).map((t) => t.id)).toEqual(['t2', 't1']);
      await s().updateTournament('t1', { status: 'running', currentRound: 1, updatedAt: 5 });
      expect(await s().getTournament('t1')).toMatchObject({ status: 'running', currentRound: 1, updatedAt: 5 });
      expect((await s().listTournaments({ status: ['running'] })).map((t) => t.id)).toEqual(['t1']);
      await expect(s().createTournament(tournament('t3', { privateCode: 'ABC123' }))).rejects.toThrow();
    });

    it('registers once per player and updates registrations', async (ctx) => {
      if (!store) return ctx.skip();
      await s().createTournament(tournament('t-reg'));
      const reg = { tournamentId: 't-reg', playerId: 'p1', name: 'Ana', guest: true, registeredAt: 10, checkedInAt: null, droppedAt: null, eliminatedRound: null };
      expect(await s().addRegistration(reg)).toBe(true);
      expect(await s().addRegistration({ ...reg, name: 'Again' })).toBe(false);
      expect(await s().addRegistration({ ...reg, playerId: 'p2', name: 'Bo', registeredAt: 11 })).toBe(true);
      await s().updateRegistration('t-reg', 'p1', { checkedInAt: 20, eliminatedRound: 2 });
      const list = await s().listRegistrations('t-reg');
      expect(list.map((r) => r.playerId)).toEqual(['p1', 'p2']);
      expect(list[0]).toEqual({ ...reg, checkedInAt: 20, eliminatedRound: 2 });
    });

    it('creates a round once, with tables and byes, and closes each table once', async (ctx) => {
      if (!store) return ctx.skip();
      await s().createTournament(tournament('t-round'));
      const table: TableRecord = {
        id: 't-round-r1-t1', tournamentId: 't-round', round: 1, number: 1,
        seats: [{ playerId: 'a', name: 'A' }, { playerId: 'b', name: 'B' }], roomId: null, status: 'pending',
        gameId: null, createdAt: 1, finishedAt: null,
      };
      const bye = { tournamentId: 't-round', round: 1, tableId: null, playerId: 'c', place: 0, tableSize: 1, points: 1.5, bye: true };
      const round = { tournamentId: 't-round', number: 1, status: 'playing' as const, startedAt: 1, finishedAt: null, repeats: 0 };
      expect(await s().createRound(round, [table], [bye])).toBe(true);
      expect(await s().createRound(round, [table], [bye])).toBe(false);
      expect(await s().listRounds('t-round')).toEqual([round]);
      expect(await s().listTables('t-round', 1)).toEqual([table]);

      expect(await s().markTableLaunched(table.id, 'room-0')).toBe(true);
      expect(await s().markTableLaunched(table.id, 'room-duplicate')).toBe(false);
      expect(await s().getTable(table.id)).toMatchObject({ roomId: 'room-0', status: 'playing' });
      // Reopened after its room was lost: only from the room it is in now, so two processes cannot both move it.
      expect(await s().relaunchTable(table.id, 'room-1', 'room-0')).toBe(true);
      expect(await s().relaunchTable(table.id, 'room-other', 'room-0')).toBe(false);
      expect(await s().getTable(table.id)).toMatchObject({ roomId: 'room-1', status: 'playing' });
      const results = [
        { tournamentId: 't-round', round: 1, tableId: table.id, playerId: 'a', place: 1, tableSize: 2, points: 3, bye: false },
        { tournamentId: 't-round', round: 1, tableId: table.id, playerId: 'b', place: 2, tableSize: 2, points: 0, bye: false },
      ];
      expect(await s().finishTable(table.id, { status: 'done', gameId: 'room-1', finishedAt: 9, results })).toBe(true);
      expect(await s().finishTable(table.id, { status: 'adjudicated', gameId: null, finishedAt: 10, results })).toBe(false);
      expect(await s().getTable(table.id)).toMatchObject({ status: 'done', gameId: 'room-1', finishedAt: 9 });
      expect(await s().relaunchTable(table.id, 'room-2', 'room-1')).toBe(false);
      expect(await s().listTableResults('t-round')).toEqual([...results, bye].sort((x, y) => (x.playerId < y.playerId ? -1 : 1)));
      await s().updateRound('t-round', 1, { status: 'done', finishedAt: 11 });
      expect((await s().listRounds('t-round'))[0]).toMatchObject({ status: 'done', finishedAt: 11 });
    });

    it('closes a table only once under concurrent reports', async (ctx) => {
      if (!store) return ctx.skip();
      await s().createTournament(tournament('t-race'));
      const table: TableRecord = {
        id: 't-race-r1-t1', tournamentId: 't-race', round: 1, number: 1, seats: [{ playerId: 'a', name: 'A' }],
        roomId: null, status: 'playing', gameId: null, createdAt: 1, finishedAt: null,
      };
      await s().createRound({ tournamentId: 't-race', number: 1, status: 'playing', startedAt: 1, finishedAt: null, repeats: 0 }, [table], []);
      const results = [{ tournamentId: 't-race', round: 1, tableId: table.id, playerId: 'a', place: 1, tableSize: 1, points: 3, bye: false }];
      const outcomes = await Promise.all(Array.from({ length: 5 }, () => s().finishTable(table.id, { status: 'done', gameId: 'g', finishedAt: 2, results })));
      expect(outcomes.filter(Boolean)).toHaveLength(1);
    });

    it('rates a game once and serves a leaderboard', async (ctx) => {
      if (!store) return ctx.skip();
      const compute = (current: RatingRecord[]): RatingRecord[] => ['p1', 'p2'].map((id, i) => ({
        game: 'rush_hour', playerId: id, name: id.toUpperCase(), mu: 25 + (i ? -1 : 1), sigma: 8, ordinal: i ? 0 : 2,
        games: (current.find((c) => c.playerId === id)?.games ?? 0) + 1, updatedAt: 1,
      }));
      expect(await s().rateGame('g-1', 'rush_hour', ['p1', 'p2'], compute)).toBe(true);
      expect(await s().rateGame('g-1', 'rush_hour', ['p1', 'p2'], () => { throw new Error('must not run'); })).toBe(false);
      expect(await s().rateGame('g-2', 'rush_hour', ['p1', 'p2'], compute)).toBe(true);
      expect((await s().getRatings('rush_hour', ['p1'])).map((r) => r.games)).toEqual([2]);
      const board = await s().leaderboard('rush_hour');
      expect(board.map((r) => r.playerId)).toEqual(['p1', 'p2']);
      expect(await s().leaderboard('rush_hour', { minGames: 3 })).toEqual([]);
      expect(await s().leaderboard('other_game')).toEqual([]);
    });

    it('rolls a rating update back when computing it fails', async (ctx) => {
      if (!store) return ctx.skip();
      await expect(s().rateGame('g-fail', 'took_over', ['x'], () => { throw new Error('boom'); })).rejects.toThrow('boom');
      expect(await s().rateGame('g-fail', 'took_over', ['x'], () => [])).toBe(true);
    });
  });
}
