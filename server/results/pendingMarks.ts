/**
 * Which games have a result waiting in some process's outbox, across processes (presence: Redis
 * with several processes). The abandoned sweep and the tournament's lost-table sweep must not take
 * a closed table whose result is only waiting for the store for a game nobody plays. Each mark
 * expires unless its process renews it, so a process that dies leaves no mark behind for long.
 */
import type { Presence } from '@colyseus/core';

const KEY = 'junction:result_pending:';
export const MARK_TTL_SECONDS = 120;
export const MARK_RENEW_MS = 30_000;

export class PendingMarks {
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly presence: Presence, private readonly local: { ids(): string[]; has(id: string): boolean }) {}

  add(id: string): void {
    void Promise.resolve(this.presence.setex(KEY + id, '1', MARK_TTL_SECONDS)).catch(() => undefined);
  }

  remove(id: string): void {
    void Promise.resolve(this.presence.del(KEY + id)).catch(() => undefined);
  }

  /** Of `ids`, those whose result waits in an outbox here or in another process. */
  async among(ids: readonly string[]): Promise<Set<string>> {
    const found = new Set<string>();
    await Promise.all(ids.map(async (id) => {
      if (this.local.has(id)) found.add(id);
      else if (await Promise.resolve(this.presence.get(KEY + id)).catch(() => null)) found.add(id);
    }));
    return found;
  }

  start(): void {
    this.timer = setInterval(() => { for (const id of this.local.ids()) this.add(id); }, MARK_RENEW_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
