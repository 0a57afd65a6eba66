/**
 * Per-address limits on anonymous HTTP work (rate-limiter-flexible: one expiring counter per key,
 * no scans). `burst` requests per window of burst / perSecond seconds.
 *
 * With REDIS_URL the counters live in Redis (`LimitStore`), so every process of a deployment
 * counts against one limit instead of each granting it again. A Redis error or a Redis that is
 * not ready falls back to this process's own counter (the insurance limiter) rather than refusing
 * everyone or waiting: for as long as Redis is out, limits are per process again.
 */
import type { NextFunction, Request, Response } from 'express';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { untilRedisReady } from '../ops/redisReady.js';
import { logger } from '../ops/logger.js';

/** Where a limit keeps its counters in Redis; `key` tells the limits apart (and deployments, by its prefix). */
interface SharedCounters { redis: Redis; key: string }

/** A limit command that has not answered in this long falls back to the process's own counter. */
const REDIS_COMMAND_TIMEOUT_MS = 1000;

export class IpLimit {
  private readonly limiter: RateLimiterMemory | RateLimiterRedis;

  constructor(burst: number, perSecond: number, shared?: SharedCounters) {
    const window = { points: burst, duration: Math.max(1, Math.ceil(burst / perSecond)) };
    const local = new RateLimiterMemory(window);
    this.limiter = shared
      ? new RateLimiterRedis({ ...window, storeClient: shared.redis, keyPrefix: shared.key, rejectIfRedisNotReady: true, insuranceLimiter: local })
      : local;
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

/** Makes the process's per-address limits: in memory alone, in Redis with REDIS_URL. */
export class LimitStore {
  private constructor(private readonly redis: Redis | null, private readonly keyPrefix: string) {}

  /**
   * `keyPrefix` names this deployment's counters (ioredis' own `?keyPrefix=` in REDIS_URL, as tests
   * use, comes before it). Start-up waits for the connection as it does for presence.
   */
  static async open(redisUrl: string | undefined, opts: { keyPrefix: string; connectTimeoutMs: number }): Promise<LimitStore> {
    if (!redisUrl) return new LimitStore(null, opts.keyPrefix);
    const redis = new Redis(redisUrl, {
      // Fail fast while disconnected (the insurance limiter answers) instead of queueing requests.
      enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: REDIS_COMMAND_TIMEOUT_MS, enableAutoPipelining: true,
    });
    redis.on('error', (error: Error) => logger.debug({ err: error }, 'limit store: Redis error (limits fall back to this process)'));
    await untilRedisReady([redis], redisUrl, opts.connectTimeoutMs);
    return new LimitStore(redis, opts.keyPrefix);
  }

  /** `name` must differ between the limits of one process and stay the same across processes. */
  limit(name: string, burst: number, perSecond: number): IpLimit {
    return new IpLimit(burst, perSecond, this.redis ? { redis: this.redis, key: `${this.keyPrefix}:${name}` } : undefined);
  }

  async close(): Promise<void> {
    await this.redis?.quit().catch(() => this.redis?.disconnect());
  }
}
