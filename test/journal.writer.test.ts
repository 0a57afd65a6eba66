/**
 * The table journal (issue 24) against real stores, embedded PGlite and PostgreSQL (a schema per
 * run, dropped after): group commit per turn of the event loop, durable only once committed, a
 * failed commit retried with nothing lost or doubled, fencing (a write under a token the row has
 * moved past writes nothing and stops the copy), and strings jsonb cannot hold.
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore, type GameSessionRecord, type Store } from '../server/store/index.js';
import { ActionLogWriter } from '../server/rooms/actionLog.js';
import { committerFor } from '../server/journal/committer.js';
import { holdsNul, storable } from '../server/journal/storable.js';
import { POSTGRES_URL, requireService } from './support/services.js';

const schema = `journal_test_${process.pid}_${Date.now().toString(36)}`;
const postgresUp = await requireService('postgres');

afterAll(async () => {
  if (!postgresUp) return;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`drop schema if exists "${schema}" cascade`);
  await admin.end();
});

const session = (id: string): GameSessionRecord => ({
  id, game: 'took_over', variant: 'classic', options: { variant: 'classic', players: 2 }, seed: 9, startedAt: 1_000,
  seats: [{ seat: 0, name: 'Ana#0001', identityId: 'u_a', bot: false }, { seat: 1, name: 'Bot 2', identityId: null, bot: true }],
  private: false, rated: false,
});

const actionsOf = (log: Awaited<ReturnType<Store['readGameLog']>>): unknown[] => log.map((e) => (e.k === 'a' || e.k === 'l' ? e.a : e.k));

function journalSuite(name: string, open: () => Promise<Store | null>): void {
  describe(`table journal on ${name}`, () => {
    let store: Store;
    it.runIf(name === 'PGlite' || postgresUp)('opens', async () => {
      store = (await open())!;
    });
    afterAll(async () => { await store?.close(); });
    const run = it.runIf(name === 'PGlite' || postgresUp);

    run('writes the session, then every entry in order, relative to the start; durable only once committed', async () => {
      const log = new ActionLogWriter(store, session(`${name}-w1`));
      const action = { type: 'play', card: 3 };
      log.applied(0, action, 1_250, false);
      action.card = 99; // the caller's object changes later: the journal keeps what was applied
      log.advanced(2_000);
      log.lostRace(1, { type: 'grab' }, 2_100, 'taken', { rank: 1, size: 2 });
      log.applied(1, { type: 'grab' }, 2_050, true, { rank: 0, size: 2 });
      expect(log.durable).toBe(false);
      await log.whenDurable();
      expect(log.durable).toBe(true);
      expect(await store.getGameSession(`${name}-w1`)).toEqual({ ...session(`${name}-w1`), status: 'running', endedAt: null, journaled: true, owner: expect.any(String), abandonReason: null, sleeping: false, turn: null, tournament: null, filling: false });
      expect(await store.readGameLog(`${name}-w1`)).toEqual([
        { k: 'a', s: 0, a: { type: 'play', card: 3 }, t: 250 },
        { k: 'x', t: 1_000 },
        { k: 'l', s: 1, a: { type: 'grab' }, t: 1_100, e: 'taken', c: [1, 2] },
        { k: 'a', s: 1, a: { type: 'grab' }, t: 1_050, r: 1, c: [0, 2] },
      ]);
      expect(log.entries).toBe(4);
    });

    run('commits what every table records in one turn of the event loop together', async () => {
      const tables = Array.from({ length: 5 }, (_, i) => new ActionLogWriter(store, session(`${name}-g${i}`)));
      await Promise.all(tables.map((t) => t.whenDurable()));
      const committer = committerFor(store);
      const before = committer.commits;
      for (const [i, t] of tables.entries()) t.applied(0, { type: 'n', i }, 1_100, false);
      await Promise.all(tables.map((t) => t.whenDurable()));
      expect(committer.commits - before).toBe(1);
      for (const [i] of tables.entries()) expect(actionsOf(await store.readGameLog(`${name}-g${i}`))).toEqual([{ type: 'n', i }]);
    });

    run('keeps recording while a commit is in flight, and writes it all in order', async () => {
      const log = new ActionLogWriter(store, session(`${name}-w2`));
      for (let i = 0; i < 300; i++) {
        log.applied(i % 2, { type: 'n', i }, 1_000 + i, false);
        if (i % 7 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      await log.whenDurable();
      expect(actionsOf(await store.readGameLog(`${name}-w2`))).toEqual(Array.from({ length: 300 }, (_, i) => ({ type: 'n', i })));
    });

    run('retries a failed commit: nothing lost, nothing doubled, the order kept', async () => {
      let failures = 2;
      const flaky: Store = Object.create(store, {
        commitJournal: {
          value: async (...args: Parameters<Store['commitJournal']>) => {
            if (failures-- > 0) throw new Error('connection reset');
            return store.commitJournal(...args);
          },
        },
      });
      const log = new ActionLogWriter(flaky, session(`${name}-w3`));
      log.applied(0, { type: 'a' }, 1_001, false);
      const first = log.whenDurable();
      log.applied(1, { type: 'b' }, 1_002, false);
      await first;
      await log.whenDurable();
      expect(failures).toBeLessThan(0);
      expect(actionsOf(await store.readGameLog(`${name}-w3`))).toEqual([{ type: 'a' }, { type: 'b' }]);
    });

    run('a copy whose fencing token moved on writes nothing more and stops; the claimer goes on after the stored chunks', async () => {
      const id = `${name}-f1`;
      let stopped = 0;
      const old = new ActionLogWriter(store, session(id), undefined, () => stopped++);
      old.applied(0, { type: 'before' }, 1_010, false);
      await old.whenDurable();
      const claim = await store.claimGameSession(id, 'other-process');
      expect(claim).toEqual({ fence: 2, chunks: 1, code: null });
      old.applied(0, { type: 'after the claim' }, 1_020, false);
      await expect(old.whenDurable()).rejects.toThrow(/fenced/);
      expect(stopped).toBe(1);
      expect(old.lost).toBe(true);
      const heir = new ActionLogWriter(store, session(id), { fence: claim!.fence, nextChunk: claim!.chunks });
      heir.applied(1, { type: 'by the new owner' }, 1_030, false);
      await heir.whenDurable();
      expect(actionsOf(await store.readGameLog(id))).toEqual([{ type: 'before' }, { type: 'by the new owner' }]);
      expect(await store.claimGameSession('no-such-game', 'x')).toBeNull();
    });

    run('a commit racing a claim: either written before the claim (which then counts it) or refused', async () => {
      const id = `${name}-race`;
      await store.commitJournal({ sessions: [{ session: session(id), owner: 'a', fence: 1, code: null }], chunks: [] });
      let fence = 1;
      for (let chunk = 0; chunk < 30; chunk++) {
        const [written, claim] = await Promise.all([
          store.commitJournal({ sessions: [], chunks: [{ gameId: id, chunk, fence, entries: [{ k: 'x', t: chunk }] }] }),
          store.claimGameSession(id, `owner-${chunk}`),
        ]);
        const stored = (await store.readGameLog(id)).some((e) => e.t === chunk);
        if (written.fenced.includes(id)) expect(stored).toBe(false);
        else {
          expect(stored).toBe(true);
          expect(claim!.chunks).toBeGreaterThan(chunk);
        }
        fence = claim!.fence;
        // The next chunk number goes on after whatever is stored.
        if (!stored) await store.commitJournal({ sessions: [], chunks: [{ gameId: id, chunk, fence, entries: [{ k: 'x', t: chunk }] }] });
      }
      expect((await store.readGameLog(id)).map((e) => e.t)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    });

    run('a fenced table in a commit does not stop the others in it', async () => {
      const a = new ActionLogWriter(store, session(`${name}-f2a`));
      const b = new ActionLogWriter(store, session(`${name}-f2b`));
      await Promise.all([a.whenDurable(), b.whenDurable()]);
      await store.claimGameSession(`${name}-f2a`, 'other-process');
      a.applied(0, { type: 'fenced' }, 1_001, false);
      b.applied(0, { type: 'kept' }, 1_001, false);
      await expect(a.whenDurable()).rejects.toThrow(/fenced/);
      await b.whenDurable();
      expect(actionsOf(await store.readGameLog(`${name}-f2a`))).toEqual([]);
      expect(actionsOf(await store.readGameLog(`${name}-f2b`))).toEqual([{ type: 'kept' }]);
    });

    run('a string jsonb cannot hold is stored escaped, never lost with its neighbours', async () => {
      const log = new ActionLogWriter(store, session(`${name}-n1`));
      log.applied(0, { type: 'a' }, 1_001, false);
      log.applied(1, { type: 'say', text: 'bad\u0000byte', path: 'C:\\u0000' }, 1_002, false);
      log.applied(0, { type: 'c' }, 1_003, false);
      await log.whenDurable();
      expect(actionsOf(await store.readGameLog(`${name}-n1`))).toEqual([
        { type: 'a' }, { type: 'say', text: 'bad\ufffdbyte', path: 'C:\\u0000' }, { type: 'c' },
      ]);
    });
  });
}

journalSuite('PGlite', () => openStore({ dataDir: 'memory://', databaseUrl: '' }));
journalSuite('PostgreSQL', () => openStore({ databaseUrl: POSTGRES_URL, schema }));

describe('what the journal can store', () => {
  it('finds U+0000 anywhere in an action, keys included', () => {
    expect(holdsNul({ type: 'play', card: 3, list: ['a', { deep: 'ok' }] })).toBe(false);
    expect(holdsNul({ type: 'play', list: ['a', { deep: 'n\u0000' }] })).toBe(true);
    expect(holdsNul({ ['k\u0000']: 1 })).toBe(true);
  });
  it('escapes only a real U+0000, not the text "\\u0000"', () => {
    expect(JSON.parse(storable(JSON.stringify({ a: 'x\u0000y', b: '\\u0000', c: '\\\u0000' })))).toEqual({ a: 'x\ufffdy', b: '\\u0000', c: '\\\ufffd' });
  });
});
