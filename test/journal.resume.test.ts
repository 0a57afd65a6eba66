/**
 * Reopening tables from their journals in a real server (issue 24): a sound journal reopens with
 * the same id; one the engine no longer replays, and one of a game this server does not know, are
 * closed as abandoned with the reason kept (never tried again); neither stops the others.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootServer, ready, type TestServer } from './support/server.js';
import { resumeTables } from '../server/journal/resume.js';
import { roomServices } from '../server/rooms/services.js';
import { PROCESS_OWNER } from '../server/journal/committer.js';
import type { GameSessionRecord, JournalCommit } from '../server/store/index.js';

let server: TestServer;
beforeAll(async () => { server = await bootServer(); });
afterAll(async () => { await server.stop(); });

const session = (id: string, game = 'took_over'): GameSessionRecord => ({
  id, game, variant: 'classic', options: { variant: 'classic', players: 2, paceMs: 500, idleMs: 120_000 }, seed: 42, startedAt: Date.now() - 5_000,
  seats: [{ seat: 0, name: 'Ana#0001', identityId: null, bot: false }, { seat: 1, name: 'Bot 2', identityId: null, bot: true }],
  private: false, rated: false,
});

describe('reopening journals', () => {
  it('reopens the sound one and abandons the ones that cannot be replayed, with the reason kept', async () => {
    const store = server.junction.store;
    const commit: JournalCommit = {
      sessions: [
        { session: session('sound-1'), owner: PROCESS_OWNER, fence: 1, code: null },
        { session: session('corrupt-1'), owner: PROCESS_OWNER, fence: 1, code: null },
        { session: session('unknown-1', 'no_such_game'), owner: PROCESS_OWNER, fence: 1, code: null },
      ],
      // An action no engine accepts: the rebuild diverges at entry 0.
      chunks: [{ gameId: 'corrupt-1', chunk: 0, fence: 1, entries: [{ k: 'a', s: 0, a: { type: 'teleport' }, t: 10 }] }],
    };
    expect(await store.commitJournal(commit)).toEqual({ fenced: [] });

    const outcome = await resumeTables(store, roomServices().internalKey);
    expect(outcome.resumed).toEqual(['sound-1']);
    expect(outcome.abandoned.sort()).toEqual(['corrupt-1', 'unknown-1']);
    expect(outcome.failed).toEqual([]);
    expect((await store.listResumableSessions()).map((s) => s.id)).toEqual(['sound-1']);

    const watcher = await ready(await server.client().joinById<{ phase: string; seats: number }>('sound-1', { spectator: true }));
    expect(watcher.state.phase).toBe('playing');
    expect(watcher.state.seats).toBe(2);
    // Claimed once more by the resume: the next copy writes under token 2.
    expect(await store.claimGameSession('sound-1', 'next')).toMatchObject({ fence: 3 });
    await watcher.leave(true);
  }, 120_000);
});
