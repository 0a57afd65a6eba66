/**
 * When, in server time, a player acted: the server time of the state they were looking at plus
 * how long they had been looking at it. This cancels the network delay in both directions, which
 * a plain server-clock estimate cannot; the server still caps it to its window
 * (shared/arbitration.ts). Used by the browser client and the load-test clients alike.
 */
export class ActionStamper {
  private seen: { version: number; changedAt: number; receivedAt: number } | null = null;

  /** Call on every state change with the state's version and server change time. */
  noteState(version: number, changedAt: number, receivedAt: number): void {
    if (version === this.seen?.version) return;
    this.seen = { version, changedAt, receivedAt };
  }

  stamp(now: number, fallbackServerNow: number): number {
    if (!this.seen) return Math.round(fallbackServerNow);
    return Math.round(this.seen.changedAt + (now - this.seen.receivedAt));
  }
}
