/**
 * Per-address limits on anonymous HTTP work (rate-limiter-flexible's in-memory limiter: one
 * expiring counter per key, no scans). `burst` requests per window of burst / perSecond seconds.
 * Limits are per process; behind a balancer with N processes an address gets up to N times them.
 */
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

export class IpLimit {
  private readonly limiter: RateLimiterMemory;

  constructor(burst: number, perSecond: number) {
    this.limiter = new RateLimiterMemory({ points: burst, duration: Math.max(1, Math.ceil(burst / perSecond)) });
  }

  /** Seconds until the key may try again, or 0 when this request is allowed. */
  async take(key: string): Promise<number> {
    try {
      await this.limiter.consume(key);
      return 0;
    } catch (outcome) {
      if (outcome instanceof RateLimiterRes) return Math.max(1, Math.ceil(outcome.msBeforeNext / 1000));
      throw outcome;
    }
  }
}
