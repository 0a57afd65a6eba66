import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../shared/random.js';
import { openStore, type GameRecord, type Store } from '../store/index.js';
import { TournamentService, type CreateTournamentInput, type TableLauncher } from './service.js';

type Launch = Parameters<TableLauncher['launch']>[0];
type Launched = Launch & { roomId: string };

/** Records every launch (a stand-in for the room launcher; the real one is tested over sockets); `finishAll` plays the open tables with seeded random places. */
class FakeLauncher implements TableLauncher {
  launches: Launched[] = [];
  reported = new Set<string>();
  /** Rooms open on any process, for every launcher (tests share one store, so one cluster). */
  static readonly openRooms = new Set<string>();
  discarded: string[] = [];
  failNext = 0;
  private rng = new Rng(99);

  async launch(t: Launch): Promise<{ roomId: string }> {
    if (this.failNext > 0) {
      this.failNext--;
      throw new Error('no room for you');
    }
    const earlier = this.launches.filter((l) => l.tableId === t.tableId).length;
    const roomId = earlier === 0 ? `room-${t.tableId}` : `room-${t.tableId}-${earlier}`;
    this.launches.push({ ...t, roomId });
    FakeLauncher.openRooms.add(roomId);
    return { roomId };
  }

  /** Runs just before the next room look-up (to stage what happens between two reads). */
  beforeLookup: (() => Promise<void>) | null = null;

  async openRooms(roomIds: readonly string[]): Promise<Set<string>> {
    const staged = this.beforeLookup;
    this.beforeLookup = null;
    await staged?.();
    return new Set(roomIds.filter((id) => FakeLauncher.openRooms.has(id)));
  }

  async discard(roomId: string): Promise<void> {
    this.discarded.push(roomId);
    FakeLauncher.openRooms.delete(roomId);
  }

  /** The room's process stopped. */
  lose(roomId: string): void {
    FakeLauncher.openRooms.delete(roomId);
  }

  open(): Launched[] {
    return this.launches.filter((l) => !this.reported.has(l.tableId) && FakeLauncher.openRooms.has(l.roomId));
  }

  record(l: Launched, places?: number[]): GameRecord {
    const order = places ?? this.rng.shuffle(l.seats.map((_, i) => i + 1));
    return {
      id: l.roomId, game: l.game, variant: l.variant, seed: 1, startedAt: 1, finishedAt: 2, durationMs: 1,
      players: l.seats.map((s, seat) => ({ seat, name: s.name, playerId: s.playerId, bot: false, score: 10 - order[seat], place: order[seat] })),
      summary: { key: 'done' }, tournamentId: l.tournamentId, tableId: l.tableId,
    };
  }

  async finishAll(service: TournamentService, count = Infinity): Promise<void> {
    for (const l of this.open().slice(0, count)) {
      this.reported.add(l.tableId);
      await service.reportTableResult(l.tableId, this.record(l));
    }
  }
}

const base: CreateTournamentInput = { game: 'rush_hour', variant: 'classic', tableSize: 4, rounds: 3, format: 'swiss', startsAt: 0 };

async function withPlayers(service: TournamentService, input: CreateTournamentInput, n: number, checkedIn = n) {
  const t = await service.create(input);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = await service.register(t.id, { name: `Player ${i + 1}`, code: t.privateCode ?? undefined });
    ids.push(r.playerId);
    if (i < checkedIn) await service.checkIn(t.id, r.playerId);
  }
  return { t, ids };
}

