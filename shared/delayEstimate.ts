/**
 * One player's race allowance, from round trips the server timed itself (server/rooms/latencyProbe.ts).
 *
 * An honest stamp trails its claim's arrival by the player's round trip (the state travels down,
 * the claim travels up), so the allowance is the player's delay plus its jitter: the slowest of
 * the recent round trips but one (one outlier, a GC pause, does not stretch every hold), plus
 * FLOOR_MS because both ends read whole milliseconds. It is capped (Overwatch stops compensating
 * at 250 ms: one very slow line must not hold every race for everyone), and zero until the
 * player has answered a probe: an unmeasured player's stamps are not trusted at all.
 */
export const RECENT_SAMPLES = 8;
export const FLOOR_MS = 2;

export class DelayEstimate {
  private samples: number[] = [];

  add(rttMs: number): void {
    if (!Number.isFinite(rttMs) || rttMs < 0) return;
    this.samples.push(rttMs);
    if (this.samples.length > RECENT_SAMPLES) this.samples.shift();
  }

  get measured(): boolean {
    return this.samples.length > 0;
  }

  allowance(capMs: number): number {
    if (this.samples.length === 0 || capMs <= 0) return 0;
    const sorted = [...this.samples].sort((a, b) => b - a);
    const slowest = sorted.length >= 3 ? sorted[1] : sorted[0];
    return Math.min(capMs, Math.ceil(slowest) + FLOOR_MS);
  }
}

/** The hold a claim from one seat needs: the largest allowance among the other seats that can still claim. */
export function holdFor(otherAllowances: Iterable<number>): number {
  let hold = 0;
  for (const a of otherAllowances) hold = Math.max(hold, a);
  return hold;
}
