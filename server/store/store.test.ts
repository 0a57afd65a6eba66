import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from './index.js';
import { game, storeContract } from './storeContract.js';

const PG_URL = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const schema = `junction_test_${process.pid}_${Date.now().toString(36)}`;

async function postgresReachable(): Promise<string | null> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const pgProblem = await postgresReachable();
if (pgProblem !== null) {
  const message = `PostgreSQL at ${PG_URL} is unreachable (${pgProblem}): skipping the PostgreSQL store suite`;
  if (process.env.CI === 'true') throw new Error(`${message} — not allowed in CI`);
  console.warn(message);
}

storeContract('embedded (PGlite, memory://)', () => openStore({ dataDir: 'memory://', databaseUrl: '' }), 'embedded');

storeContract('PostgreSQL', async () => (pgProblem === null ? openStore({ databaseUrl: PG_URL, schema }) : null), 'postgres');

afterAll(async () => {
  if (pgProblem !== null) return;
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  await client.query(`drop schema if exists "${schema}" cascade`);
  await client.end();
});

describe('migrations', () => {
  it.skipIf(pgProblem !== null)('apply on an empty PostgreSQL schema, and a second open finds nothing to do', async () => {
    const fresh = `${schema}_m`;
    try {
      const first = await openStore({ databaseUrl: PG_URL, schema: fresh });
      await first.close();
      const second = await openStore({ databaseUrl: PG_URL, schema: fresh });
      await second.saveGameResult(game('m-1'));
      expect((await second.getGameResult('m-1'))?.id).toBe('m-1');
      await second.close();
    } finally {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`drop schema if exists "${fresh}" cascade`);
      await client.end();
    }
  });
});

describe('embedded store on disk', () => {
  it('keeps results, tournaments and ratings across close and reopen of the same data dir', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'junction-store-'));
    try {
      const first = await openStore({ dataDir: join(dir, 'pglite'), databaseUrl: '' });
      expect(first.kind).toBe('embedded');
      await first.saveGameResult(game('disk-1'));
      await first.rateGame('disk-1', 'bip_bip', ['p1'], () => [{ game: 'bip_bip', playerId: 'p1', name: 'Ana', mu: 26, sigma: 8, ordinal: 2, games: 1, updatedAt: 1 }]);
      await first.close();

      const second = await openStore({ dataDir: join(dir, 'pglite'), databaseUrl: '' });
      expect(await second.getGameResult('disk-1')).toEqual(game('disk-1'));
      expect((await second.leaderboard('bip_bip')).map((r) => r.playerId)).toEqual(['p1']);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