describe('TournamentService (embedded store)', () => {
  let store: Store;
  beforeAll(async () => { store = await openStore({ dataDir: 'memory://', databaseUrl: '' }); });
  afterAll(async () => { await store.close(); });

  it('runs a Swiss tournament: no-shows unseated, tables launched each round, standings, finish', async () => {
    const launcher = new FakeLauncher();
    const service = new TournamentService({ store, launcher, seed: 1 });
    const changes: string[] = [];
    service.onChange((id) => changes.push(id));
    const { t, ids } = await withPlayers(service, base, 11, 10);
    const noShow = ids[10];
    await service.start(t.id);

    for (let round = 1; round <= 3; round++) {
      const view = (await service.get(t.id))!;
      expect(view.tournament.currentRound).toBe(round);
      const tables = view.rounds[round - 1].tables;
      expect(tables.map((x) => x.seats.length).sort()).toEqual([3, 3, 4]);
      expect(tables.every((x) => x.status === 'playing' && x.roomId === `room-${x.id}`)).toBe(true);
      expect(tables.flatMap((x) => x.seats.map((s) => s.playerId))).not.toContain(noShow);
      await launcher.finishAll(service);
    }
    const done = (await service.get(t.id))!;
    expect(done.tournament.status).toBe('finished');
    expect(launcher.launches).toHaveLength(9);
    expect(launcher.launches.every((l) => l.game === 'rush_hour' && l.variant === 'classic')).toBe(true);
    expect(done.standings).toHaveLength(10);
    expect(done.standings.map((s) => s.playerId)).not.toContain(noShow);
    expect(done.standings.every((s) => s.played === 3)).toBe(true);
    const total = done.standings.reduce((a, s) => a + s.points, 0);
    // Per round: a table of 4 gives 3+2+1+0, tables of 3 give 3+1.5+0 each.
    expect(total).toBeCloseTo(3 * (6 + 4.5 + 4.5));
    expect(changes.filter((id) => id === t.id).length).toBeGreaterThan(5);
  });

  it('counts a table result once, and ignores results for unknown tables', async () => {
    const launcher = new FakeLauncher();
    const service = new TournamentService({ store, launcher, seed: 2 });
    const { t } = await withPlayers(service, { ...base, rounds: 1 }, 8);
    await service.start(t.id);
    const [first] = launcher.open();
    const record = launcher.record(first, [1, 2, 3, 4]);
    // As the results outbox does: the record is stored, then reported.
    await store.saveGameResult(record);
    expect(await service.reportTableResult(first.tableId, record)).toBe(true);
    expect(await service.reportTableResult(first.tableId, record)).toBe(false);
    expect(await service.reportTableResult(first.tableId, launcher.record(first, [4, 3, 2, 1]))).toBe(false);
    expect(await service.reportTableResult('no-such-table', record)).toBe(false);
    const standings = await service.standings(t.id);
    expect(standings.find((s) => s.playerId === first.seats[0].playerId)?.points).toBe(3);
  });

  it('passes the organiser\'s check-in grace to every table (60 s by default, bounded) and records no-shows once, from the table\'s own room only', async () => {
    const launcher = new FakeLauncher();
    const service = new TournamentService({ store, launcher, seed: 5 });
    await expect(service.create({ ...base, checkInGraceSeconds: 0 })).rejects.toMatchObject({ code: 'bad_request' });
    await expect(service.create({ ...base, checkInGraceSeconds: 601 })).rejects.toMatchObject({ code: 'bad_request' });
    await expect(service.create({ ...base, checkInGraceSeconds: 2.5 })).rejects.toMatchObject({ code: 'bad_request' });
    expect((await service.create(base)).checkInGraceSeconds).toBe(60);
    const { t } = await withPlayers(service, { ...base, rounds: 1, checkInGraceSeconds: 7 }, 4);
    await service.start(t.id);
    const [table] = launcher.open();
    expect(table.checkInGraceSeconds).toBe(7);
    const [a, b] = table.seats.map((s) => s.playerId);
    // Before the launch is stored (check-in closed at once): asked again later, nothing recorded.
    const planned = { ...(await store.getTable(table.tableId))!, id: `${table.tableId}-planned`, number: 99, roomId: null, status: 'pending' as const };
    await store.createRound({ tournamentId: t.id, number: 2, status: 'playing', startedAt: 1, finishedAt: null, repeats: 0 }, [{ ...planned, round: 2 }], []);
    expect(await service.recordNoShows(planned.id, 'room-early', [a])).toBeNull();
    // Another room, an unknown table, a player not seated here: nothing is recorded.
    expect(await service.recordNoShows(table.tableId, 'room-elsewhere', [a])).toBe(0);
    expect(await service.recordNoShows('no-such-table', table.roomId, [a])).toBe(0);
    expect(await service.recordNoShows(table.tableId, table.roomId, ['g_stranger'])).toBe(0);
    expect(await service.recordNoShows(table.tableId, table.roomId, [a, b, a])).toBe(2);
    expect(await service.recordNoShows(table.tableId, table.roomId, [a])).toBe(1); // reported again: still one row
    const view = (await service.get(t.id))!;
    expect(view.noShows.map((n) => n.playerId).sort()).toEqual([a, b].sort());
    expect(view.noShows.every((n) => n.tableId === table.tableId && n.roomId === table.roomId)).toBe(true);
  });

  it('scores ties and missing players: shared places share points, an absent seat is last', async () => {
    const launcher = new FakeLauncher();
    const service = new TournamentService({ store, launcher, seed: 3 });
    const { t } = await withPlayers(service, { ...base, rounds: 1 }, 4);
    await service.start(t.id);
    const [l] = launcher.open();
    const record = launcher.record(l, [1, 1, 3, 4]);
    record.players = record.players.slice(0, 3);
    await service.reportTableResult(l.tableId, record);
    const points = new Map((await service.standings(t.id)).map((s) => [s.playerId, s.points]));
    expect(l.seats.map((s) => points.get(s.playerId))).toEqual([2.5, 2.5, 1, 0]);
  });

  it('gives fair byes when the game seats exactly two', async () => {
    const launcher = new FakeLauncher();
    const service = new TournamentService({ store, launcher, seed: 4, seatRange: () => ({ min: 2, max: 2 }) });
    const { t, ids } = await withPlayers(service, { ...base, game: 'railway_madness', variant: 'longest_train', tableSize: 2, rounds: 5 }, 5);
    await service.start(t.id);
    for (let round = 1; round <= 5; round++) await launcher.finishAll(service);
    const view = (await service.get(t.id))!;
    expect(view.tournament.status).toBe('finished');
    const byes = view.rounds.flatMap((r) => r.byes);
    expect(byes).toHaveLength(5);
    expect(new Set(byes)).toEqual(new Set(ids));
    expect(view.standings.every((s) => s.byes === 1 && s.played === 4)).toBe(true);
  });

  it('pauses between rounds and resumes on unpause', async () => {
    const launcher = new FakeLauncher();
    const service = new TournamentService({ store, launcher, seed: 5 });
    const { t } = await withPlayers(service, { ...base, rounds: 2 }, 8);
    await service.start(t.id);
    await service.pause(t.id);
    await launcher.finishAll(service);
    expect((await service.get(t.id))!.tournament).toMatchObject({ status: 'paused', currentRound: 1 });
    expect(launcher.launches).toHaveLength(2);
    await service.unpause(t.id);
    expect((await service.get(t.id))!.tournament).toMatchObject({ status: 'running', currentRound: 2 });
    expect(launcher.launches).toHaveLength(4);
    await launcher.finishAll(service);
    expect((await service.get(t.id))!.tournament.status).toBe('finished');
  });

  it('drops a player from later rounds and lets late Swiss check-ins in', async () => {
    const launcher = new FakeLauncher();
    const service = new TournamentService({ store, launcher, seed: 6 });
    const { t, ids } = await withPlayers(service, { ...base, rounds: 2 }, 9, 8);
    await service.start(t.id);
    await service.dropPlayer(t.id, ids[0]);
    await service.checkIn(t.id, ids[8]);
    await launcher.finishAll(service);
    const round2 = (await service.get(t.id))!.rounds[1];
    const seated = round2.tables.flatMap((x) => x.seats.map((s) => s.playerId));
    expect(seated).not.toContain(ids[0]);
    expect(seated).toContain(ids[8]);
    expect(seated).toHaveLength(8);
  });

  it('ends a round early by adjudication: open tables all tied, late results ignored', async () => {
    const launcher = new FakeLauncher();
    const service = new TournamentService({ store, launcher, seed: 7 });
    const { t } = await withPlayers(service, { ...base, rounds: 2 }, 8);
    await service.start(t.id);
    await launcher.finishAll(service, 1);
    const [late] = launcher.open();
    expect(await service.endRoundEarly(t.id)).toBe(1);
    const view = (await service.get(t.id))!;
    expect(view.rounds[0].status).toBe('adjudicated');
    expect(view.rounds[0].tables.map((x) => x.status).sort()).toEqual(['adjudicated', 'done']);
    expect(view.tournament.currentRound).toBe(2);
    for (const s of late.seats) expect(view.standings.find((x) => x.playerId === s.playerId)?.points).toBe(1.5);
    launcher.reported.add(late.tableId);
    expect(await service.reportTableResult(late.tableId, launcher.record(late))).toBe(false);
  });

  it('runs an elimination: top 2 of each table go through until a final table', async () => {
    const launcher = new FakeLauncher();
    const service = new TournamentService({ store, launcher, seed: 8 });
    const { t, ids } = await withPlayers(service, { ...base, format: 'elimination', advancePerTable: 2 }, 16);
    await service.start(t.id);
    const tablesPerRound: number[] = [];
    let finalWinner = '';
    for (let round = 1; round <= 5 && (await service.get(t.id))!.tournament.status === 'running'; round++) {
      const open = launcher.open();
      tablesPerRound.push(open.length);
      if (open.length === 1) finalWinner = open[0].seats[0].playerId;
      for (const l of open) {
        launcher.reported.add(l.tableId);
        await service.reportTableResult(l.tableId, launcher.record(l, l.seats.map((_, i) => i + 1)));
      }
    }
    expect(tablesPerRound).toEqual([4, 2, 1]);
    const view = (await service.get(t.id))!;
    expect(view.tournament.status).toBe('finished');
    expect(view.standings[0].playerId).toBe(finalWinner);
    expect(view.players.filter((p) => p.eliminatedRound === 1)).toHaveLength(8);
    expect(view.players.filter((p) => p.eliminatedRound === 2)).toHaveLength(4);
    expect(view.standings.slice(0, 4).every((s) => s.eliminatedRound === null)).toBe(true);
    expect(ids).toHaveLength(16);
    await expect(service.checkIn(t.id, ids[0])).rejects.toThrow();
  });

  it('guards registration: private code, guest ids, duplicates, closed after start, minimum players', async () => {
    const launcher = new FakeLauncher();
    const service = new TournamentService({ store, launcher, seed: 9 });
    const t = await service.create({ ...base, privateCode: true });
    expect(t.privateCode).toMatch(/^[A-Z2-9]{8}$/);
    expect((await service.get(t.id))?.tournament.privateCode).toBe(t.privateCode);
    await expect(service.register(t.id, { name: 'Eve' })).rejects.toMatchObject({ code: 'forbidden' });
    const guest = await service.register(t.id, { name: 'Ana', code: t.privateCode!.toLowerCase() });
    expect(guest.guest).toBe(true);
    expect(guest.playerId).toMatch(/^g_/);
    const member = await service.register(t.id, { name: 'Bo', playerId: 'user-1', code: t.privateCode! });
    expect(await service.register(t.id, { name: 'Bo again', playerId: 'user-1', code: t.privateCode! })).toEqual(member);
    await service.checkIn(t.id, guest.playerId);
    await expect(service.start(t.id)).rejects.toMatchObject({ code: 'wrong_state' });
    await service.checkIn(t.id, member.playerId);
    await service.start(t.id);
    await expect(service.register(t.id, { name: 'Late', code: t.privateCode! })).rejects.toMatchObject({ code: 'wrong_state' });
    const known = new TournamentService({ store, launcher, seed: 9, seatRange: (game) => (game === 'rush_hour' ? { min: 2, max: 5 } : null) });
    await expect(known.create({ ...base, tableSize: 6 })).rejects.toMatchObject({ code: 'bad_request' });
    await expect(known.create({ ...base, game: 'chess' })).rejects.toMatchObject({ code: 'bad_request' });
    await expect(known.create({ ...base, rounds: 0 })).rejects.toMatchObject({ code: 'bad_request' });
    await expect(service.get('nope')).resolves.toBeNull();
  });

  it('starts tournaments whose time has come', async () => {
    let now = 1_000;
    const launcher = new FakeLauncher();
    const service = new TournamentService({ store, launcher, seed: 10, now: () => now });
    const { t } = await withPlayers(service, { ...base, startsAt: 5_000 }, 4);
    expect(await service.startDue()).not.toContain(t.id);
    now = 5_000;
    expect(await service.startDue()).toContain(t.id);
    expect((await service.get(t.id))!.tournament.status).toBe('running');
  });

  it('starts a due tournament even when more than a thousand due junk ones without players come before it', async () => {
    let now = 1_000;
    const service = new TournamentService({ store, launcher: new FakeLauncher(), seed: 12, now: () => now });
    for (let i = 0; i < 1_050; i++) await service.create({ ...base, name: `junk ${i}`, startsAt: 2_000 + i });
    const { t } = await withPlayers(service, { ...base, startsAt: 4_000_000 }, 4);
    now = 5_000_000;
    expect(await service.startDue()).toEqual([t.id]);
    expect((await service.get(t.id))!.tournament.status).toBe('running');
  }, 240_000);

  it('retries a failed launch on resume()', async () => {
    const launcher = new FakeLauncher();
    const errors: string[] = [];
    const service = new TournamentService({ store, launcher, seed: 11, onError: (_e, where) => errors.push(where) });
    const { t } = await withPlayers(service, { ...base, rounds: 1 }, 8);
    launcher.failNext = 1;
    await service.start(t.id);
    expect(launcher.launches).toHaveLength(1);
    expect(errors).toHaveLength(1);
    await service.resume();
    expect(launcher.launches).toHaveLength(2);
    expect((await service.get(t.id))!.rounds[0].tables.every((x) => x.status === 'playing')).toBe(true);
  });

  it('reopens a table whose room was lost with its process; only the new room\'s result counts', async () => {
    const launcher = new FakeLauncher();
    const service = new TournamentService({ store, launcher, seed: 13 });
    const { t } = await withPlayers(service, { ...base, rounds: 1 }, 8);
    await service.start(t.id);
    const [lost] = launcher.open();
    launcher.lose(lost.roomId);
    await service.resume();
    const table = (await service.get(t.id))!.rounds[0].tables.find((x) => x.id === lost.tableId)!;
    expect(table).toMatchObject({ status: 'playing', roomId: `${lost.roomId}-1` });
    expect(await service.reportTableResult(lost.tableId, launcher.record(lost))).toBe(false);
    await service.resume();
    expect(launcher.launches).toHaveLength(3);
    await launcher.finishAll(service);
    const done = (await service.get(t.id))!;
    expect(done.tournament.status).toBe('finished');
    expect(done.rounds[0].tables.find((x) => x.id === lost.tableId)!.gameId).toBe(`${lost.roomId}-1`);
  });

  it('a room that stores its result and closes during the sweep is reported, not replayed', async () => {
    const launcher = new FakeLauncher();
    const service = new TournamentService({ store, launcher, seed: 15 });
    const { t } = await withPlayers(service, { ...base, rounds: 1 }, 8);
    await service.start(t.id);
    const [done] = launcher.open();
    // After the sweep read the stored results, the room stores its own and closes before reporting it.
    launcher.beforeLookup = async () => {
      await store.saveGameResult(launcher.record(done, [1, 2, 3, 4]));
      launcher.lose(done.roomId);
      launcher.reported.add(done.tableId);
    };
    await service.resume();
    expect(launcher.launches.filter((l) => l.tableId === done.tableId)).toHaveLength(1);
    const table = (await service.get(t.id))!.rounds[0].tables.find((x) => x.id === done.tableId)!;
    expect(table).toMatchObject({ status: 'done', gameId: done.roomId });
  });

  it('a result that is not its round\'s last starts nothing; the last two reported at once by two processes start the next round once', async () => {
    const launcher = new FakeLauncher();
    const processes = [1, 2].map(() => new TournamentService({ store, launcher, seed: 15 }));
    const { t } = await withPlayers(processes[0], { ...base, rounds: 2 }, 12);
    await processes[0].start(t.id);
    const [first, ...others] = launcher.open();
    expect(others).toHaveLength(2);
    const stored = async (l: Launched) => {
      const record = launcher.record(l);
      await store.saveGameResult(record);
      return record;
    };
    expect(await processes[1].reportTableResult(first.tableId, await stored(first))).toBe(true);
    expect((await processes[0].get(t.id))!.rounds).toHaveLength(1);
    expect(launcher.launches).toHaveLength(3);

    const records = await Promise.all(others.map(stored));
    expect(await Promise.all(others.map((l, i) => processes[i].reportTableResult(l.tableId, records[i])))).toEqual([true, true]);
    const view = (await processes[0].get(t.id))!;
    expect(view.rounds.map((r) => [r.number, r.status])).toEqual([[1, 'done'], [2, 'playing']]);
    expect(view.rounds[1].tables).toHaveLength(3);
    expect(view.rounds[1].tables.every((x) => x.status === 'playing')).toBe(true);
    for (const table of view.rounds[1].tables) {
      const open = launcher.launches.filter((l) => l.tableId === table.id && FakeLauncher.openRooms.has(l.roomId));
      expect(open.map((l) => l.roomId)).toEqual([table.roomId]);
    }
  });

  it('two processes opening the same tables at once: each table keeps one room, the others are closed', async () => {
    const launcher = new FakeLauncher();
    const processes = [1, 2].map(() => new TournamentService({ store, launcher, seed: 14 }));
    const { t } = await withPlayers(processes[0], { ...base, rounds: 1 }, 16);
    launcher.failNext = 4;
    await processes[0].start(t.id);
    expect((await processes[0].get(t.id))!.rounds[0].tables.every((x) => x.status === 'pending')).toBe(true);
    await Promise.all(processes.map((p) => p.resume()));
    const [lost] = launcher.open();
    launcher.lose(lost.roomId);
    await Promise.all(processes.map((p) => p.resume()));
    for (const table of (await processes[0].get(t.id))!.rounds[0].tables) {
      const open = launcher.launches.filter((l) => l.tableId === table.id && FakeLauncher.openRooms.has(l.roomId));
      expect(open.map((l) => l.roomId)).toEqual([table.roomId]);
    }
    // Both processes did launch (the race happened) and every losing room was closed.
    expect(launcher.discarded.length).toBeGreaterThan(0);
    expect(launcher.launches.length).toBe(4 + 1 + launcher.discarded.length);
  });
});

