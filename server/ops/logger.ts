import pino from 'pino';

/** Structured JSON logs (pino). Never log hidden game information: log seats and codes, not hands. */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.VITEST ? 'warn' : 'info'),
  base: { pid: process.pid, instance: process.env.NODE_APP_INSTANCE ?? '0' },
});
