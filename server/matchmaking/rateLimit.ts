/** Token bucket: `capacity` actions at once, refilled at `perSecond`. Time is passed in. */
export class TokenBucket {
  private tokens: number;
  private last: number;
  constructor(private readonly capacity: number, private readonly perSecond: number, now: number) {
    this.tokens = capacity;
    this.last = now;
  }
  take(now: number, cost = 1): boolean {
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
    if (this.tokens < cost) return false;
    this.tokens -= cost;
    return true;
  }
}

/** One bucket per key (an IP, a session), forgotten after an idle period. */
export class KeyedRateLimiter {
  private buckets = new Map<string, { bucket: TokenBucket; seen: number }>();
  constructor(private readonly capacity: number, private readonly perSecond: number, private readonly idleMs = 60_000) {}
  take(key: string, now = Date.now()): boolean {
    let entry = this.buckets.get(key);
    if (!entry) {
      if (this.buckets.size > 10_000) this.sweep(now);
      entry = { bucket: new TokenBucket(this.capacity, this.perSecond, now), seen: now };
      this.buckets.set(key, entry);
    }
    entry.seen = now;
    return entry.bucket.take(now);
  }
  private sweep(now: number): void {
    for (const [key, entry] of this.buckets) if (now - entry.seen > this.idleMs) this.buckets.delete(key);
  }
}
