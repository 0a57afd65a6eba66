/**
 * Password guessing on /monitor: every refused attempt (401) costs the address one of `attempts`;
 * when they are spent, the address waits 15 minutes (rate-limiter-flexible keeps the counts).
 */
import type { NextFunction, Request, Response } from 'express';
import { RateLimiterMemory } from 'rate-limiter-flexible';

const LOCKOUT_SECONDS = 15 * 60;

export function monitorAttempts(attempts: number) {
  const failures = new RateLimiterMemory({ points: attempts, duration: LOCKOUT_SECONDS });
  return (req: Request, res: Response, next: NextFunction): void => {
    const key = req.ip ?? 'unknown';
    failures.get(key).then((state) => {
      if (state && state.consumedPoints >= attempts) {
        res.set('Retry-After', String(Math.ceil(state.msBeforeNext / 1000))).status(429)
          .json({ error: 'Too many failed sign-in attempts: try again later.', code: 'too_many_requests', params: { count: Math.ceil(state.msBeforeNext / 1000) } });
        return;
      }
      res.on('finish', () => {
        if (res.statusCode === 401) failures.consume(key).catch(() => undefined);
      });
      next();
    }, next);
  };
}