describe('TournamentService across a restart', () => {
  const dir = mkdtempSync(join(tmpdir(), 'junction-tournament-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('resumes mid-tournament from the stored state and finishes without losing a result', async () => {
    const dataDir = join(dir, 'pglite');
    const launcher = new FakeLauncher();
    let store = await openStore({ dataDir, databaseUrl: '' });
    let service = new TournamentService({ store, launcher, seed: 12 });
    const { t } = await withPlayers(service, { ...base, rounds: 3 }, 12);
    await service.start(t.id);
    await launcher.finishAll(service);                 // round 1 complete
    await launcher.finishAll(service, 1);              // round 2: one table reported
    // Another table's room stored its result, but the process died before reporting it.
    const [stored] = launcher.open();
    launcher.reported.add(stored.tableId);
    await store.saveGameResult(launcher.record(stored));
    await store.close();

    store = await openStore({ dataDir, databaseUrl: '' });
    service = new TournamentService({ store, launcher, seed: 12 });
    await service.resume();
    let view = (await service.get(t.id))!;
    expect(view.tournament.currentRound).toBe(2);
    expect(view.rounds[1].tables.filter((x) => x.status === 'done')).toHaveLength(2);
    await launcher.finishAll(service);                 // round 2 complete
    await launcher.finishAll(service);                 // round 3 complete
    view = (await service.get(t.id))!;
    expect(view.tournament.status).toBe('finished');
    expect(view.standings.every((s) => s.played === 3)).toBe(true);
    expect(await store.listTableResults(t.id)).toHaveLength(36);
    expect(launcher.launches).toHaveLength(9);
    await store.close();
  });
});
