/**
 * The action log writer against the real embedded store: the session first, chunks in order,
 * batches of 64 written without waiting for the timer, a failed write retried, `flush()` waiting
 * for everything recorded so far, and entries copied when recorded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type GameSessionRecord, type Store } from '../store/index.js';
import { ActionLogWriter } from './actionLog.js';

let store: Store;
beforeAll(async () => { store = await openStore({ dataDir: 'memory://', databaseUrl: '' }); });
afterAll(async () => { await store.close(); });

const session = (id: string): GameSessionRecord => ({
  id, game: 'took_over', variant: 'classic', options: { variant: 'classic', players: 2 }, seed: 9, startedAt: 1_000,
  seats: [{ seat: 0, name: 'Ana#0001', identityId: 'u_a', bot: false }, { seat: 1, name: 'Bot 2', identityId: null, bot: true }],
  private: false, rated: false,
});

describe('ActionLogWriter', () => {
  it('writes the session, then every entry in order, relative to the start', async () => {
    const log = new ActionLogWriter(store, session('w-1'));
    const action = { type: 'play', card: 3 };
    log.applied(0, action, 1_250, false);
    action.card = 99; // the caller's object changes later: the log keeps what was applied
    log.advanced(2_000);
    log.lostRace(1, { type: 'grab' }, 2_100, 'taken');
    log.applied(1, { type: 'grab' }, 2_050, true);
    await log.flush();
    expect(await store.getGameSession('w-1')).toEqual({ ...session('w-1'), status: 'running', endedAt: null });
    expect(await store.readGameLog('w-1')).toEqual([
      { k: 'a', s: 0, a: { type: 'play', card: 3 }, t: 250 },
      { k: 'x', t: 1_000 },
      { k: 'l', s: 1, a: { type: 'grab' }, t: 1_100, e: 'taken' },
      { k: 'a', s: 1, a: { type: 'grab' }, t: 1_050, r: 1 },
    ]);
    expect(log.entries).toBe(4);
    expect(log.bytes).toBeGreaterThan(100);
  });

  it('writes a full batch without waiting for the timer, and many batches in order', async () => {
    const log = new ActionLogWriter(store, session('w-2'));
    for (let i = 0; i < 64; i++) log.applied(i % 2, { type: 'n', i }, 1_000 + i, false);
    // The 64th entry starts a write at once: no flush() call, no timer.
    await expect.poll(async () => (await store.readGameLog('w-2')).length, { timeout: 900, interval: 20 }).toBe(64);
    for (let i = 64; i < 200; i++) log.applied(i % 2, { type: 'n', i }, 1_000 + i, false);
    await log.flush();
    expect((await store.readGameLog('w-2')).map((e) => (e.k === 'a' ? (e.a as { i: number }).i : -1))).toEqual(Array.from({ length: 200 }, (_, i) => i));
  });

  it('retries a failed write and still keeps the order', async () => {
    let failures = 2;
    const flaky: Store = Object.create(store, {
      appendGameLog: {
        value: async (...args: Parameters<Store['appendGameLog']>) => {
          if (failures-- > 0) throw new Error('connection reset');
          return store.appendGameLog(...args);
        },
      },
    });
    const log = new ActionLogWriter(flaky, session('w-3'));
    log.applied(0, { type: 'a' }, 1_001, false);
    void log.flush();
    log.applied(1, { type: 'b' }, 1_002, false);
    await log.flush();
    expect((await store.readGameLog('w-3')).map((e) => (e.k === 'a' ? e.a : null))).toEqual([{ type: 'a' }, { type: 'b' }]);
  });
});
