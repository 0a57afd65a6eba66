/**
 * The results outbox, spool and abandoned sweep against the real embedded store (PGlite): writes
 * that land but report a failure (a timeout after commit) are retried without doubling a rating;
 * records are delivered in the order the games ended; the bound refuses new tables without
 * dropping anything; what is left at shutdown round-trips through a spool file; the sweep ends
 * only games that are open nowhere, have no pending result and are not resumable.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type GameRecord, type GameSessionRecord, type Store } from '../server/store/index.js';
import { refusedForItsContent, ResultOutbox } from '../server/results/outbox.js';
import { readSpools, removeSpool, spoolDirFor, writeSpool } from '../server/results/spool.js';
import { AbandonedSweep, setResumableCheck } from '../server/results/abandonedSweep.js';
import { rateGame } from '../server/tournament/ratings.js';

let store: Store;
const dirs: string[] = [];
beforeAll(async () => { store = await openStore({ dataDir: 'memory://', databaseUrl: '' }); });
afterAll(async () => {
  await store.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function record(id: string, finishedAt: number): GameRecord {
  return {
    id, game: 'took_over', variant: 'classic', seed: 1, startedAt: finishedAt - 1000, finishedAt, durationMs: 1000,
    players: [
      { seat: 0, name: 'Ana', playerId: null, identityId: 'u_ob_ana', bot: false, score: 1, place: 1 },
      { seat: 1, name: 'Bo', playerId: null, identityId: 'u_ob_bo', bot: false, score: 0, place: 2 },
    ],
    summary: { key: 'took_over:summary.win', params: { seat: '@0' } }, tournamentId: null, tableId: null, rated: true, private: false,
  };
}

function session(id: string, startedAt: number): GameSessionRecord {
  return {
    id, game: 'took_over', variant: 'classic', options: { variant: 'classic', players: 2 }, seed: 1, startedAt,
    seats: [{ seat: 0, name: 'Ana', identityId: 'u_sw_ana', bot: false }, { seat: 1, name: 'Bot', identityId: null, bot: true }], private: false, rated: false,
  };
}

const unexpected = (r: GameRecord, error: unknown): void => { throw new Error(`${r.id} set aside: ${String(error)}`); };

describe('ResultOutbox', () => {
  it('retries writes that landed but reported a failure: every result stored and rated once, in order', async () => {
    const delivered: string[] = [];
    let lostAnswers = 3;
    const outbox = new ResultOutbox({
      deliver: async (r) => {
        await store.saveGameResult(r);
        await rateGame(store, r);
        // The store committed, but the answer never arrived (a cut connection): the outbox must retry.
        if (lostAnswers-- > 0) throw new Error('connection terminated unexpectedly');
        delivered.push(r.id);
      },
      retryFirstMs: 5, retryMaxMs: 20, pendingMax: 100, setAside: unexpected,
    });
    outbox.release();
    for (let i = 0; i < 3; i++) outbox.enqueue(record(`ob-${i}`, 10_000 + i));
    outbox.enqueue(record('ob-0', 10_000)); // the same game twice is one entry
    expect(outbox.size).toBe(3);
    expect(await outbox.drain(Date.now() + 30_000)).toBe(true);
    expect(delivered).toEqual(['ob-0', 'ob-1', 'ob-2']);
    for (let i = 0; i < 3; i++) expect(await store.getGameResult(`ob-${i}`)).not.toBeNull();
    const ratings = await store.getRatings('took_over', ['u_ob_ana', 'u_ob_bo']);
    expect(ratings.map((r) => r.games)).toEqual([3, 3]);
    expect((await store.listPlayerGames('u_ob_ana')).map((l) => l.gameId).filter((id) => id.startsWith('ob-'))).toHaveLength(3);
  });

  it('sets aside a record the store refuses for its content, so the results after it are stored', async () => {
    const setAside: string[] = [];
    const outbox = new ResultOutbox({
      deliver: (r) => store.saveGameResult(r), retryFirstMs: 5, retryMaxMs: 10, pendingMax: 10,
      setAside: (r) => { setAside.push(r.id); },
    });
    outbox.release();
    const poisoned = record('poison-0', 1);
    poisoned.players[0].name = 'A\u0000'; // jsonb refuses it on every attempt (SQLSTATE 22P05)
    outbox.enqueue(poisoned);
    outbox.enqueue(record('poison-1', 2));
    expect(await outbox.drain(Date.now() + 30_000)).toBe(true);
    expect(setAside).toEqual(['poison-0']);
    expect(await store.getGameResult('poison-1')).not.toBeNull();
    expect(await store.getGameResult('poison-0')).toBeNull();
    expect(refusedForItsContent(new Error('Connection terminated unexpectedly'))).toBe(false);
    expect(refusedForItsContent(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }))).toBe(false);
  });

  it('past its bound it says full (new tables are refused) but drops nothing', async () => {
    let open = false;
    const outbox = new ResultOutbox({
      deliver: async (r) => { if (!open) throw new Error('store down'); await store.saveGameResult(r); },
      retryFirstMs: 5, retryMaxMs: 10, pendingMax: 2, setAside: unexpected,
    });
    outbox.release();
    outbox.enqueue(record('full-0', 1));
    expect(outbox.full).toBe(false);
    outbox.enqueue(record('full-1', 2));
    expect(outbox.full).toBe(true);
    outbox.enqueue(record('full-2', 3));
    expect(outbox.size).toBe(3);
    expect(await outbox.drain(Date.now() + 200)).toBe(false);
    open = true;
    expect(await outbox.drain(Date.now() + 30_000)).toBe(true);
    expect(outbox.full).toBe(false);
    for (const id of ['full-0', 'full-1', 'full-2']) expect(await store.getGameResult(id)).not.toBeNull();
  });
});

describe('results spool', () => {
  it('hands what is left at shutdown to the next start, which removes each file once its results are stored', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'junction-spool-'));
    dirs.push(dir);
    const down = new ResultOutbox({ deliver: async () => { throw new Error('store down'); }, retryFirstMs: 5, retryMaxMs: 10, pendingMax: 10, setAside: unexpected });
    down.release();
    down.enqueue(record('sp-0', 1));
    down.enqueue(record('sp-1', 2));
    const left = down.close();
    expect(left.records.map((r) => r.id)).toEqual(['sp-0', 'sp-1']);
    const file = writeSpool(dir, left.records);
    expect(readdirSync(dir)).toEqual([path.basename(file)]); // no temporary file left behind

    const spools = readSpools(dir);
    expect(spools.map((s) => s.records.map((r) => r.id))).toEqual([['sp-0', 'sp-1']]);
    const next = new ResultOutbox({ deliver: (r) => store.saveGameResult(r), retryFirstMs: 5, retryMaxMs: 10, pendingMax: 10, setAside: unexpected });
    const removed: string[] = [];
    next.onOriginDone = (f) => { removed.push(f); removeSpool(f); };
    for (const r of spools[0].records) next.enqueue(r, spools[0].file);
    next.release(); // a start replays the spool first, and delivers once the process's hooks are set
    expect(await next.drain(Date.now() + 30_000)).toBe(true);
    expect(removed).toEqual([file]);
    expect(readdirSync(dir)).toEqual([]);
    expect(await store.getGameResult('sp-1')).not.toBeNull();
  });

  it('lives beside the embedded data folder, or in SPOOL_DIR; none for an in-memory store', () => {
    expect(spoolDirFor({ JUNCTION_DATA_DIR: '/srv/junction/pglite' })).toBe('/srv/junction/spool');
    expect(spoolDirFor({ JUNCTION_DATA_DIR: '/srv/junction/pglite', SPOOL_DIR: '/var/spool/junction' })).toBe('/var/spool/junction');
    expect(spoolDirFor({ JUNCTION_DATA_DIR: 'memory://' })).toBeNull();
    expect(spoolDirFor({ JUNCTION_DATA_DIR: 'memory://', DATABASE_URL: 'postgres://db/junction' })).toBe(path.resolve('data', 'spool'));
  });
});

describe('AbandonedSweep', () => {
  afterAll(() => setResumableCheck(() => false));

  it('ends only games open nowhere, with no pending result and not resumable; young games are left alone', async () => {
    const now = 1_000_000;
    for (const [id, at] of [['sw-open', 1], ['sw-pending', 2], ['sw-resumable', 3], ['sw-gone', 4], ['sw-young', now - 100]] as const) {
      await store.startGameSession(session(id, at));
    }
    setResumableCheck((s) => s.id === 'sw-resumable');
    const sweep = new AbandonedSweep({
      store,
      openRooms: async (ids) => new Set(ids.filter((id) => id === 'sw-open')),
      pendingResults: async (ids) => new Set(ids.filter((id) => id === 'sw-pending')),
      minAgeMs: 1000,
    });
    expect(await sweep.sweep(now)).toBe(1);
    const status = async (id: string) => (await store.getGameSession(id))?.status;
    expect(await status('sw-gone')).toBe('abandoned');
    for (const id of ['sw-open', 'sw-pending', 'sw-resumable', 'sw-young']) expect(await status(id)).toBe('running');
    expect((await store.listPlayerGames('u_sw_ana')).map((l) => [l.gameId, l.status])).toEqual([['sw-gone', 'abandoned']]);

    // Asked about one game (GET /api/games/:id): settled at once.
    setResumableCheck(() => false);
    expect(await sweep.settle((await store.getGameSession('sw-resumable'))!, now)).toBe('abandoned');
    expect(await sweep.settle((await store.getGameSession('sw-open'))!, now)).toBe('running');
    expect(await sweep.settle((await store.getGameSession('sw-young'))!, now)).toBe('running');
  });
});
