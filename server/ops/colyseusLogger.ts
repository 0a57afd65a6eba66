/**
 * Colyseus' own log lines through pino. Colyseus prints a full stack for every frame it cannot
 * decode; a client sending garbage could fill the disk with them, so its errors are logged as one
 * line each, and at most a few a second.
 */
import { logger } from './logger.js';

const ERRORS_PER_SECOND = 5;
let windowStart = 0;
let inWindow = 0;
let suppressed = 0;

function firstLine(args: unknown[]): string {
  return args.map((a) => (a instanceof Error ? a.message : String(a))).join(' ').split('\n')[0].slice(0, 300);
}

export const colyseusLogger = {
  debug: (...args: unknown[]) => logger.debug({ source: 'colyseus' }, firstLine(args)),
  trace: (...args: unknown[]) => logger.trace({ source: 'colyseus' }, firstLine(args)),
  info: (...args: unknown[]) => logger.info({ source: 'colyseus' }, firstLine(args)),
  warn: (...args: unknown[]) => logger.warn({ source: 'colyseus' }, firstLine(args)),
  error: (...args: unknown[]) => {
    const now = Date.now();
    if (now - windowStart >= 1000) {
      if (suppressed > 0) logger.warn({ source: 'colyseus', suppressed }, 'colyseus errors suppressed in the last second');
      windowStart = now;
      inWindow = 0;
      suppressed = 0;
    }
    if (++inWindow > ERRORS_PER_SECOND) {
      suppressed++;
      return;
    }
    logger.error({ source: 'colyseus' }, firstLine(args));
  },
};
