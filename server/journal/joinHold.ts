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
 * The listing may also be gone already: Colyseus' health check drops a dead process' listings, and
 * a survivor may reopen the table only later. A join by id to an id with no listing then waits too,
 * while the store says the table is running with a journal and not asleep (one read per join), so
 * the player's join lands when the table opens instead of failing and being sent again and again.
 * When the wait is over the join goes on as it would have (Colyseus' own health check then drops a
 * dead process' listings), so a process without this lease key (an older build during a rolling
 * deploy) only delays a join, never refuses it.
 *
 * `keepAlive` is called about once a second while the join waits: HTTP clients give up on a request
 * that is silent for a few seconds (Node's default agent after 5 s), so the caller sends something.
 *
 * The ping is shared (issue 31): a tournament round sends hundreds of joins to a process within a
 * second, and one ping each doubled the IPC traffic of their seat reservations (each request is a
 * subscribe, a publish and an unsubscribe on Redis, and a message the busy process must answer).
 * Now at most one ping per process is in flight, and every join that was waiting when its answer
 * came takes it (an answer received after the join arrived is as recent as one of its own ping).
 * A late answer still counts: a busy process that needs 300 ms is alive, and giving up on it at
 * 250 ms made every join loop and ping again while the round start kept it busy.
 */
import { matchMaker, requestFromIPC } from '@colyseus/core';
import type { ProcessLease } from './lease.js';
import type { Store } from '../store/index.js';
import { withinTime } from '../ops/withinTime.js';

const POLL_MS = 100;
/**
 * How long a ping may take before the join looks at the listing and the lease again. Longer than a
 * loaded process' event-loop stall; a process killed a moment ago is told by its lease soon after
 * (`late` half a TTL after its last renewal), so waiting on its ping costs a join nothing.
 */
const PING_MS = 1_000;
const KEEP_ALIVE_MS = 1_000;
/** requestFromIPC's own timer starts after its subscribe: this one allows for that. */
const LATE_MARGIN_MS = 250;

export interface JoinHold {
  lease: Pick<ProcessLease, 'roomProcessLease'>;
  store: Pick<Store, 'isResumable'>;
  /** The longest a join waits (a few TTLs of a lease: a loaded survivor reopens late). */
  limitMs: number;
}

export async function waitWhileTableMoves(roomId: string, hold: JoinHold, keepAlive: () => void): Promise<void> {
  // Redis unreachable: the join goes on as it would have without this wait.
  await waitFor(roomId, hold, keepAlive).catch(() => undefined);
}

async function waitFor(roomId: string, hold: JoinHold, keepAlive: () => void): Promise<void> {
  const startedAt = Date.now();
  const giveUpAt = startedAt + hold.limitMs;
  let keptAliveAt = startedAt;
  let resumable: boolean | undefined;
  for (;;) {
    if (Date.now() - keptAliveAt >= KEEP_ALIVE_MS) {
      keptAliveAt = Date.now();
      keepAlive();
    }
    const listing = await matchMaker.driver.findOne({ roomId });
    if (!listing) {
      // Its dead process' listings were cleaned up before a survivor reopened it: a table the
      // journal says is still to reopen is waited for, anything else is refused at once as before.
      resumable ??= await hold.store.isResumable(roomId);
      if (!resumable || Date.now() >= giveUpAt) return;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      continue;
    }
    if (listing.processId === matchMaker.processId) return;
    const lease = await hold.lease.roomProcessLease(listing.processId);
    if (lease === 'renewed' && await answeredSince(listing.processId, startedAt)) return;
    if (Date.now() >= giveUpAt) return;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

interface Pings {
  /** The ping in flight to this process, shared by every join waiting on it. */
  inFlight: Promise<boolean> | null;
  /** When its last answer arrived (0: never). */
  answeredAt: number;
}

const pingsByProcess = new Map<string, Pings>();
/** Process ids are new on every start: entries of processes not heard of for this long are dropped. */
const FORGET_MS = 60_000;

/** Whether the process answered a ping after `since` (a join's arrival): the last answer, else the ping in flight, else a new one. */
async function answeredSince(processId: string, since: number): Promise<boolean> {
  let pings = pingsByProcess.get(processId);
  if (!pings) {
    forgetOldProcesses();
    pings = { inFlight: null, answeredAt: 0 };
    pingsByProcess.set(processId, pings);
  }
  if (pings.answeredAt >= since) return true;
  if (!pings.inFlight) {
    const entry = pings;
    entry.inFlight = answers(processId).then((ok) => {
      if (ok) entry.answeredAt = Date.now();
      entry.inFlight = null;
      return ok;
    });
  }
  return pings.inFlight!;
}

function forgetOldProcesses(): void {
  const now = Date.now();
  for (const [id, pings] of pingsByProcess) if (!pings.inFlight && now - pings.answeredAt > FORGET_MS) pingsByProcess.delete(id);
}

async function answers(processId: string): Promise<boolean> {
  // The ping is shared, so one request left pending for ever (see withinTime) would hold every
  // join to that process: its answer counts only within this process' own timer.
  const ping = requestFromIPC(matchMaker.presence, `p:${processId}`, 'healthcheck', [], PING_MS).then(() => true, () => false);
  return await withinTime(PING_MS + LATE_MARGIN_MS, ping, () => false);
}
