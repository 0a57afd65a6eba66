/**
 * The embedded store's PostgreSQL (PGlite, WebAssembly) in a worker thread of its own. In the
 * game's event loop every statement stalled every table of the process while it ran (p99 16 ms,
 * up to 61 ms under load: docs/benchmarks.md, "Where a Junction server's time goes"); here the
 * loop only posts the statement and reads the rows back. The worker holds the one PGlite session;
 * statements run in the order they are posted, and the dialect's mutex (pgliteDialect.ts) keeps a
 * transaction's statements together as before.
 *
 * The worker's source is a short script evaluated in the thread, importing PGlite by file URL, so
 * the same code runs from the bundle (dist/server/main.js) and from TypeScript under tsx.
 */
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { logger } from '../ops/logger.js';

const require = createRequire(import.meta.url);

/** What a statement gives back: the rows and, for writes, how many rows they touched. */
export interface StatementResult<R> {
  rows: R[];
  affectedRows?: number;
}

/** One PGlite session: the dialect needs no more than this. */
export interface PGliteSession {
  query<R>(sql: string, params: readonly unknown[]): Promise<StatementResult<R>>;
  close(): Promise<void>;
}

type Request = { id: number; sql: string; params: unknown[] } | { id: number; close: true };
type Reply = { id: number; result?: StatementResult<unknown>; error?: Record<string, unknown> & { message: string } };

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const reply = (message) => parentPort.postMessage(message);
// A PostgreSQL error's fields (code, detail, constraint, …) survive the trip as plain data.
const plain = (error) => {
  const out = { message: error instanceof Error ? error.message : String(error) };
  if (error && typeof error === 'object') for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  return out;
};
(async () => {
  let db;
  try {
    const { PGlite } = await import(workerData.pgliteUrl);
    db = await PGlite.create(workerData.dataDir, { startParams: [...PGlite.defaultStartParams, ...workerData.extraStartParams] });
  } catch (error) {
    reply({ id: 0, error: plain(error) });
    return;
  }
  reply({ id: 0, result: { rows: [] } });
  parentPort.on('message', async (request) => {
    if (request.close) {
      try { await db.close(); reply({ id: request.id, result: { rows: [] } }); } catch (error) { reply({ id: request.id, error: plain(error) }); }
      return;
    }
    try {
      const result = await db.query(request.sql, request.params);
      reply({ id: request.id, result: { rows: result.rows, affectedRows: result.affectedRows } });
    } catch (error) {
      reply({ id: request.id, error: plain(error) });
    }
  });
})();
`;

function errorFrom(fields: Record<string, unknown> & { message: string }): Error {
  return Object.assign(new Error(fields.message), fields);
}

export class PGliteThread implements PGliteSession {
  private readonly pending = new Map<number, { resolve: (r: StatementResult<unknown>) => void; reject: (e: Error) => void }>();
  private nextId = 1;
  private failed: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: Reply) => this.settle(reply));
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) => this.fail(new Error(`the embedded store's thread ended (exit code ${code})`)));
    // An idle store keeps no process alive (as PGlite in the main thread did not); one with a
    // statement in flight does, until its answer is back.
    worker.unref();
  }

  /** Starts the thread and opens the data directory in it (`extraStartParams`: PostgreSQL's `-c name=value` settings). */
  static async open(dataDir: string, extraStartParams: readonly string[]): Promise<PGliteThread> {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { dataDir, extraStartParams: [...extraStartParams], pgliteUrl: pathToFileURL(require.resolve('@electric-sql/pglite')).href },
    });
    const thread = new PGliteThread(worker);
    try {
      await thread.request({ id: 0, sql: '', params: [] }, false);
    } catch (error) {
      await worker.terminate();
      throw error;
    }
    return thread;
  }

  query<R>(sql: string, params: readonly unknown[]): Promise<StatementResult<R>> {
    return this.request({ id: this.nextId++, sql, params: [...params] }) as Promise<StatementResult<R>>;
  }

  async close(): Promise<void> {
    if (!this.failed) await this.request({ id: this.nextId++, close: true }).catch(() => undefined);
    this.failed ??= new Error("the embedded store's thread is closed");
    await this.worker.terminate();
  }

  /** Sends `message` (unless it is the opening answer, id 0) and waits for its answer. */
  private request(message: Request, send = true): Promise<StatementResult<unknown>> {
    if (this.failed) return Promise.reject(this.failed);
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(message.id, { resolve, reject });
      if (send) this.worker.postMessage(message);
    });
  }

  private settle(reply: Reply): void {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker.unref();
    if (reply.error) waiting.reject(errorFrom(reply.error));
    else waiting.resolve(reply.result ?? { rows: [] });
  }

  private fail(error: Error): void {
    if (!this.failed) logger.error({ err: error }, 'store: the embedded store stopped answering; every later read or write fails');
    this.failed ??= error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
    this.worker.unref();
  }
}
