/**
 * Fair ordering of real-time races (DESIGN.md "Real-time races").
 *
 * Each claim carries the client's estimate of server time when the player acted. The server
 * never trusts it outside [arrival - window, arrival]: that clamped value is the claim's
 * compensated time. A claim is released once no earlier claim can still arrive, i.e. at
 * compensated + window; claims are released in compensated-time order, ties broken by arrival.
 * With window = 0 this is first come, first served with no delay.
 * Non-race actions enter with compensated = arrival and no hold, but still queue behind earlier
 * pending claims so the order of everything applied stays consistent.
 */
export interface Claim<T> {
  item: T;
  arrival: number;
  compensated: number;
  releaseAt: number;
  seq: number;
}

export function compensatedTime(arrival: number, stamp: number | undefined, windowMs: number): number {
  if (stamp === undefined || !Number.isFinite(stamp)) return arrival;
  return Math.min(arrival, Math.max(arrival - windowMs, stamp));
}

export class RaceQueue<T> {
  private pending: Claim<T>[] = [];
  private seq = 0;
  constructor(readonly windowMs: number) {}

  submit(item: T, arrival: number, stamp: number | undefined, race: boolean): Claim<T> {
    const compensated = race ? compensatedTime(arrival, stamp, this.windowMs) : arrival;
    const claim: Claim<T> = {
      item, arrival, compensated,
      releaseAt: race ? compensated + this.windowMs : arrival,
      seq: this.seq++,
    };
    const at = this.pending.findIndex((c) => c.compensated > compensated
      || (c.compensated === compensated && c.arrival > arrival));
    if (at < 0) this.pending.push(claim); else this.pending.splice(at, 0, claim);
    return claim;
  }

  /** Claims whose turn has come at `now`, in the order they must be applied. */
  release(now: number): Claim<T>[] {
    const out: Claim<T>[] = [];
    while (this.pending.length > 0 && this.pending[0].releaseAt <= now) out.push(this.pending.shift()!);
    return out;
  }

  /** When the head of the queue becomes releasable, or null when empty. */
  nextReleaseAt(): number | null {
    return this.pending.length > 0 ? this.pending[0].releaseAt : null;
  }

  get size(): number {
    return this.pending.length;
  }
}
