/**
 * The results spool (docs/operations.md "Results spool"): on SIGTERM, the records the store did not
 * take within the grace period are written to a file in the spool folder; the next start reads
 * every such file into the outbox before it opens tables, and removes a file once all of its
 * records are stored. A file is written whole (temporary name, fsync, rename), so a crash while
 * spooling leaves either the complete file or none.
 */
import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { GameRecord } from '../store/index.js';
import { logger } from '../ops/logger.js';

const PREFIX = 'results-';
const SUFFIX = '.jsonl';

/** Where the spool lives: SPOOL_DIR, else a `spool` folder beside the embedded data folder, else none. */
export function spoolDirFor(config: { SPOOL_DIR?: string; JUNCTION_DATA_DIR: string; DATABASE_URL?: string }): string | null {
  if (config.SPOOL_DIR) return path.resolve(config.SPOOL_DIR);
  if (!config.JUNCTION_DATA_DIR.includes('://')) return path.join(path.dirname(path.resolve(config.JUNCTION_DATA_DIR)), 'spool');
  // An in-memory embedded store loses everything at exit anyway; PostgreSQL keeps results, so keep the spool too.
  return config.DATABASE_URL ? path.resolve('data', 'spool') : null;
}

/** Writes `records` (in order) to a new spool file; returns its path. */
export function writeSpool(dir: string, records: GameRecord[], now = Date.now(), prefix = PREFIX): string {
  mkdirSync(dir, { recursive: true });
  const name = `${prefix}${now}-${process.pid}${SUFFIX}`;
  const file = path.join(dir, name);
  const temporary = path.join(dir, `.${name}.tmp`);
  const fd = openSync(temporary, 'w', 0o600);
  try {
    writeSync(fd, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, file);
  return file;
}

/**
 * A record the store refused for its content, kept for the operator (`failed-*.jsonl`, never
 * replayed by itself: fix it and rename the file `results-*.jsonl` to have it stored).
 */
export function writeSetAside(dir: string, record: GameRecord, now = Date.now()): string {
  return writeSpool(dir, [record], now, 'failed-');
}

export interface SpoolFile { file: string; records: GameRecord[] }

/** Every spool file in `dir`, oldest first (names start with the time they were written). */
export function readSpools(dir: string): SpoolFile[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const files = names.filter((n) => n.startsWith(PREFIX) && n.endsWith(SUFFIX)).sort(byTime);
  return files.map((name) => {
    const file = path.join(dir, name);
    const records: GameRecord[] = [];
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (line.trim() === '') continue;
      try {
        const record = JSON.parse(line) as GameRecord;
        if (typeof record?.id === 'string' && Array.isArray(record.players)) records.push(record);
        else logger.error({ file }, 'spool: a line is not a game record; left out');
      } catch (error) {
        logger.error({ file, err: error }, 'spool: a line could not be read; left out');
      }
    }
    return { file, records };
  });
}

export function removeSpool(file: string): void {
  rmSync(file, { force: true });
}

function byTime(a: string, b: string): number {
  const time = (n: string) => Number(n.slice(PREFIX.length).split('-')[0]);
  return time(a) - time(b) || a.localeCompare(b);
}
