/**
 * Moderation (issue 29; docs/protocol.md "Moderation"): behind the monitor credentials (HTTP basic
 * `admin` / MONITOR_PASSWORD, the same failed-attempt lockout as /monitor); absent when no
 * password is set. A moderator reads reports (with the table's last chat lines and moves) and
 * silences an identity (no free text) or bans it from public and rated tables for N days, with a
 * reason from a fixed list the player is shown in their language: no free text anywhere.
 */
import { Router } from 'express';
import basicAuth from 'express-basic-auth';
import { z } from 'zod';
import { SANCTION_REASONS } from '../../shared/chat/catalogue.js';
import type { Store } from '../store/index.js';
import { isIdentityId } from '../identity/tokens.js';
import { monitorAttempts } from './monitorAttempts.js';

const reportsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  identity: z.string().max(64).refine(isIdentityId).optional(),
}).strict();

const sanctionBody = z.object({
  identityId: z.string().max(64).refine(isIdentityId),
  kind: z.enum(['silence', 'ban']),
  days: z.number().int().min(0).max(365),
  reason: z.enum(SANCTION_REASONS),
}).strict();

const DAY_MS = 24 * 60 * 60 * 1000;

export function moderationRoutes(deps: { store: Store; password: string | undefined; attempts: number }): Router {
  const router = Router();
  if (!deps.password) return router;
  router.use(monitorAttempts(deps.attempts), basicAuth({
    users: { admin: deps.password },
    unauthorizedResponse: () => ({ error: 'This needs the monitor password.', code: 'not_moderator' }),
  }));
  router.get('/reports', async (req, res) => {
    const query = reportsQuery.safeParse(req.query);
    if (!query.success) return void res.status(400).json({ error: 'Bad query.', code: 'bad_request' });
    res.json({ reports: await deps.store.social.listReports({ limit: query.data.limit, reportedId: query.data.identity }) });
  });
  /** `days: 0` lifts the sanction. */
  router.post('/sanctions', async (req, res) => {
    const body = sanctionBody.safeParse(req.body);
    if (!body.success) return void res.status(400).json({ error: 'Bad sanction: { identityId, kind, days, reason }.', code: 'bad_request' });
    if (!await deps.store.getIdentity(body.data.identityId)) return void res.status(404).json({ error: 'No such player.', code: 'no_such_identity' });
    const now = Date.now();
    const sanction = { identityId: body.data.identityId, kind: body.data.kind, until: now + body.data.days * DAY_MS, reason: body.data.reason, createdAt: now };
    await deps.store.social.setSanction(sanction);
    res.status(201).json({ sanction });
  });
  return router;
}
