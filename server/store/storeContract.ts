/**
 * The behaviour every Store must have, as one vitest suite run against each backend
 * (store.test.ts: embedded PGlite and PostgreSQL). `open` gives a fresh, empty store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameRecord, RatingRecord, Store, TableRecord, TournamentRecord } from './index.js';
import type { PushKind } from '../push/kinds.js';

export function game(id: string, over: Partial<GameRecord> = {}): GameRecord {
  return {
    id, game: 'bip_bip', variant: 'single', seed: 4_000_000_000, startedAt: 1_700_000_000_000, finishedAt: 1_700_000_060_000,
    durationMs: 60_000, summary: { key: 'railway_madness:summary.win', params: { seat: '@0', points: 4 } },
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
    privateCode: null, status: 'registration', currentRound: 0, seed: 123, createdAt: 1, updatedAt: 1, checkInGraceSeconds: 60, ...over,
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
      await s().saveGameResult(game('room-b', { summary: { key: 'changed' } }));
      expect((await s().getGameResult('room-b'))?.summary).toEqual({ key: 'railway_madness:summary.win', params: { seat: '@0', points: 4 } });
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
      await s().startGameSession({ id: 'list-4', game: 'car_exchange', variant: 'classic', options: { variant: 'classic', players: 2 }, seed: 1,
        startedAt: 1_800_000_000_000, seats: [], private: true, rated: false });
      await s().startGameSession({ id: 'list-3', game: 'car_exchange', variant: 'classic', options: { variant: 'classic', players: 2 }, seed: 1,
        startedAt: 1_800_000_000_000, seats: [], private: false, rated: false });
      expect((await s().listGameResults({ game: 'car_exchange', publicOnly: true })).map((g) => g.id)).toEqual(['list-3', 'list-2', 'list-1', 'list-0']);
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
      expect(await s().getRegistration('t-reg', 'p1')).toEqual(list[0]);
      expect(await s().getRegistration('t-reg', 'nobody')).toBeNull();
      expect(await s().countRegistrations('t-reg')).toBe(2);
      expect(await s().countRegistrations('no-such-tournament')).toBe(0);
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
      expect(await s().countOpenTables('t-round', 1)).toBe(1);
      expect(await s().countOpenTables('t-round', 2)).toBe(0);

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
      expect(await s().countOpenTables('t-round', 1)).toBe(0);
      expect(await s().relaunchTable(table.id, 'room-2', 'room-1')).toBe(false);
      expect(await s().listTableResults('t-round')).toEqual([...results, bye].sort((x, y) => (x.playerId < y.playerId ? -1 : 1)));
      await s().updateRound('t-round', 1, { status: 'done', finishedAt: 11 });
      expect((await s().listRounds('t-round'))[0]).toMatchObject({ status: 'done', finishedAt: 11 });
    });

    it('records a table\'s no-shows once per player and lists them by tournament', async (ctx) => {
      if (!store) return ctx.skip();
      await s().createTournament(tournament('t-noshow', { checkInGraceSeconds: 5 }));
      expect((await s().getTournament('t-noshow'))?.checkInGraceSeconds).toBe(5);
      const table: TableRecord = {
        id: 't-noshow-r1-t1', tournamentId: 't-noshow', round: 1, number: 1, seats: [{ playerId: 'a', name: 'A' }, { playerId: 'b', name: 'B' }],
        roomId: 'room-n', status: 'playing', gameId: null, createdAt: 1, finishedAt: null,
      };
      await s().createRound({ tournamentId: 't-noshow', number: 1, status: 'playing', startedAt: 1, finishedAt: null, repeats: 0 }, [table], []);
      const b = { tournamentId: 't-noshow', tableId: table.id, playerId: 'b', roomId: 'room-n', at: 7 };
      await s().addNoShows([b]);
      await s().addNoShows([{ ...b, at: 8 }]);
      await s().addNoShows([]);
      expect(await s().listNoShows('t-noshow')).toEqual([b]);
      expect(await s().listNoShows('t-other')).toEqual([]);
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

    it('keeps identities: unique name and tag, device tokens by hash, renames carried to ratings', async (ctx) => {
      if (!store) return ctx.skip();
      const ana = { id: 'u_ana', name: 'Ana', tag: '0001', createdAt: 1, updatedAt: 1 };
      expect(await s().createIdentity(ana, 'hash-ana')).toBe(true);
      expect(await s().createIdentity({ ...ana, id: 'u_ana2', name: 'ANA' }, 'hash-ana2')).toBe(false);
      expect(await s().createIdentity({ ...ana, id: 'u_ana3', tag: '0002' }, 'hash-ana3')).toBe(true);
      expect(await s().getIdentity('u_ana')).toEqual(ana);
      expect((await s().getIdentities(['u_ana3', 'u_nobody', 'u_ana'])).sort((a, b) => a.id.localeCompare(b.id))).toEqual([ana, { ...ana, id: 'u_ana3', tag: '0002' }]);
      expect(await s().getIdentities([])).toEqual([]);
      expect(await s().identityByDeviceToken('hash-ana')).toEqual(ana);
      expect(await s().identityByDeviceToken('hash-nobody')).toBeNull();
      await s().rateGame('g-ident', 'took_over', ['u_ana'], () => [{ game: 'took_over', playerId: 'u_ana', name: 'Ana#0001', mu: 25, sigma: 8, ordinal: 1, games: 1, updatedAt: 1 }]);
      expect(await s().renameIdentity('u_ana', 'Ana', '0002', 5)).toBe(false);
      expect(await s().renameIdentity('u_ana', 'Bea', '0001', 5)).toBe(true);
      expect(await s().getIdentity('u_ana')).toMatchObject({ name: 'Bea', tag: '0001', updatedAt: 5 });
      expect((await s().getRatings('took_over', ['u_ana']))[0].name).toBe('Bea#0001');
    });

    it('uses a transfer code once, and never after it expires; a transfer code is no device token', async (ctx) => {
      if (!store) return ctx.skip();
      await s().createIdentity({ id: 'u_move', name: 'Mover', tag: '0001', createdAt: 1, updatedAt: 1 }, 'hash-move');
      await s().addIdentityToken('code-1', 'u_move', 'transfer', 10, 1_000);
      await s().addIdentityToken('code-old', 'u_move', 'transfer', 10, 20);
      expect(await s().identityByDeviceToken('code-1')).toBeNull();
      expect(await s().takeTransferCode('code-1', 500)).toBe('u_move');
      expect(await s().takeTransferCode('code-1', 500)).toBeNull();
      expect(await s().takeTransferCode('code-old', 500)).toBeNull();
      await s().addIdentityToken('hash-move-2', 'u_move', 'device', 600, null);
      expect((await s().identityByDeviceToken('hash-move-2'))?.id).toBe('u_move');
    });

    it('keeps a session and its log chunks in order, once each, and prunes old ones', async (ctx) => {
      if (!store) return ctx.skip();
      const session = {
        id: 'log-1', game: 'bip_bip', variant: 'single', options: { variant: 'single', players: 2, extra: true }, seed: 4_000_000_001,
        startedAt: 1_700_000_000_000, seats: [{ seat: 0, name: 'Ana', identityId: 'u_x', bot: false }], private: true, rated: false,
      };
      await s().startGameSession(session);
      await s().startGameSession({ ...session, seed: 1 });
      expect(await s().getGameSession('log-1')).toEqual({ ...session, status: 'running', endedAt: null, journaled: false, abandonReason: null, sleeping: false, turn: null, tournament: null, filling: false });
      expect(await s().getGameSession('nope')).toBeNull();
      // No journal owner yet: nothing to reopen, so a join by id does not wait for it.
      expect(await s().isResumable('log-1')).toBe(false);
      expect(await s().isResumable('nope')).toBe(false);
      await s().appendGameLog('log-1', 1, [{ k: 'x', t: 30 }]);
      await s().appendGameLog('log-1', 0, [{ k: 'a', s: 0, a: { type: 'go' }, t: 10, r: 1 }, { k: 'l', s: 1, a: { type: 'go' }, t: 12, e: 'late' }]);
      await s().appendGameLog('log-1', 0, [{ k: 'x', t: 99 }]);
      expect(await s().readGameLog('log-1')).toEqual([
        { k: 'a', s: 0, a: { type: 'go' }, t: 10, r: 1 }, { k: 'l', s: 1, a: { type: 'go' }, t: 12, e: 'late' }, { k: 'x', t: 30 },
      ]);
      expect(await s().gameLogBytes('log-1')).toBeGreaterThan(40);
      expect(await s().pruneGameLogs(1_600_000_000_000)).toBe(0);
      expect(await s().pruneGameLogs(1_700_000_000_001)).toBe(1);
      expect(await s().getGameSession('log-1')).toBeNull();
      expect(await s().readGameLog('log-1')).toEqual([]);
    });

    it('takes a journaled table over: a new token, its row as claimed and its whole log, and the old token refused', async (ctx) => {
      if (!store) return ctx.skip();
      // Its own id per attempt: a retry must not find the first attempt's row already taken over.
      const id = `take-${Date.now()}`;
      const session = {
        id, game: 'railway_madness', variant: 'classic', options: { variant: 'classic', players: 2 }, seed: 11,
        startedAt: 1_700_000_000_000, seats: [{ seat: 0, name: 'Ana', identityId: 'u_t', bot: false }], private: true, rated: false,
      };
      expect(await s().commitJournal({
        sessions: [{ session, owner: 'dead', fence: 1, code: 'ABCD' }],
        chunks: [{ gameId: id, chunk: 0, fence: 1, entries: [{ k: 'a', s: 0, a: { type: 'go' }, t: 10 }] }, { gameId: id, chunk: 1, fence: 1, entries: [{ k: 'x', t: 30 }] }],
      })).toEqual({ fenced: [] });
      expect(await s().takeOverSession(id, 'survivor', 2)).toBeNull();
      expect(await s().takeOverSession('nope', 'survivor')).toBeNull();
      const taken = (await s().takeOverSession(id, 'survivor', 1))!;
      expect(taken.claim).toEqual({ fence: 2, chunks: 2, code: 'ABCD' });
      expect(taken.session).toMatchObject({ ...session, status: 'running', journaled: true, owner: 'survivor' });
      expect(taken.log).toEqual([{ k: 'a', s: 0, a: { type: 'go' }, t: 10 }, { k: 'x', t: 30 }]);
      // Another survivor that read the old token loses; the dead owner's late write is refused.
      expect(await s().takeOverSession(id, 'other', 1)).toBeNull();
      expect(await s().commitJournal({ sessions: [], chunks: [{ gameId: id, chunk: 2, fence: 1, entries: [{ k: 'x', t: 40 }] }] })).toEqual({ fenced: [id] });
      expect(await s().readGameLog(id)).toHaveLength(2);
    });

    it('puts a turn-based table to sleep under its token, and lets exactly one waker claim it', async (ctx) => {
      if (!store) return ctx.skip();
      const session = {
        id: 'sleep-1', game: 'rush_hour', variant: 'classic', options: { variant: 'classic', players: 2, pace: 'turn' }, seed: 7,
        startedAt: 1_700_000_000_000, seats: [{ seat: 0, name: 'Ana', identityId: 'u_s', bot: false }], private: true, rated: false,
      };
      await s().startGameSession(session);
      const claim = (await s().claimGameSession('sleep-1', 'first'))!;
      const turn = { seats: [0], deadline: 1_700_000_100_000, timeouts: [1, 0], activeSince: [1_700_000_050_000, 0] };
      expect(await s().sleepGameSession('sleep-1', claim.fence - 1, turn)).toBe(false);
      expect(await s().sleepGameSession('sleep-1', claim.fence, turn)).toBe(true);
      expect(await s().getGameSession('sleep-1')).toMatchObject({ sleeping: true, turn });
      // Asleep: neither the restart's resume nor the abandoned sweep sees it.
      expect((await s().listResumableSessions()).map((x) => x.id)).not.toContain('sleep-1');
      expect(await s().isResumable('sleep-1')).toBe(false);
      expect((await s().listRunningSessions({ startedBefore: Number.MAX_SAFE_INTEGER, limit: 1000 })).map((x) => x.id)).not.toContain('sleep-1');
      expect(await s().listDueSleepingSessions(turn.deadline - 1, 10)).toEqual([]);
      expect(await s().listDueSleepingSessions(turn.deadline, 10)).toEqual([{ id: 'sleep-1', game: 'rush_hour' }]);
      expect(await s().claimSleepingSession('sleep-1', 'early', turn.deadline - 1, turn.deadline + 1000, true)).toBeNull();
      const now = turn.deadline + 5;
      const claims = await Promise.all(['a', 'b', 'c'].map((owner) => s().claimSleepingSession('sleep-1', owner, now, now + 30_000, false)));
      const won = claims.filter((c) => c !== null);
      expect(won).toHaveLength(1);
      expect(won[0]).toMatchObject({ fence: claim.fence + 1, game: 'rush_hour' });
      // The winner's lease holds until it passes; then another waker may try (the first one died).
      expect(await s().claimSleepingSession('sleep-1', 'd', now + 1, now + 30_000, false)).toBeNull();
      expect(await s().claimSleepingSession('sleep-1', 'e', now + 30_001, now + 60_000, false)).toMatchObject({ fence: claim.fence + 2 });
      await s().markAwake('sleep-1', claim.fence + 2);
      expect(await s().getGameSession('sleep-1')).toMatchObject({ sleeping: false });
      expect(await s().claimSleepingSession('sleep-1', 'f', now + 60_001, now + 90_000, false)).toBeNull();
      expect(await s().pruneGameLogs(1_700_000_000_001)).toBeGreaterThanOrEqual(1);
    });

    it('keeps a turn-based queue table while it fills, under its token, until its game starts or it empties', async (ctx) => {
      if (!store) return ctx.skip();
      const options = { variant: 'classic', players: 3, pace: 'turn', moveClock: '12h' };
      const waiting = { id: 'fill-1', game: 'rush_hour', variant: 'classic', options, seed: 0, startedAt: 1_700_000_000_000, seats: [], private: false, rated: false };
      await s().openFillingSession(waiting, 'first');
      expect(await s().getGameSession('fill-1')).toMatchObject({ filling: true, status: 'running', journaled: true, seats: [] });
      // A restart or a survivor reopens it like any journaled table.
      expect((await s().listResumableSessions()).map((x) => x.id)).toContain('fill-1');
      expect(await s().isResumable('fill-1')).toBe(true);
      const ana = { seat: 0, name: 'Ana', identityId: 'u_fill', bot: false };
      expect(await s().updateFillingSeats('fill-1', 2, [ana])).toBe(false);
      expect(await s().updateFillingSeats('fill-1', 1, [ana])).toBe(true);
      expect((await s().listUnfinishedSessions('u_fill')).map((x) => x.id)).toContain('fill-1');
      const claim = (await s().claimGameSession('fill-1', 'second', 1))!;
      expect(claim.fence).toBe(2);
      // The old copy's writes are refused; the new one's go through.
      expect(await s().updateFillingSeats('fill-1', 1, [])).toBe(false);
      const bo = { seat: 1, name: 'Bo', identityId: 'u_fill_b', bot: false };
      expect(await s().updateFillingSeats('fill-1', 2, [ana, bo])).toBe(true);
      // Its game starts: the journal's first commit rewrites the row as the game's, under the token it holds.
      const game = { ...waiting, seed: 42, startedAt: 1_700_000_500_000, seats: [ana, bo, { seat: 2, name: 'Bot 3', identityId: null, bot: true }], rated: true };
      await s().commitJournal({ sessions: [{ session: game, owner: 'second', fence: 2, code: null }], chunks: [{ gameId: 'fill-1', chunk: 0, fence: 2, entries: [{ k: 'x', t: 5 }] }] });
      expect(await s().getGameSession('fill-1')).toMatchObject({ filling: false, seed: 42, startedAt: 1_700_000_500_000, seats: game.seats, rated: true });
      expect(await s().readGameLog('fill-1')).toEqual([{ k: 'x', t: 5 }]);
      // Started: neither seats nor removal apply any more, and a retried commit changes nothing.
      expect(await s().updateFillingSeats('fill-1', 2, [])).toBe(false);
      expect(await s().dropFillingSession('fill-1', 2)).toBe(false);
      await s().commitJournal({ sessions: [{ session: { ...game, seed: 1 }, owner: 'second', fence: 2, code: null }], chunks: [] });
      expect(await s().getGameSession('fill-1')).toMatchObject({ seed: 42 });

      // A queue table whose last player left: its row goes (under its token only).
      await s().openFillingSession({ ...waiting, id: 'fill-2' }, 'first');
      expect(await s().dropFillingSession('fill-2', 2)).toBe(false);
      expect(await s().dropFillingSession('fill-2', 1)).toBe(true);
      expect(await s().getGameSession('fill-2')).toBeNull();
    });

    it('lists the unfinished sessions an identity sits at, newest first, without the finished ones', async (ctx) => {
      if (!store) return ctx.skip();
      const base = { game: 'bip_bip', variant: 'single', options: { variant: 'single', players: 2 }, seed: 1, private: false, rated: false };
      const seats = (...ids: (string | null)[]) => ids.map((identityId, seat) => ({ seat, name: `P${seat}`, identityId, bot: identityId === null }));
      await s().startGameSession({ ...base, id: 'run-old', startedAt: 1_000, seats: seats('u_run', null) });
      await s().startGameSession({ ...base, id: 'run-new', startedAt: 2_000, seats: seats('u_other', 'u_run') });
      await s().startGameSession({ ...base, id: 'run-done', startedAt: 3_000, seats: seats('u_run', 'u_other') });
      await s().startGameSession({ ...base, id: 'run-not-mine', startedAt: 4_000, seats: seats('u_other', null) });
      await s().saveGameResult(game('run-done', { players: [
        { seat: 0, name: 'P0', playerId: null, identityId: 'u_run', bot: false, score: 1, place: 1 },
        { seat: 1, name: 'P1', playerId: null, identityId: 'u_other', bot: false, score: 0, place: 2 },
      ] }));
      expect((await s().listUnfinishedSessions('u_run')).map((r) => r.id)).toEqual(['run-new', 'run-old']);
      expect((await s().listUnfinishedSessions('u_run', { limit: 1 })).map((r) => r.id)).toEqual(['run-new']);
      expect(await s().listUnfinishedSessions('u_nobody')).toEqual([]);
    });

    it('writes one history line per identity with a stored game, with the rating after it and a rank', async (ctx) => {
      if (!store) return ctx.skip();
      const players = [
        { seat: 0, name: 'Ana#1', playerId: null, identityId: 'u_h1', bot: false, score: 3, place: 1 },
        { seat: 1, name: 'Bot 2', playerId: null, identityId: null, bot: true, score: 2, place: 2 },
        { seat: 2, name: 'Bo#2', playerId: null, identityId: 'u_h2', bot: false, score: 1, place: 3 },
      ];
      await s().saveGameResult(game('hist-1', { game: 'rush_hour', variant: 'kids', players, rated: true, finishedAt: 100 }));
      await s().saveGameResult(game('hist-2', { game: 'rush_hour', variant: 'classic', players, private: true, finishedAt: 200 }));
      await s().saveGameResult(game('hist-2', { game: 'rush_hour', variant: 'classic', players, finishedAt: 300 }));
      const lines = await s().listPlayerGames('u_h1');
      expect(lines.map((l) => [l.gameId, l.ratingKey, l.rated, l.private, l.place, l.seats])).toEqual([
        ['hist-2', 'rush_hour', false, true, 1, 3], ['hist-1', 'rush_hour:kids', true, false, 1, 3],
      ]);
      expect(await s().listPlayerGames('u_h1', { limit: 1 })).toHaveLength(1);
      expect(await s().countPlayerGames('u_h1')).toBe(2);
      expect(await s().countPlayerGames('u_h1', { publicOnly: true })).toBe(1);
      expect(await s().countPlayerGames('u_nobody')).toBe(0);
      expect(await s().listPlayerGames('u_h1', { ratingKey: 'rush_hour:kids' })).toHaveLength(1);
      await s().rateGame('hist-1', 'rush_hour:kids', ['u_h1', 'u_h2'], () => [
        { game: 'rush_hour:kids', playerId: 'u_h1', name: 'Ana#1', mu: 28, sigma: 7, ordinal: 7.25, games: 1, updatedAt: 1 },
        { game: 'rush_hour:kids', playerId: 'u_h2', name: 'Bo#2', mu: 22, sigma: 7, ordinal: 1, games: 1, updatedAt: 1 },
      ]);
      expect((await s().listPlayerGames('u_h2', { ratingKey: 'rush_hour:kids' }))[0].ordinalAfter).toBe(1);
      expect((await s().listPlayerGames('u_h1', { ratingKey: 'rush_hour:kids' }))[0].ordinalAfter).toBe(7.25);
      expect((await s().ratingsOf('u_h1')).map((r) => r.game)).toEqual(['rush_hour:kids']);
      expect(await s().rankOf('rush_hour:kids', 'u_h1')).toBe(1);
      expect(await s().rankOf('rush_hour:kids', 'u_h2')).toBe(2);
      expect(await s().rankOf('rush_hour:kids', 'u_nobody')).toBeNull();
    });

    it('ends a session in one state: finished with its result, or abandoned (a late result still wins)', async (ctx) => {
      if (!store) return ctx.skip();
      const seats = [{ seat: 0, name: 'Ana', identityId: 'u_st1', bot: false }, { seat: 1, name: 'Bot', identityId: null, bot: true }];
      const session = (id: string, startedAt: number) => ({
        id, game: 'took_over', variant: 'classic', options: { variant: 'classic', players: 2 }, seed: 5, startedAt, seats, private: false, rated: true,
      });
      const players = [
        { seat: 0, name: 'Ana', playerId: null, identityId: 'u_st1', bot: false, score: 3, place: 1 },
        { seat: 1, name: 'Bot', playerId: null, identityId: null, bot: true, score: 1, place: 2 },
      ];
      for (const [id, at] of [['st-done', 10], ['st-gone', 20], ['st-late', 30], ['st-young', 5_000]] as const) await s().startGameSession(session(id, at));
      await s().saveGameResult(game('st-done', { game: 'took_over', variant: 'classic', players, finishedAt: 400 }));
      expect(await s().getGameSession('st-done')).toMatchObject({ status: 'finished', endedAt: 400 });

      const running = await s().listRunningSessions({ startedBefore: 1_000, limit: 10 });
      expect(running.map((r) => r.id).filter((id) => id.startsWith('st-'))).toEqual(['st-gone', 'st-late']);
      const page = await s().listRunningSessions({ startedBefore: 1_000, limit: 10, after: { startedAt: 20, id: 'st-gone' } });
      expect(page.map((r) => r.id).filter((id) => id.startsWith('st-'))).toEqual(['st-late']);

      expect(await s().abandonGameSession('st-done', 500)).toBe(false);
      expect(await s().abandonGameSession('st-gone', 500)).toBe(true);
      expect(await s().abandonGameSession('st-gone', 600)).toBe(false);
      expect(await s().getGameSession('st-gone')).toMatchObject({ status: 'abandoned', endedAt: 500 });
      expect(await s().abandonGameSession('st-late', 700)).toBe(true);
      const lines = await s().listPlayerGames('u_st1');
      expect(lines.map((l) => [l.gameId, l.status, l.place])).toEqual([['st-late', 'abandoned', 0], ['st-gone', 'abandoned', 0], ['st-done', 'finished', 1]]);
      expect(await s().countPlayerGames('u_st1')).toBe(1);

      // A result that waited in an outbox while the sweep ran: the game is finished after all.
      await s().saveGameResult(game('st-late', { game: 'took_over', variant: 'classic', players, finishedAt: 800 }));
      expect(await s().getGameSession('st-late')).toMatchObject({ status: 'finished', endedAt: 800 });
      expect((await s().listPlayerGames('u_st1')).map((l) => [l.gameId, l.status, l.place])).toEqual([
        ['st-late', 'finished', 1], ['st-gone', 'abandoned', 0], ['st-done', 'finished', 1],
      ]);
      expect(await s().countPlayerGames('u_st1')).toBe(2);
    });

    it('rolls a rating update back when computing it fails', async (ctx) => {
      if (!store) return ctx.skip();
      await expect(s().rateGame('g-fail', 'took_over', ['x'], () => { throw new Error('boom'); })).rejects.toThrow('boom');
      expect(await s().rateGame('g-fail', 'took_over', ['x'], () => [])).toBe(true);
    });

    it('keeps mutes within their cap, reports newest first, one sanction of each kind, leaves once per game, and a table\'s chat', async (ctx) => {
      if (!store) return ctx.skip();
      const social = s().social;
      expect(await social.setMute('u_so1', 'u_so2', true, 1, 2)).toBe(true);
      expect(await social.setMute('u_so1', 'u_so2', true, 2, 2)).toBe(true);
      expect(await social.setMute('u_so1', 'u_so3', true, 3, 2)).toBe(true);
      expect(await social.setMute('u_so1', 'u_so4', true, 4, 2)).toBe(false);
      expect((await social.listMutes('u_so1')).sort()).toEqual(['u_so2', 'u_so3']);
      await social.setMute('u_so1', 'u_so2', false, 5, 2);
      expect(await social.listMutes('u_so1')).toEqual(['u_so3']);

      const line = { n: 1, channel: 'table' as const, seat: 0, name: 'Ana#1', text: 'null\u0000byte', at: 10 };
      for (const [id, at] of [['rep-1', 100], ['rep-2', 200]] as const) {
        await social.addReport({ id, reporterId: 'u_so1', reportedId: 'u_so2', reportedName: 'Bo#2', gameId: 'g-so', game: 'took_over', reason: 'rude', chat: [line], moves: [{ k: 'x', t: 5 }], createdAt: at });
      }
      expect((await social.listReports({ limit: 10, reportedId: 'u_so2' })).map((r) => r.id)).toEqual(['rep-2', 'rep-1']);
      // A U+0000 (jsonb refuses it) comes back as U+FFFD rather than sinking the report.
      expect((await social.listReports({ limit: 1, reportedId: 'u_so2' }))[0].chat).toEqual([{ ...line, text: 'null\ufffdbyte' }]);
      expect(await social.countReportsSince('u_so1', 150)).toBe(1);

      await social.setSanction({ identityId: 'u_so2', kind: 'silence', until: 1_000, reason: 'rude', createdAt: 1 });
      await social.setSanction({ identityId: 'u_so2', kind: 'silence', until: 2_000, reason: 'spam', createdAt: 2 });
      expect(await social.activeSanctions('u_so2', 1_500)).toEqual([{ identityId: 'u_so2', kind: 'silence', until: 2_000, reason: 'spam', createdAt: 2 }]);
      expect(await social.activeSanctions('u_so2', 2_000)).toEqual([]);

      await social.recordLeave('u_so2', 'g-1', 100);
      await social.recordLeave('u_so2', 'g-1', 150);
      await social.recordLeave('u_so2', 'g-2', 200);
      expect(await social.leavesSince('u_so2', 0)).toEqual([100, 200]);
      expect(await social.countLeaves('u_so2')).toBe(2);

      await social.saveGameChat('g-so', [line]);
      expect(await social.readGameChat('g-so')).toEqual([{ ...line, text: 'null\ufffdbyte' }]);
      expect(await social.readGameChat('g-none')).toEqual([]);
    });

    it('keeps push subscriptions per identity, newest few, moves an endpoint to its new identity, removes by owner', async (ctx) => {
      if (!store) return ctx.skip();
      const push = s().push;
      const sub = (endpoint: string, identityId: string, createdAt: number, kinds: PushKind[] = ['your_turn']) => ({ endpoint, identityId, p256dh: 'k'.repeat(87), auth: 'a'.repeat(22), lang: 'fr' as const, kinds, createdAt });
      for (let i = 0; i < 4; i++) await push.savePushSubscription(sub(`https://push.example/${i}`, 'u_pu1', i + 1), 3);
      expect((await push.listPushSubscriptions('u_pu1')).map((r) => r.endpoint)).toEqual(['https://push.example/3', 'https://push.example/2', 'https://push.example/1']);
      expect((await push.listPushSubscriptions('u_pu1'))[0]).toMatchObject({ lang: 'fr', createdAt: 4 });
      // Subscribing again with other kinds replaces them (the lobby's switches).
      await push.savePushSubscription(sub('https://push.example/3', 'u_pu1', 4, ['invitation', 'your_turn']), 3);
      expect((await push.listPushSubscriptions('u_pu1'))[0].kinds).toEqual(['your_turn', 'invitation']);
      await push.savePushSubscription(sub('https://push.example/3', 'u_pu1', 4, ['invitation']), 3);
      expect((await push.listPushSubscriptions('u_pu1'))[0].kinds).toEqual(['invitation']);
      await push.savePushSubscription(sub('https://push.example/3', 'u_pu2', 10), 3);
      expect((await push.listPushSubscriptions('u_pu2')).map((r) => r.endpoint)).toEqual(['https://push.example/3']);
      expect(await push.listPushSubscriptions('u_pu1')).toHaveLength(2);
      expect(await push.removePushSubscription('https://push.example/2', 'u_pu2')).toBe(false);
      expect(await push.removePushSubscription('https://push.example/2')).toBe(true);
      expect((await push.listPushSubscriptions('u_pu1')).map((r) => r.endpoint)).toEqual(['https://push.example/1']);
    });

    it('finds an identity by name#tag; keeps follows, blocks and pending invitations within their caps; a block ends follows and invitations both ways', async (ctx) => {
      if (!store) return ctx.skip();
      const friends = s().friends;
      for (const [id, name] of [['u_fr1', 'Ana'], ['u_fr2', 'Bo'], ['u_fr3', 'Cy'], ['u_fr4', 'Di']] as const) {
        expect(await s().createIdentity({ id, name, tag: '0042', createdAt: 1, updatedAt: 1 }, `hash-${id}`)).toBe(true);
      }
      expect((await friends.identityByNameTag('Bo', '0042'))?.id).toBe('u_fr2');
      expect((await friends.identityByNameTag('BO', '0042'))?.id).toBe('u_fr2');
      expect(await friends.identityByNameTag('Bo', '0043')).toBeNull();

      expect(await friends.follows.add('u_fr1', 'u_fr2', 10, 2)).toBe(true);
      expect(await friends.follows.add('u_fr1', 'u_fr2', 11, 2)).toBe(true);
      expect(await friends.follows.add('u_fr1', 'u_fr3', 12, 2)).toBe(true);
      expect(await friends.follows.add('u_fr1', 'u_fr4', 13, 2)).toBe(false);
      expect((await friends.follows.list('u_fr1')).map((f) => [f.identity.name, f.since])).toEqual([['Bo', 10], ['Cy', 12]]);
      expect(await friends.follows.has('u_fr1', 'u_fr3')).toBe(true);
      await friends.follows.remove('u_fr1', 'u_fr3');
      expect(await friends.follows.has('u_fr1', 'u_fr3')).toBe(false);

      const invite = (id: string, fromId: string, toId: string, roomId: string, createdAt = 100) => ({ id, fromId, toId, roomId, game: 'took_over', createdAt, expiresAt: createdAt + 1000 });
      expect(await friends.addInvite(invite('i1', 'u_fr1', 'u_fr2', 'r1'), 2, 2)).toBe('ok');
      expect(await friends.addInvite(invite('i2', 'u_fr1', 'u_fr2', 'r1', 150), 2, 2)).toBe('ok'); // renewed, not a second one
      expect(await friends.addInvite(invite('i3', 'u_fr1', 'u_fr3', 'r1'), 2, 2)).toBe('ok');
      expect(await friends.addInvite(invite('i4', 'u_fr1', 'u_fr4', 'r1'), 2, 2)).toBe('sender_full');
      expect(await friends.addInvite(invite('i5', 'u_fr3', 'u_fr2', 'r2'), 2, 1)).toBe('recipient_full');
      const pending = await friends.invitesTo('u_fr2', 200);
      expect(pending.map((i) => [i.id, i.roomId, i.from.name, i.createdAt, i.expiresAt])).toEqual([['i2', 'r1', 'Ana', 150, 1150]]);
      expect(await friends.invitesTo('u_fr2', 1150)).toEqual([]);
      expect((await friends.invitesFrom('u_fr1', 200)).map((i) => i.id)).toEqual(['i2', 'i3']);
      // Expired invitations no longer count against the cap.
      expect(await friends.addInvite(invite('i6', 'u_fr1', 'u_fr4', 'r1', 5000), 2, 2)).toBe('ok');
      expect(await friends.deleteInvite('i6', 'u_fr2')).toBe(false);
      expect(await friends.deleteInvite('i6', 'u_fr4')).toBe(true);

      await friends.follows.add('u_fr2', 'u_fr1', 20, 5);
      await friends.addInvite(invite('i7', 'u_fr2', 'u_fr1', 'r3', 6000), 2, 2);
      expect(await friends.blocks.add('u_fr1', 'u_fr2', 30, 1)).toBe(true);
      expect(await friends.blocks.add('u_fr1', 'u_fr3', 31, 1)).toBe(false);
      expect(await friends.follows.has('u_fr1', 'u_fr2')).toBe(false);
      expect(await friends.follows.has('u_fr2', 'u_fr1')).toBe(false);
      expect(await friends.invitesTo('u_fr1', 6000)).toEqual([]);
      expect(await friends.blockedBetween('u_fr2', 'u_fr1')).toBe(true);
      expect(await friends.blockedBetween('u_fr2', 'u_fr3')).toBe(false);
      expect(await friends.blockRelations('u_fr2')).toEqual(['u_fr1']);
      expect(await friends.blockersAmong('u_fr2', ['u_fr1', 'u_fr3'])).toEqual(['u_fr1']);
      expect((await friends.blocks.list('u_fr1')).map((b) => b.identity.id)).toEqual(['u_fr2']);
      await friends.blocks.remove('u_fr1', 'u_fr2');
      expect(await friends.blockedBetween('u_fr1', 'u_fr2')).toBe(false);
    });

    it('reads the last public games of many identities in one query, newest first, a few each', async (ctx) => {
      if (!store) return ctx.skip();
      const seat = (seatNo: number, identityId: string, place: number) => ({ seat: seatNo, name: identityId, playerId: null, identityId, bot: false, score: 0, place });
      for (let i = 0; i < 5; i++) {
        await s().saveGameResult(game(`rec-${i}`, { game: 'took_over', finishedAt: 1_000 + i, private: i === 4, players: [seat(0, 'u_rc1', 1), seat(1, 'u_rc2', 2)] }));
      }
      await s().saveGameResult(game('rec-solo', { game: 'bip_bip', finishedAt: 500, players: [seat(0, 'u_rc3', 1), seat(1, 'u_rc9', 2)] }));
      const recent = await s().friends.recentPublicGames(['u_rc1', 'u_rc2', 'u_rc3', 'u_rc4'], 3);
      expect([...recent.keys()]).toEqual(['u_rc1', 'u_rc2', 'u_rc3', 'u_rc4']);
      expect(recent.get('u_rc1')!.map((g) => [g.gameId, g.place, g.seats])).toEqual([['rec-3', 1, 2], ['rec-2', 1, 2], ['rec-1', 1, 2]]);
      expect(recent.get('u_rc2')!.map((g) => g.gameId)).toEqual(['rec-3', 'rec-2', 'rec-1']);
      expect(recent.get('u_rc3')).toEqual([{ gameId: 'rec-solo', game: 'bip_bip', finishedAt: 500, place: 1, seats: 2, status: 'finished' }]);
      expect(recent.get('u_rc4')).toEqual([]);
      expect(await s().friends.recentPublicGames([], 3)).toEqual(new Map());
    });
  });
}
