/**
 * The process's results: the outbox every finished table hands its record to, the spool that
 * carries what is left over a restart, the cross-process marks of pending results, and the
 * abandoned-game sweep (docs/architecture.md "What is durable when").
 */
import type { Presence } from '@colyseus/core';
import { matchMaker } from '@colyseus/core';
import type { Config } from '../config.js';
import type { GameRecord, Store } from '../store/index.js';
import { logger } from '../ops/logger.js';
import { resultsPending } from '../ops/metrics.js';
import { ResultOutbox } from './outbox.js';
import { PendingMarks } from './pendingMarks.js';
import { readSpools, removeSpool, spoolDirFor, writeSetAside, writeSpool } from './spool.js';
import { AbandonedSweep } from './abandonedSweep.js';

export { ResultOutbox } from './outbox.js';
export { setResumableCheck, type ResumableCheck } from './abandonedSweep.js';

/** Sessions younger than this are left to their rooms: a new room may not be listed on every process yet. */
const SWEEP_MIN_AGE_MS = 10_000;
const RETRY_FIRST_MS = 250;

export interface Results {
  outbox: ResultOutbox;
  sweep: AbandonedSweep;
  marks: PendingMarks;
  /** Of these game ids, those whose result waits in some process's outbox. */
  pendingAmong(ids: readonly string[]): Promise<Set<string>>;
  /**
   * After listen (the rating and tournament hooks are set): delivery starts; once `before` settles
   * (the journal's resume has reopened its tables) the first sweep, then one every ABANDONED_SWEEP_MS.
   */
  start(before?: Promise<unknown>): void;
  /** SIGTERM: wait for the store until `deadline`, then spool what is left. */
  close(deadline: number): Promise<void>;
}

export function setUpResults(deps: { config: Config; store: Store; presence: Presence; deliver(record: GameRecord): Promise<void> }): Results {
  const { config, store, presence } = deps;
  const spoolDir = spoolDirFor(config);
  let marks: PendingMarks | null = null;
  const outbox = new ResultOutbox({
    deliver: deps.deliver,
    retryFirstMs: Math.min(RETRY_FIRST_MS, config.RESULTS_RETRY_MAX_MS),
    retryMaxMs: config.RESULTS_RETRY_MAX_MS,
    pendingMax: config.RESULTS_PENDING_MAX,
    setAside: (record) => {
      if (!spoolDir) {
        logger.error({ record }, 'a result the store refused, kept only in this log line');
        return;
      }
      try {
        logger.error({ file: writeSetAside(spoolDir, record) }, 'a result the store refused was kept in the spool folder');
      } catch (error) {
        logger.error({ record, err: error }, 'a result the store refused could not be written to the spool folder');
      }
    },
    changed: ({ kind, id, pending }) => {
      resultsPending.set(pending);
      if (kind === 'added') marks?.add(id);
      else marks?.remove(id);
    },
  });
  marks = new PendingMarks(presence, outbox);
  outbox.onOriginDone = (file) => {
    removeSpool(file);
    logger.info({ file }, 'spool: every result in it is stored; removed');
  };
  // What the last run spooled goes first, before any table of this run can finish.
  if (spoolDir) {
    for (const { file, records } of readSpools(spoolDir)) {
      logger.info({ file, results: records.length }, 'spool: replaying results left by the last run');
      if (records.length === 0) removeSpool(file);
      for (const record of records) outbox.enqueue(record, file);
    }
  }
  const pendingAmong = (ids: readonly string[]) => marks.among(ids);
  const sweep = new AbandonedSweep({
    store,
    openRooms: async (ids) => {
      const wanted = new Set(ids);
      return new Set((await matchMaker.query({})).map((r) => r.roomId).filter((id) => wanted.has(id)));
    },
    pendingResults: pendingAmong,
    minAgeMs: SWEEP_MIN_AGE_MS,
  });

  let stopSweep = (): void => sweep.stop();
  return {
    outbox, sweep, marks, pendingAmong,
    start(before) {
      outbox.release();
      marks.start();
      let closed = false;
      stopSweep = () => { closed = true; sweep.stop(); };
      void Promise.resolve(before).catch(() => undefined).then(() => {
        if (closed) return;
        sweep.sweep().catch((error: unknown) => logger.warn({ err: error }, 'abandoned-game sweep failed'));
        sweep.start(config.ABANDONED_SWEEP_MS);
      });
    },
    async close(deadline) {
      stopSweep();
      marks.stop();
      if (outbox.size > 0) {
        logger.warn({ pending: outbox.size }, 'shutting down with results not yet stored: waiting for the store');
        await outbox.drain(deadline);
      }
      const { records, origins } = outbox.close();
      if (records.length === 0) return;
      if (!spoolDir) {
        logger.error({ games: records.map((r) => r.id) }, 'results not stored and no spool folder (in-memory store): they are lost');
        return;
      }
      const file = writeSpool(spoolDir, records);
      // The new file holds every record the older ones still had.
      for (const origin of origins) if (origin !== file) removeSpool(origin);
      logger.warn({ file, results: records.length }, 'spool: results not yet stored were written for the next start');
    },
  };
}
