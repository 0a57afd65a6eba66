/**
 * Fair ordering of real-time races (DESIGN.md "Real-time races", docs/architecture.md).
 *
 * Each claim carries the client's stamp: the server time of the state the player saw plus how
 * long they looked at it (shared/protocol/stamper.ts), so an honest stamp trails the claim's
 * arrival by that player's round trip. The server trusts a stamp only within
 * [arrival - allowance, arrival], where the allowance is what the server itself measured for
 * that player (shared/delayEstimate.ts): the clamped value is the claim's compensated time.
 * A claim is released once no other seat can still send an earlier one, i.e. at
 * compensated + hold, the hold being the largest allowance among the other connected seats.
 * Claims are released in compensated-time order; exact ties are settled by a seeded coin (never
 * by arrival, which favours whichever socket the server happens to read first), and the coin's
 * outcome is kept on the claim so a replay can reproduce it.
 * Non-race actions enter with compensated = arrival and no hold, but still queue behind earlier
 * pending claims so the order of everything applied stays consistent.
 */
import type { Rng } from './random.js';

/**
 * A stamp moved to the nearest trusted time: 'early' = older than the seat's allowance (its
 * jitter, or forged), 'implausible' = older than even its slowest recent round trip (forged, or
 * a line that just got slower), 'late' = after its arrival.
 */
export type Clamp = 'early' | 'implausible' | 'late' | null;

/** How an exact tie was settled: `rank` 0 won the coin; `size` claims shared the time. */
export interface TieOutcome {
  size: number;
  rank: number;
  /** This claim's place among the tied claims by arrival (0: read first), to check the coin ignores it. */
  arrived?: number;
}

export interface Claim<T> {
  item: T;
  arrival: number;
  compensated: number;
  releaseAt: number;
  seq: number;
  race: boolean;
  clamped: Clamp;
  /** Set on each claim of an exact tie once the coin settled it (null: no tie). */
  tie: TieOutcome | null;
}

export interface Submission {
  arrival: number;
  stamp: number | undefined;
  race: boolean;
  /** How far before its arrival this seat's claim may be stamped (its measured delay). */
  allowanceMs: number;
  /** Beyond this (≥ allowanceMs) a stamp is counted as implausible rather than jitter. */
  plausibleMs?: number;
  /** How long any other seat may still need to send an earlier claim (largest other allowance). */
  holdMs: number;
}

export function compensate(arrival: number, stamp: number | undefined, allowanceMs: number, plausibleMs = Infinity): { time: number; clamped: Clamp } {
  if (stamp === undefined || !Number.isFinite(stamp)) return { time: arrival, clamped: null };
  if (stamp > arrival) return { time: arrival, clamped: 'late' };
  if (stamp < arrival - allowanceMs) {
    return { time: arrival - allowanceMs, clamped: stamp < arrival - Math.max(allowanceMs, plausibleMs) ? 'implausible' : 'early' };
  }
  return { time: stamp, clamped: null };
}

export class RaceQueue<T> {
  private pending: Claim<T>[] = [];
  private settled = new WeakSet<Claim<T>>();
  private seq = 0;
  /** `coin`: the room's seeded generator, drawn only when an exact tie is settled. */
  constructor(private readonly coin: Rng) {}

  submit(item: T, s: Submission): Claim<T> {
    const { time, clamped } = s.race ? compensate(s.arrival, s.stamp, s.allowanceMs, s.plausibleMs) : { time: s.arrival, clamped: null };
    const claim: Claim<T> = {
      item, arrival: s.arrival, compensated: time, releaseAt: s.race ? time + s.holdMs : s.arrival,
      seq: this.seq++, race: s.race, clamped, tie: null,
    };
    const at = this.pending.findIndex((c) => c.compensated > time);
    if (at < 0) this.pending.push(claim); else this.pending.splice(at, 0, claim);
    return claim;
  }

  /** Claims whose turn has come at `now`, in the order they must be applied. */
  release(now: number): Claim<T>[] {
    const out: Claim<T>[] = [];
    while (this.pending.length > 0 && this.pending[0].releaseAt <= now) {
      if (this.settleTie()) continue;
      out.push(this.pending.shift()!);
    }
    return out;
  }

  /** When the head of the queue becomes releasable, or null when empty. */
  nextReleaseAt(): number | null {
    return this.pending.length > 0 ? this.pending[0].releaseAt : null;
  }

  get size(): number {
    return this.pending.length;
  }

  /**
   * Called when the head is due: every claim tied with it has arrived by then (a tied claim from
   * another seat arrives within that seat's allowance, which the head's hold covers). Returns
   * true when the coin reordered the front of the queue, so the caller looks at the head again.
   */
  private settleTie(): boolean {
    const head = this.pending[0];
    if (!head.race || this.settled.has(head)) return false;
    const group = this.pending.filter((c) => c.race && c.compensated === head.compensated && !this.settled.has(c));
    for (const c of group) this.settled.add(c);
    if (group.length < 2) return false;
    const order = this.coin.shuffle(group);
    order.forEach((c, rank) => { c.tie = { size: order.length, rank, arrived: group.indexOf(c) }; });
    this.pending = [...order, ...this.pending.filter((c) => !group.includes(c))];
    return true;
  }
}
