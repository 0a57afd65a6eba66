/** `npm start`: one Junction process with the embedded defaults unless REDIS_URL / DATABASE_URL are set. */
import { startJunction } from './app.js';
import { logger } from './ops/logger.js';
import { installProcessGuards } from './ops/processGuards.js';

startJunction({}, { exitOnSignal: true }).then(installProcessGuards, (error: unknown) => {
  logger.fatal({ err: error }, `Junction failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
