/**
 * The embedded store's journal spool (server/store/journalSpool.ts, issue 24): a commit is durable
 * once its line is written, before it is in `game_log_chunks`; a killed process' segments are moved
 * in at the next start, once each; fencing stays exact.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type GameSessionRecord, type Store } from '../server/store/index.js';

const session = (id: string): GameSessionRecord => ({
  id, game: 'railway_madness', variant: 'classic', options: { variant: 'classic', players: 2 }, seed: 7, startedAt: 1_000,
  seats: [0, 1].map((seat) => ({ seat, name: `P${seat}`, identityId: null, bot: false })), private: false, rated: false,
});
const tick = (gameId: string, chunk: number, fence = 1) => ({ gameId, chunk, fence, entries: [{ k: 'x' as const, t: chunk }] });
const segments = (dataDir: string): string[] => {
  const dir = join(dataDir, 'junction-journal');
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.ndjson')) : [];
};

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'junction-spool-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function open(dataDir: string, moveEveryMs = 3_600_000): Promise<Store> {
  const store = await openStore({ dataDir, databaseUrl: '', journalMoveEveryMs: moveEveryMs });
  let closed = false;
  cleanups.push(async () => { if (!closed) await store.close(); });
  const close = store.close.bind(store);
  store.close = async () => { closed = true; await close(); };
  return store;
}

/** Starts the writer process and resolves once it says every commit returned. */
function writer(dataDir: string, gameId: string, entries: number): { child: ChildProcess; committed: Promise<void> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/spoolWriter.ts', dataDir, gameId, String(entries)], { stdio: ['ignore', 'pipe', 'pipe'] });
  cleanups.push(() => { if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL'); });
  let out = '';
  let err = '';
  const committed = new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (d: Buffer) => { out += d.toString(); if (out.includes(`committed ${entries}`)) resolve(); });
    child.stderr?.on('data', (d: Buffer) => { err += d.toString(); });
    child.once('exit', (code, signal) => reject(new Error(`writer exited (${code ?? signal}) before committing: ${err}`)));
  });
  return { child, committed };
}

describe('the embedded journal spool', () => {
  it('commits acknowledged by a process killed with -9 before they were moved into the store are in the log after the restart; a line cut short is skipped', async () => {
    const dataDir = tempDir();
    const { child, committed } = writer(dataDir, 'spool-kill', 40);
    await committed;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    // Still only in the spool: the process never moved it in.
    expect(segments(dataDir).length).toBeGreaterThan(0);
    // A commit whose write the kill cut in half (never acknowledged).
    appendFileSync(join(dataDir, 'junction-journal', segments(dataDir).sort().at(-1) as string), '[{"gameId":"spool-kill","chunk":40,"fen');

    const store = await open(dataDir);
    expect(segments(dataDir)).toEqual([]);
    const log = await store.readGameLog('spool-kill');
    expect(log.map((e) => e.t)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    // The next owner goes on after the last chunk acknowledged.
    expect(await store.claimGameSession('spool-kill', 'next')).toMatchObject({ fence: 2, chunks: 40 });
  }, 120_000);

  it('a segment moved in twice (a kill between its insert and its delete) is written once', async () => {
    const dataDir = tempDir();
    const first = await open(dataDir);
    await first.commitJournal({ sessions: [{ session: session('spool-twice'), owner: 'a', fence: 1, code: null }], chunks: [] });
    for (let i = 0; i < 5; i++) await first.commitJournal({ sessions: [], chunks: [tick('spool-twice', i)] });
    const [segment] = segments(dataDir);
    const kept = join(dataDir, 'kept.ndjson');
    copyFileSync(join(dataDir, 'junction-journal', segment), kept);
    expect((await first.readGameLog('spool-twice')).length).toBe(5);
    expect(segments(dataDir)).toEqual([]);
    await first.close();

    copyFileSync(kept, join(dataDir, 'junction-journal', segment));
    const second = await open(dataDir);
    expect((await second.readGameLog('spool-twice')).map((e) => e.t)).toEqual([0, 1, 2, 3, 4]);
    expect(await second.claimGameSession('spool-twice', 'b')).toMatchObject({ fence: 2, chunks: 5 });
  }, 120_000);

  it('a commit sent while its table is claimed waits for the claim and is refused under the old token; the new owner writes on', async () => {
    const store = await open(tempDir());
    await store.commitJournal({ sessions: [{ session: session('spool-claim'), owner: 'a', fence: 1, code: null }], chunks: [tick('spool-claim', 0)] });
    const claim = store.claimGameSession('spool-claim', 'b');
    const stale = store.commitJournal({ sessions: [], chunks: [tick('spool-claim', 1)] });
    expect(await stale).toEqual({ fenced: ['spool-claim'] });
    expect(await claim).toMatchObject({ fence: 2, chunks: 1 });
    expect(await store.commitJournal({ sessions: [], chunks: [tick('spool-claim', 1, 2)] })).toEqual({ fenced: [] });
    expect((await store.readGameLog('spool-claim')).map((e) => e.t)).toEqual([0, 1]);
    // A table with no session row is refused too, as the SQL store refuses it.
    expect(await store.commitJournal({ sessions: [], chunks: [tick('spool-none', 0)] })).toEqual({ fenced: ['spool-none'] });
  }, 120_000);

  it('moves the spool in on its own, every second by default (here 50 ms)', async () => {
    const dataDir = tempDir();
    const store = await open(dataDir, 50);
    await store.commitJournal({ sessions: [{ session: session('spool-timer'), owner: 'a', fence: 1, code: null }], chunks: [] });
    for (let i = 0; i < 3; i++) await store.commitJournal({ sessions: [], chunks: [tick('spool-timer', i)] });
    const until = Date.now() + 60_000;
    while (segments(dataDir).length > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect(segments(dataDir)).toEqual([]);
    await store.close();
    // Read back through a fresh store: the rows were in the database, not only in memory.
    const again = await open(dataDir);
    expect((await again.readGameLog('spool-timer')).map((e) => e.t)).toEqual([0, 1, 2]);
    expect(await again.gameLogBytes('spool-timer')).toBeGreaterThan(0);
  }, 120_000);
});
