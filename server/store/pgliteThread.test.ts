/**
 * The embedded store's PostgreSQL in its own thread (pgliteThread.ts): a long statement leaves the
 * game loop free, PostgreSQL's error fields reach the caller (the store tells a unique violation
 * by its code), a transaction's statements stay together, and a closed store refuses clearly.
 * Counts turns of the loop, never time, so a slow machine only makes the statement longer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openStore } from './index.js';
import { PGliteThread } from './pgliteThread.js';
import type { Store } from './types.js';

// One thread for the file (a memory:// store runs initdb at every open); the last test closes it.
let open: PGliteThread;
beforeAll(async () => { open = await PGliteThread.open('memory://', []); }, 120_000);
afterAll(() => open.close());

describe('the embedded store in its own thread', () => {
  it('the game loop keeps turning while a long statement runs', async () => {
    let turns = 0;
    let running = true;
    const turn = () => { turns++; if (running) setImmediate(turn); };
    setImmediate(turn);
    // Millions of rows: a second or more of WebAssembly, all of it in the store's thread.
    const answer = open.query<{ n: string }>('select count(*)::text as n from generate_series(1, 5000000)', []);
    const turnsWhenPosted = turns;
    const { rows } = await answer;
    running = false;
    expect(rows).toEqual([{ n: '5000000' }]);
    // In the game's own thread the statement ran in one synchronous stretch: no turn in between.
    expect(turns - turnsWhenPosted).toBeGreaterThan(100);
  }, 120_000);

  it("a PostgreSQL error keeps its fields: a unique violation is told by its code", async () => {
    await open.query('create table t (id int primary key)', []);
    await open.query('insert into t values ($1)', [1]);
    const refused = await open.query('insert into t values ($1)', [1]).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Error);
    expect(refused).toMatchObject({ code: '23505', constraint: 't_pkey' });
    expect((refused as Error).message).toMatch(/duplicate key/);
    // Rows, writes and values of every kind come back as they went in.
    expect(await open.query('insert into t values ($1), ($2)', [2, 3])).toMatchObject({ affectedRows: 2 });
    const { rows } = await open.query<{ b: Uint8Array; j: unknown; big: string }>("select $1::bytea as b, $2::jsonb as j, 9007199254740993::bigint::text as big", [new Uint8Array([7, 8]), JSON.stringify({ a: [1] })]);
    expect(rows[0]).toEqual({ b: new Uint8Array([7, 8]), j: { a: [1] }, big: '9007199254740993' });
  }, 120_000);


  it("two transactions at once through the store's dialect do not interleave", async () => {
    const store: Store = await openStore({ dataDir: 'memory://', databaseUrl: '' });
    try {
      const db = (store as unknown as { db: import('kysely').Kysely<unknown> }).db;
      await sql`create table counter (n int)`.execute(db);
      await sql`insert into counter values (0)`.execute(db);
      // Each reads, yields, then writes what it read plus one: interleaved, one increment is lost.
      const bump = () => db.transaction().execute(async (tx) => {
        const { rows } = await sql<{ n: number }>`select n from counter`.execute(tx);
        await new Promise((r) => setImmediate(r));
        await sql`update counter set n = ${rows[0].n + 1}`.execute(tx);
      });
      await Promise.all([bump(), bump(), bump()]);
      const { rows } = await sql<{ n: number }>`select n from counter`.execute(db);
      expect(rows[0].n).toBe(3);
    } finally {
      await store.close();
    }
  }, 120_000);

  it('a closed store refuses every later statement with a clear error', async () => {
    await open.close();
    await expect(open.query('select 1', [])).rejects.toThrow(/embedded store's thread is closed/);
  }, 120_000);
});
