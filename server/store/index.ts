/**
 * Persistence (docs/store.md): embedded PGlite by default (`JUNCTION_DATA_DIR`, `memory://` for
 * tests), PostgreSQL when `DATABASE_URL` is set. One schema, one migration set, applied on open.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { setFlagsFromString } from 'node:v8';
import type { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from './pgliteDialect.js';
import { migrationProvider } from './migrations/index.js';
import { SqlStore } from './sqlStore.js';
import { EmbeddedStore } from './embeddedStore.js';
import type { Database } from './schema.js';
import type { Store } from './types.js';
import { logger } from '../ops/logger.js';

export type * from './types.js';

export interface OpenStoreOptions {
  /** PostgreSQL connection string; default `process.env.DATABASE_URL`. Wins over `dataDir`. */
  databaseUrl?: string;
  /** PGlite data directory; default `process.env.JUNCTION_DATA_DIR` or `./data/pglite`. */
  dataDir?: string;
  /** PostgreSQL only: put every table in this schema (created if missing). Tests use one per run. */
  schema?: string;
  /** Embedded only: how often the journal spool is moved into the store (ms; tests that kill a writer set it long). */
  journalMoveEveryMs?: number;
  /** PostgreSQL only: how long to wait for a connection before failing (ms). */
  connectTimeoutMs?: number;
}

const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
const execFileAsync = promisify(execFile);
const require = createRequire(import.meta.url);

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export async function openStore(opts: OpenStoreOptions = {}): Promise<Store> {
  const databaseUrl = opts.databaseUrl ?? (process.env.DATABASE_URL || undefined);
  const dataDir = opts.dataDir ?? (process.env.JUNCTION_DATA_DIR || './data/pglite');
  const db = databaseUrl
    ? await openPostgres(databaseUrl, opts.schema, opts.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS)
    : await openEmbedded(dataDir);
  try {
    await migrate(db);
  } catch (error) {
    await db.destroy();
    throw databaseUrl ? explainConnectError(error, databaseUrl, opts.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS) : error;
  }
  if (databaseUrl) return new SqlStore('postgres', db);
  // The journal spool lives in the data directory (a memory:// store keeps it in memory).
  return EmbeddedStore.open(db, dataDir.includes('://') ? null : join(dataDir, 'junction-journal'), opts.journalMoveEveryMs);
}

/**
 * PostgreSQL's own defaults size shared memory for a server with 100 connections and 128 MB of
 * buffers; PGlite is one session, and Emscripten zero-fills every block it hands out, so those
 * defaults are resident memory (≈ 150 MiB of the WASM heap). A small buffer pool holds the hot
 * pages of this store (docs/store.md "Embedded memory"); the OS page cache still holds the rest.
 */
export const EMBEDDED_SETTINGS: readonly string[] = [
  'shared_buffers=16MB', // default 128MB: the largest single block, zero-filled at start
  'max_connections=5', // default 100: lock and process tables sized for connections PGlite never has
  'max_locks_per_transaction=32',
  'temp_buffers=1MB',
];

export function embeddedStartParams(pglite: typeof PGlite): string[] {
  return [...pglite.defaultStartParams, ...EMBEDDED_SETTINGS.flatMap((setting) => ['-c', setting])];
}

async function openEmbedded(dataDir: string): Promise<Kysely<Database>> {
  if (!dataDir.includes('://')) {
    mkdirSync(dataDir, { recursive: true });
    if (!existsSync(join(dataDir, 'PG_VERSION'))) await initialiseInChild(dataDir);
  }
  // PostgreSQL's 9 MB of WASM compiled by V8's optimising tier keeps ≈ 35 MiB more resident than
  // its baseline (Liftoff) code, and measured no faster on this store's queries (docs/store.md
  // "Embedded memory"). PGlite is the only WASM in the process; the flag only applies to modules
  // compiled after it is set. Loaded here, not at the top, so a PostgreSQL process never pays for it.
  setFlagsFromString('--liftoff-only');
  const { PGlite } = await import('@electric-sql/pglite');
  const client = await PGlite.create(dataDir, { startParams: embeddedStartParams(PGlite) });
  return new Kysely<Database>({ dialect: new PGliteDialect(client) });
}

/**
 * A new data directory is made by `initdb`, which PGlite runs in a second WASM instance with a heap
 * of its own (≈ 400 MiB resident). Freed WASM heaps stay in a process's RSS (a worker thread
 * measured 150 MiB left over after it ended), so the directory is created by a short-lived child
 * process and this one only ever opens an existing directory.
 */
async function initialiseInChild(dataDir: string): Promise<void> {
  const code = 'const { PGlite } = await import(process.argv[1]); const db = await PGlite.create(process.argv[2]); await db.close();';
  try {
    await execFileAsync(process.execPath, ['--input-type=module', '-e', code, pathToFileURL(require.resolve('@electric-sql/pglite')).href, dataDir]);
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`could not create the embedded store in ${dataDir}: ${stderr || (error instanceof Error ? error.message : String(error))}`, { cause: error });
  }
}

async function openPostgres(connectionString: string, schema: string | undefined, connectTimeoutMs: number): Promise<Kysely<Database>> {
  if (schema !== undefined) {
    if (!SCHEMA_NAME.test(schema)) throw new Error(`invalid schema name: ${schema}`);
    const admin = new pg.Client({ connectionString, connectionTimeoutMillis: connectTimeoutMs });
    try {
      await admin.connect();
    } catch (error) {
      throw explainConnectError(error, connectionString, connectTimeoutMs);
    }
    try {
      await admin.query(`create schema if not exists "${schema}"`);
    } finally {
      await admin.end();
    }
  }
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    // Without this a server that accepts the connection but never answers hangs start-up for ever.
    connectionTimeoutMillis: connectTimeoutMs,
    ...(schema !== undefined ? { options: `-c search_path="${schema}"` } : {}),
  });
  // An idle connection that breaks (the database restarts, the network drops) is reported on the
  // pool; unheard, that event would end the process. The next query opens a fresh connection.
  // pg hangs the whole client (its buffers, its type parsers) on the error: log what it says, not that.
  pool.on('error', (error) => logger.warn({ err: { message: error.message, code: (error as { code?: string }).code } }, 'store: a PostgreSQL connection broke'));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** Where the database is (never the password) and what went wrong, for the operator's log. */
function explainConnectError(error: unknown, connectionString: string, connectTimeoutMs: number): Error {
  let where = 'the database';
  try {
    const url = new URL(connectionString);
    where = `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`;
  } catch { /* not a URL: keep the generic name */ }
  const reason = error instanceof Error ? error.message : String(error);
  const timedOut = /timeout/i.test(reason);
  return new Error(timedOut
    ? `${where} did not answer within ${connectTimeoutMs} ms (CONNECT_TIMEOUT_MS): is it running and reachable?`
    : `${where} could not be used: ${reason}`, { cause: error });
}

async function migrate(db: Kysely<Database>): Promise<void> {
  // Kysely looks for its migration table in every schema unless told which one: name ours, or a
  // `kysely_migration` table elsewhere in the database would be mistaken for it.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  // Helpers' migrations (003–007) land in any order: a store that already ran 006 must still take 005.
  const migrator = new Migrator({ db, provider: migrationProvider, migrationTableSchema: rows[0].schema, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`store migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}
