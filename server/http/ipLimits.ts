/**
 * Per-address limits on anonymous HTTP work (rate-limiter-flexible's in-memory limiter: one
 * expiring counter per key, no scans). `burst` requests per window of burst / perSecond seconds.
 * Limits are per process; behind a balancer with N processes an address gets up to N times them.
 */
import type { NextFunction, Request, Response } from 'express';
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

  /**
   * Express middleware: passes a request while its address is within the limit, else answers 429
   * with `Retry-After`, `error` (English, for API users) and `code` `too_many_requests` with `params.count` (seconds) (the one shape every limited route answers with).
   */
  guard(message: string) {
    return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
      const wait = await this.take(req.ip ?? 'unknown');
      if (wait === 0) return next();
      res.set('Retry-After', String(wait)).status(429).json({ error: message, code: 'too_many_requests', params: { count: wait } });
    };
  }
}
