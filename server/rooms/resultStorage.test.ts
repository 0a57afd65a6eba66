/** ResultStorage against the real embedded store: one hand-over to the outbox for many callers, log flushed first. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type GameRecord, type Store } from '../store/index.js';
import { gameRecord, ResultStorage } from './resultStorage.js';
import { ResultOutbox } from '../results/outbox.js';
import type { GameResult } from '../../shared/games/contract.js';
import { TableState } from '../state/TableState.js';
import { writeResult } from '../state/tableMirror.js';
import { readResult } from '../../shared/wire/table.js';

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

describe('the stored result comes from the engine\'s GameResult', () => {
  const stored = (result: GameResult) => gameRecord({
    id: 'r', game: 'g', variant: 'v', seed: 1, startedAt: 0, finishedAt: 1, tournamentId: null, tableId: null, rated: false, private: false,
    seats: [{ seat: 0, name: 'Ana', bot: false, playerId: null, identityId: null }, { seat: 1, name: 'Bo', bot: false, playerId: null, identityId: null }],
    result,
  });
  /** What the players read of the same result on the table (the schema, as the room wrote it). */
  const shown = (result: GameResult) => {
    const state = new TableState();
    writeResult(state, result);
    return readResult(state)!;
  };

  it.each<[string, GameResult]>([
    ['a key with parameters', { seats: [{ seat: 0, place: 1, score: 3 }, { seat: 1, place: 2, score: 1 }], summary: { key: 'g:summary.win', params: { seat: '@0', points: 3 } } }],
    ['a key alone', { seats: [{ seat: 1, place: 1, score: 0 }, { seat: 0, place: 1, score: 0 }], summary: { key: 'g:summary.draw' } }],
  ])('%s: the same summary, places and scores the players read', (_case, result) => {
    const record = stored(result);
    const table = shown(result);
    expect(record.summary).toEqual(table.summary);
    expect(record.players.map((p) => [p.seat, p.place, p.score])).toEqual(
      [...table.seats].sort((a, b) => a.seat - b.seat).map((s) => [s.seat, s.place, s.score]),
    );
  });
});

describe('ResultStorage', () => {
  it('hands the record to the outbox once however often it is asked, after flushing the log', async () => {
    const steps: string[] = [];
    const outbox = new ResultOutbox({
      deliver: async (r) => { steps.push(`deliver ${r.id}`); await store.saveGameResult(r); },
      retryFirstMs: 10, retryMaxMs: 10, pendingMax: 10, setAside: () => { throw new Error('not expected'); },
    });
    outbox.release();
    const storage = new ResultStorage({
      outbox: { enqueue: (r) => { steps.push('enqueue'); outbox.enqueue(r); } },
      flushLog: async () => { steps.push('flush'); },
    });
    await Promise.all([storage.store(() => record('r-1')), storage.store(() => record('r-1'))]);
    await storage.store(() => record('r-1'));
    expect(await outbox.drain(Date.now() + 30_000)).toBe(true);
    expect(steps).toEqual(['flush', 'enqueue', 'deliver r-1']);
    expect((await store.getGameResult('r-1'))?.summary).toEqual({ key: 'took_over:summary.win', params: { seat: '@0' } });
  });

  it('nothing to hand over before there is a result', async () => {
    const storage = new ResultStorage({ outbox: { enqueue: () => { throw new Error('not expected'); } }, flushLog: async () => undefined });
    await expect(storage.store(() => null)).resolves.toBeUndefined();
  });
});
