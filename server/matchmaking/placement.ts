/**
 * Which process a new room opens on (Colyseus' `selectProcessIdToCreateRoom`, given to
 * `new Server()` in server/app.ts).
 *
 * Colyseus' default picks the process with the fewest rooms in `matchMaker.stats`, but a process
 * writes its room count to presence at most once a second, so a burst of creations (a tournament
 * round opens its tables 16 at a time from one process) sees the same counts every time and lands
 * on one process. Here the load of a process is its published room count plus the rooms this
 * process sent there in the last RECENT_MS (not yet visible in the stats); processes that are
 * draining (SIGTERM) are skipped; ties go round robin; with no stats the room opens here.
 */
import { matchMaker, type Presence } from '@colyseus/core';

/** Longer than the 1 s persist throttle of `matchMaker.stats` plus a room's creation time. */
export const RECENT_MS = 2_000;
/** Presence hash: processId → time it began draining. Colyseus also drops a draining process from its stats. */
export const DRAINING_KEY = 'junction:draining';
/** Colyseus 0.16's presence hash of published room counts (`processId` → "rooms,ccu"). */
const ROOM_COUNT_KEY = 'roomcount';
const FORGET_DRAINING_MS = 24 * 3_600_000;

export interface ProcessLoad {
  processId: string;
  roomCount: number;
}

export interface PlacementInput {
  /** Every live process with its published room count (`matchMaker.stats.fetchAll()`). */
  processes: readonly ProcessLoad[];
  /** Processes to leave out. */
  draining: ReadonlySet<string>;
  /** Rooms this process sent to each process that the counts may not show yet. */
  recent: ReadonlyMap<string, number>;
  /** This process: the answer when no other is known. */
  self: string;
  /** Increases with every call: picks among equally loaded processes in turn. */
  turn: number;
}

/**
 * The least loaded process that is not draining, else `self`. Ties are taken in turn, in id order
 * starting from `self`: so every process's first pick among equals is itself, and two processes
 * that each open one room while the stats show no difference open them in different places.
 */
export function chooseProcess(input: PlacementInput): string {
  const loads = input.processes
    .filter((p) => !input.draining.has(p.processId))
    .map((p) => ({ id: p.processId, load: p.roomCount + (input.recent.get(p.processId) ?? 0) }));
  if (loads.length === 0) return input.self;
  const least = Math.min(...loads.map((l) => l.load));
  const tied = loads.filter((l) => l.load === least).map((l) => l.id).sort();
  const from = Math.max(0, tied.findIndex((id) => id >= input.self));
  return tied[(from + input.turn) % tied.length];
}

/** Rooms sent to each process in the last `windowMs`. */
export class RecentPlacements {
  private readonly sent: { processId: string; at: number }[] = [];

  constructor(private readonly windowMs = RECENT_MS) {}

  add(processId: string, at: number): void {
    this.sent.push({ processId, at });
  }

  counts(now: number): Map<string, number> {
    while (this.sent.length > 0 && now - this.sent[0].at >= this.windowMs) this.sent.shift();
    const counts = new Map<string, number>();
    for (const s of this.sent) counts.set(s.processId, (counts.get(s.processId) ?? 0) + 1);
    return counts;
  }
}

/** The policy of one process. `select` is the `selectProcessIdToCreateRoom` callback. */
export class RoomPlacement {
  private readonly recent = new RecentPlacements();
  private turn = 0;

  constructor(
    private readonly presence: Presence,
    /** True once this process drains: it never picks itself then. */
    private readonly drainingHere: () => boolean,
    private readonly now: () => number = Date.now,
  ) {}

  readonly select = async (): Promise<string> => {
    const self = matchMaker.processId;
    const [stats, published, draining] = await Promise.all([
      matchMaker.stats.fetchAll().catch(() => []), // presence not answering: open the room here
      // fetchAll() shows this process's live count but the others' published ones; use the
      // published count here too, so that the rooms in `recent` are counted the same way everywhere.
      Promise.resolve(this.presence.hget(ROOM_COUNT_KEY, self)).catch(() => null),
      Promise.resolve(this.presence.hgetall(DRAINING_KEY)).catch(() => null),
    ]);
    const selfPublished = published ? Number(published.split(',')[0]) : NaN;
    const processes = stats.map((p) => (p.processId === self && Number.isFinite(selfPublished) ? { ...p, roomCount: selfPublished } : p));
    const skip = new Set(Object.keys(draining ?? {}));
    if (this.drainingHere()) skip.add(self);
    // Synchronous from here on: concurrent calls each see the placements made before them.
    const now = this.now();
    const chosen = chooseProcess({ processes, draining: skip, recent: this.recent.counts(now), self, turn: this.turn++ });
    this.recent.add(chosen, now);
    return chosen;
  };

  /** Tells the other processes to stop sending rooms here (the SIGTERM drain). */
  async markDraining(): Promise<void> {
    const now = this.now();
    await this.presence.hset(DRAINING_KEY, matchMaker.processId, String(now));
    // Process ids are new on every start: forget old entries so the hash does not grow forever.
    for (const [id, at] of Object.entries((await this.presence.hgetall(DRAINING_KEY)) ?? {})) {
      if (now - Number(at) > FORGET_DRAINING_MS) await this.presence.hdel(DRAINING_KEY, id);
    }
  }
}
