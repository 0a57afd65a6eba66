/** ResultStorage against the real embedded store: one write for many callers, retried after a failure, log flushed first. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type GameRecord, type Store } from '../store/index.js';
import { gameRecord, ResultStorage } from './resultStorage.js';

let store: Store;
beforeAll(async () => { store = await openStore({ dataDir: 'memory://', databaseUrl: '' }); });
afterAll(async () => { await store.close(); });

const record = (id: string): GameRecord => gameRecord({
  id, game: 'took_over', variant: 'classic', seed: 7, startedAt: 1_000, finishedAt: 61_000,
  seats: [
    { seat: 1, name: 'Bot 2', bot: true, playerId: null, identityId: null },
    { seat: 0, name: 'Ana', bot: false, playerId: null, identityId: null },
  ],
  result: { seats: [{ seat: 0, place: 1, score: 0 }, { seat: 1, place: 2, score: 5 }], summary: { key: 'took_over:summary.win', params: { seat: '@0' } } },
  tournamentId: null, tableId: null, rated: false, private: false,
});

describe('gameRecord', () => {
  it('puts each seat with its place and score, in seat order, and the duration', () => {
    const r = record('r-0');
    expect(r.durationMs).toBe(60_000);
    expect(r.players.map((p) => [p.seat, p.name, p.place, p.score])).toEqual([[0, 'Ana', 1, 0], [1, 'Bot 2', 2, 5]]);
    expect(r.summary).toEqual({ key: 'took_over:summary.win', params: { seat: '@0' } });
  });
});

describe('ResultStorage', () => {
  it('stores once however often it is asked, after flushing the log, then reports it', async () => {
    const steps: string[] = [];
    const storage = new ResultStorage('r-1', {
      store: { saveGameResult: async (r) => { steps.push('save'); await store.saveGameResult(r); } },
      flushLog: async () => { steps.push('flush'); },
      onStored: async (r) => { steps.push(`stored ${r.id}`); },
    });
    await Promise.all([storage.store(() => record('r-1')), storage.store(() => record('r-1'))]);
    await storage.store(() => record('r-1'));
    expect(steps).toEqual(['flush', 'save', 'stored r-1']);
    expect((await store.getGameResult('r-1'))?.summary).toEqual({ key: 'took_over:summary.win', params: { seat: '@0' } });
  });

  it('retries a failed write, and gives up after five attempts so a later call can try again', async () => {
    let failures = 2;
    const storage = new ResultStorage('r-2', {
      store: { saveGameResult: async (r) => { if (failures-- > 0) throw new Error('store down'); await store.saveGameResult(r); } },
      flushLog: async () => undefined,
      onStored: async () => undefined,
      retryPauseMs: 1,
    });
    await storage.store(() => record('r-2'));
    expect(await store.getGameResult('r-2')).not.toBeNull();

    let calls = 0;
    const broken = new ResultStorage('r-3', {
      store: { saveGameResult: async () => { calls++; throw new Error('still down'); } },
      flushLog: async () => undefined, onStored: async () => undefined, retryPauseMs: 1,
    });
    await expect(broken.store(() => record('r-3'))).rejects.toThrow('still down');
    expect(calls).toBe(5);
    await expect(broken.store(() => record('r-3'))).rejects.toThrow('still down');
    expect(calls).toBe(10);
  });

  it('nothing to store before there is a result', async () => {
    const storage = new ResultStorage('r-4', { store, flushLog: async () => undefined, onStored: async () => undefined });
    await expect(storage.store(() => null)).resolves.toBeUndefined();
  });
});
