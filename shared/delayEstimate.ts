/**
 * One player's race allowance, from round trips the server timed itself (server/rooms/latencyProbe.ts).
 *
 * An honest stamp trails its claim's arrival by the player's round trip (the state travels down,
 * the claim travels up). The allowance is the fastest of the recent round trips plus FLOOR_MS
 * (both ends read whole milliseconds): the line's own delay, without its jitter. A stamp older
 * than that is clamped to it, so an honest claim delayed by jitter and a forged "as early as
 * possible" claim end up at the same compensated time, and forging buys at most FLOOR_MS; the
 * price is that an honest player loses its own jitter, as every player does. Stamps older than
 * even the slowest recent round trip but one, plus PLAUSIBLE_MARGIN_MS, are "implausible": only a
 * forger (or a suddenly slower line) sends those, and they are counted apart. The margin covers
 * the room's own work between a change and its patch leaving, which the probes do not see.
 * Both are capped (Overwatch stops compensating at 250 ms: one very slow line must not hold
 * every race for everyone) and zero until the player has answered a probe: an unmeasured
 * player's stamps are not trusted at all.
 */
export const RECENT_SAMPLES = 8;
export const FLOOR_MS = 1;
export const PLAUSIBLE_MARGIN_MS = 10;

export class DelayEstimate {
  private samples: number[] = [];

  add(rttMs: number): void {
    if (!Number.isFinite(rttMs) || rttMs < 0) return;
    this.samples.push(rttMs);
    if (this.samples.length > RECENT_SAMPLES) this.samples.shift();
  }

  /** How far before its arrival a claim may be stamped: the line's delay. */
  allowance(capMs: number): number {
    if (this.samples.length === 0 || capMs <= 0) return 0;
    return Math.min(capMs, Math.ceil(Math.min(...this.samples)) + FLOOR_MS);
  }

  /** How far back an honest stamp could still be, delay and jitter (the slowest recent round trip but one). */
  plausible(capMs: number): number {
    if (this.samples.length === 0 || capMs <= 0) return 0;
    const sorted = [...this.samples].sort((a, b) => b - a);
    return Math.min(capMs, Math.ceil(sorted.length >= 3 ? sorted[1] : sorted[0]) + FLOOR_MS + PLAUSIBLE_MARGIN_MS);
  }
}

/** The hold a claim from one seat needs: the largest allowance among the other seats that can still claim. */
export function holdFor(otherAllowances: Iterable<number>): number {
  let hold = 0;
  for (const a of otherAllowances) hold = Math.max(hold, a);
  return hold;
}
