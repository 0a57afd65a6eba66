/** `npm start`: one Junction process with the embedded defaults unless REDIS_URL / DATABASE_URL are set. */
import { startJunction } from './app.js';
import { logger } from './ops/logger.js';

startJunction({}, { exitOnSignal: true }).catch((error: unknown) => {
  logger.fatal({ err: error }, 'Junction failed to start');
  process.exit(1);
});
