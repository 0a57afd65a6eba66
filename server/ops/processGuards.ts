/**
 * Last line of defence for the process that serves everyone's tables. Rooms catch their own
 * exceptions (onUncaughtException, the message edge); what still escapes (a library's socket
 * callback, a forgotten promise) is logged and counted here instead of ending every game on the
 * process. Operators watch junction_uncaught_errors_total{where="process"} and restart on a rise.
 */
import { logger } from './logger.js';
import { uncaughtErrors } from './metrics.js';

let installed = false;

export function installProcessGuards(): void {
  if (installed) return;
  installed = true;
  process.on('uncaughtException', (error, origin) => {
    uncaughtErrors.inc({ where: 'process' });
    logger.error({ err: error, origin }, 'uncaught exception: kept running');
  });
  process.on('unhandledRejection', (reason) => {
    uncaughtErrors.inc({ where: 'process' });
    logger.error({ err: reason }, 'unhandled promise rejection: kept running');
  });
}
