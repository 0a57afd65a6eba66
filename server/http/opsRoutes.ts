/** Operator endpoints: /health, /metrics, and the Colyseus monitor behind a password. */
import { Router } from 'express';
import basicAuth from 'express-basic-auth';
import { monitor } from '@colyseus/monitor';
import { matchMaker } from '@colyseus/core';
import type { Config } from '../config.js';
import type { ResultOutbox } from '../results/outbox.js';
import { registry } from '../ops/metrics.js';
import { version } from './version.js';
import { monitorAttempts } from './monitorAttempts.js';
import { metricsAccess } from './metricsAccess.js';

export function opsRoutes({ config, results }: { config: Config; results: Pick<ResultOutbox, 'size'> }): Router {
  const router = Router();
  // `degraded` still answers 200: the process plays games; its results wait for the store (docs/operations.md).
  router.get('/health', (_req, res) => {
    const local = matchMaker.stats.local;
    const pendingResults = results.size;
    res.json({ status: pendingResults > 0 ? 'degraded' : 'ok', version, rooms: local.roomCount, clients: local.ccu, pendingResults, pid: process.pid });
  });
  router.get('/metrics', metricsAccess(config.METRICS_ALLOW), async (_req, res) => {
    res.set('Content-Type', registry.contentType);
    res.send(await registry.metrics());
  });
  if (config.MONITOR_PASSWORD) {
    router.use('/monitor', monitorAttempts(config.MONITOR_ATTEMPTS), basicAuth({ users: { admin: config.MONITOR_PASSWORD }, challenge: true }), monitor());
  }
  return router;
}
