/** What a room does with an exception it caught instead of letting it end the process. */
import { logger } from '../ops/logger.js';
import { uncaughtErrors } from '../ops/metrics.js';

/** Where exceptions are counted; anything else is counted as "other" (a fixed label set). */
const PLACES = new Set(['message', 'onMessage', 'onCreate', 'onJoin', 'onLeave', 'onDispose', 'setTimeout', 'setInterval', 'setSimulationInterval']);

export function reportRoomException(roomId: string, where: string, error: unknown): void {
  // A refused join or table (full table, bad options) is an answer to that client, not a fault.
  if (where === 'onAuth' || where === 'onCreate') {
    logger.debug({ room: roomId, where, reason: error instanceof Error ? error.message : String(error) }, 'refused');
    return;
  }
  uncaughtErrors.inc({ where: PLACES.has(where) ? where : 'other' });
  logger.error({ room: roomId, where, err: error instanceof Error ? { message: error.message, stack: error.stack } : String(error) }, 'room exception caught');
}
