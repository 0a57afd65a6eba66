/**
 * A join by id (or a reconnection) to a table whose process has just died waits here for the table
 * to reopen elsewhere, instead of going to the dead process (issue 24, several processes).
 *
 * Colyseus sends such a join to the process the shared listing names and waits 2 s for an answer,
 * then 2 s more for a health check, before it drops the dead process' listings: every player whose
 * table was on a killed process lost 4 s that way (the failover bench). The survivors reopen the
 * table under the same id within the lease's TTL and a takeover pass, which replaces its listing.
 * So while the listing names another process whose lease is late or gone, or that does not answer a
 * short ping (a process killed a moment ago still has a fresh lease), the join waits, polling, until
 * the listing names a live process, then goes on as usual. A busy process that answers late only
 * delays a join: a live table never fails a join here.
 * When the wait is over the join goes on as it would have (Colyseus' own health check then drops a
 * dead process' listings), so a process without this lease key (an older build during a rolling
 * deploy) only delays a join, never refuses it.
 *
 * `keepAlive` is called about once a second while the join waits: HTTP clients give up on a request
 * that is silent for a few seconds (Node's default agent after 5 s), so the caller sends something.
 */
import { matchMaker, requestFromIPC } from '@colyseus/core';
import type { ProcessLease } from './lease.js';

const POLL_MS = 100;
/** A live process answers Colyseus' own health check within this (an IPC round trip through Redis). */
const PING_MS = 250;
const KEEP_ALIVE_MS = 1_000;

export interface JoinHold {
  lease: Pick<ProcessLease, 'roomProcessLease'>;
  /** The longest a join waits (a few TTLs of a lease: a loaded survivor reopens late). */
  limitMs: number;
}

export async function waitWhileTableMoves(roomId: string, hold: JoinHold, keepAlive: () => void): Promise<void> {
  if (process.env.JUNCTION_JOIN_HOLD === 'off') return; // TEMPORARY: before/after measurement of the hold's cost (issue 31)
  // Redis unreachable: the join goes on as it would have without this wait.
  await waitFor(roomId, hold, keepAlive).catch(() => undefined);
}

async function waitFor(roomId: string, hold: JoinHold, keepAlive: () => void): Promise<void> {
  const startedAt = Date.now();
  const giveUpAt = startedAt + hold.limitMs;
  let keptAliveAt = startedAt;
  for (;;) {
    if (Date.now() - keptAliveAt >= KEEP_ALIVE_MS) {
      keptAliveAt = Date.now();
      keepAlive();
    }
    const listing = await matchMaker.driver.findOne({ roomId });
    if (!listing || listing.processId === matchMaker.processId) return;
    const lease = await hold.lease.roomProcessLease(listing.processId);
    if (lease === 'renewed' && await answers(listing.processId)) return;
    if (Date.now() >= giveUpAt) return;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function answers(processId: string): Promise<boolean> {
  try {
    await requestFromIPC(matchMaker.presence, `p:${processId}`, 'healthcheck', [], PING_MS);
    return true;
  } catch {
    return false;
  }
}
