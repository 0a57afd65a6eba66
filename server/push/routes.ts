/**
 * Web Push endpoints (docs/protocol.md "Web Push"): the server's VAPID public key, and a browser's
 * subscription (with the kinds of notification it wants) saved or removed for the identity of the
 * guest token (Authorization: Bearer).
 */
import { Router } from 'express';
import type { Store } from '../store/index.js';
import type { IdentityService } from '../identity/service.js';
import { bearer } from '../identity/routes.js';
import type { IpLimit } from '../http/ipLimits.js';
import { subscriptionBody, unsubscribeBody } from './subscription.js';

export function pushRoutes(deps: { store: Store; identities: IdentityService; publicKey: string | null; perIdentity: number; limit: IpLimit }): Router {
  const router = Router();
  const off = (res: import('express').Response) => res.status(404).json({ error: 'Web Push is not set up on this server.', code: 'push_off' });

  router.get('/push/key', (_req, res) => {
    if (!deps.publicKey) return void off(res);
    res.json({ key: deps.publicKey });
  });

  router.post('/push/subscription', deps.limit.guard('Too many requests: wait a few seconds.'), async (req, res) => {
    if (!deps.publicKey) return void off(res);
    const me = await deps.identities.resolve(bearer(req));
    if (!me) return void res.status(401).json({ error: 'Unknown guest token: send Authorization: Bearer <token>.', code: 'unknown_guest' });
    const body = subscriptionBody.safeParse(req.body);
    if (!body.success) {
      return void res.status(400).json({ error: 'The body is { endpoint: https URL, keys: { p256dh, auth } (base64url), lang?: en|fr, kinds?: [your_turn|invitation] }.', code: 'bad_subscription' });
    }
    const { endpoint, keys, lang, kinds } = body.data;
    await deps.store.push.savePushSubscription({ endpoint, identityId: me.id, p256dh: keys.p256dh, auth: keys.auth, lang, kinds, createdAt: Date.now() }, deps.perIdentity);
    res.status(201).json({ ok: true });
  });

  router.delete('/push/subscription', deps.limit.guard('Too many requests: wait a few seconds.'), async (req, res) => {
    const me = await deps.identities.resolve(bearer(req));
    if (!me) return void res.status(401).json({ error: 'Unknown guest token: send Authorization: Bearer <token>.', code: 'unknown_guest' });
    const body = unsubscribeBody.safeParse(req.body);
    if (!body.success) return void res.status(400).json({ error: 'The body is { endpoint: https URL }.', code: 'bad_subscription' });
    await deps.store.push.removePushSubscription(body.data.endpoint, me.id);
    res.status(204).end();
  });

  return router;
}
