/**
 * Reopening tables from their journals in a real server (issue 24): a sound journal reopens with
 * the same id; one the engine no longer replays, and one of a game this server does not know, are
 * ended as abandoned (the session's status, the reason kept; never tried again); neither stops the
 * others. The abandoned sweep leaves a journaled table to the resume and still ends one with no journal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootServer, ready, type TestServer } from './support/server.js';
import { resumeTables } from '../server/journal/resume.js';
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

    const outcome = await resumeTables(store, server.junction.internalKey);
    expect(outcome.resumed).toEqual(['sound-1']);
    expect(outcome.abandoned.sort()).toEqual(['corrupt-1', 'unknown-1']);
    expect(outcome.failed).toEqual([]);
    expect((await store.listResumableSessions()).map((s) => s.id)).toEqual(['sound-1']);
    expect(await store.getGameSession('corrupt-1')).toMatchObject({ status: 'abandoned', abandonReason: expect.stringContaining('does not replay') });
    expect(await store.getGameSession('unknown-1')).toMatchObject({ status: 'abandoned', abandonReason: 'unknown game no_such_game' });
    expect(await store.getGameSession('sound-1')).toMatchObject({ status: 'running', journaled: true });

    const watcher = await ready(await server.client().joinById<{ phase: string; seats: number }>('sound-1', { spectator: true }));
    expect(watcher.state.phase).toBe('playing');
    expect(watcher.state.seats).toBe(2);
    // Claimed once more by the resume: the next copy writes under token 2.
    expect(await store.claimGameSession('sound-1', 'next')).toMatchObject({ fence: 3 });
    await watcher.leave(true);
  }, 120_000);

  it('the sweep leaves a journaled table with no room to the resume, and abandons one with no journal', async () => {
    const store = server.junction.store;
    const old = Date.now() - 60_000;
    // A journaled session whose room is open nowhere (its process died and the resume has not run yet).
    expect(await store.commitJournal({ sessions: [{ session: { ...session('waiting-1'), startedAt: old }, owner: 'gone-process', fence: 1, code: null }], chunks: [] })).toEqual({ fenced: [] });
    // One written without a journal owner (before 005_journal): nothing can reopen it.
    await store.startGameSession({ ...session('unjournaled-1'), startedAt: old });
    // A journaled session of a game this server does not know: not resumable either.
    expect(await store.commitJournal({ sessions: [{ session: { ...session('unknown-2', 'no_such_game'), startedAt: old }, owner: 'gone-process', fence: 1, code: null }], chunks: [] })).toEqual({ fenced: [] });

    await server.junction.results.sweep.sweep();
    expect(await store.getGameSession('waiting-1')).toMatchObject({ status: 'running' });
    expect(await store.getGameSession('unjournaled-1')).toMatchObject({ status: 'abandoned' });
    expect(await store.getGameSession('unknown-2')).toMatchObject({ status: 'abandoned' });
  }, 120_000);
});
