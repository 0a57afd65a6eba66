/**
 * Guest identity HTTP API under /api/identity (docs/protocol.md "Players"). The device token goes
 * in `Authorization: Bearer <token>`; bodies are checked with zod; errors are `{ error, code, params? }`.
 */
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import type { IdentityRecord } from '../store/index.js';
import type { IpLimit } from '../http/ipLimits.js';
import { IdentityService, publicIdentity } from './service.js';
import { GUEST_LANGUAGES, NAME_MAX } from './names.js';

const renameBody = z.object({ name: z.string().max(200) }).strict();
const claimBody = z.object({ code: z.string().max(100) }).strict();
/** A new guest's name is given in the client's language (other fields are ignored, as before). */
const newGuestBody = z.object({ lang: z.enum(GUEST_LANGUAGES).optional() });

export function bearer(req: Request): string | null {
  const m = /^Bearer\s+(\S{1,200})$/i.exec(req.get('authorization') ?? '');
  return m ? m[1] : null;
}

export function identityRoutes(deps: { identities: IdentityService; creations: IpLimit }): Router {
  const { identities, creations } = deps;
  const router = Router();

  const me = async (req: Request, res: Response): Promise<IdentityRecord | null> => {
    const identity = await identities.resolve(bearer(req));
    if (!identity) res.status(401).json({ error: 'Unknown guest token: create a new guest (POST /api/identity).', code: 'unknown_guest' });
    return identity;
  };

  router.post('/', creations.guard('Too many new guests from here: wait a little.'), async (req, res) => {
    const body = newGuestBody.safeParse(req.body ?? {});
    if (!body.success) {
      res.status(400).json({ error: `The body is { lang? } with lang one of ${GUEST_LANGUAGES.join(', ')}.`, code: 'bad_request' });
      return;
    }
    const issued = await identities.create(body.data.lang);
    res.status(201).json({ identity: publicIdentity(issued.identity), token: issued.token });
  });

  router.get('/me', async (req, res) => {
    const identity = await me(req, res);
    if (identity) res.json({ identity: publicIdentity(identity) });
  });

  router.put('/me', async (req, res) => {
    const identity = await me(req, res);
    if (!identity) return;
    const body = renameBody.safeParse(req.body ?? {});
    if (!body.success) {
      res.status(400).json({ error: 'The body is { name }.', code: 'bad_request' });
      return;
    }
    const renamed = await identities.rename(identity, body.data.name);
    if (!renamed.ok) {
      res.status(400).json({ error: renamed.reason, code: renamed.code, ...(renamed.code === 'guest_name_too_long' ? { params: { max: NAME_MAX } } : {}) });
      return;
    }
    res.json({ identity: publicIdentity(renamed.identity ?? identity) });
  });

  router.post('/me/transfer', async (req, res) => {
    const identity = await me(req, res);
    if (!identity) return;
    const { code, expiresAt } = await identities.startTransfer(identity);
    res.status(201).json({ code, expiresAt, link: `/claim/${code}` });
  });

  router.post('/claim', creations.guard('Too many attempts from here: wait a little.'), async (req, res) => {
    const body = claimBody.safeParse(req.body ?? {});
    if (!body.success) {
      res.status(400).json({ error: 'The body is { code }.', code: 'bad_request' });
      return;
    }
    const claimed = await identities.claimTransfer(body.data.code);
    if (!claimed) {
      res.status(404).json({ error: 'This link was already used or has expired: make a new one on your other device.', code: 'transfer_expired' });
      return;
    }
    res.json({ identity: publicIdentity(claimed.identity), token: claimed.token });
  });

  return router;
}
