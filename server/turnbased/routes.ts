/**
 * POST /api/games/:id/wake (docs/protocol.md "Turn-based tables"): a player about to join a
 * turn-based table by id first makes sure it is open on some process; a sleeping table wakes on
 * this one. Only a player seated at the table (Authorization: Bearer <guest token>) may wake it.
 */
import { Router, type Request } from 'express';
import type { Store } from '../store/index.js';
import type { IdentityService } from '../identity/service.js';
import { bearer } from '../identity/routes.js';
import type { IpLimit } from '../http/ipLimits.js';
import type { TableWaker } from './wake.js';

const GAME_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function wakeRoutes(deps: { store: Store; identities: IdentityService; waker: TableWaker; limit: IpLimit }): Router {
  const router = Router();
  router.post('/games/:id/wake', deps.limit.guard('Too many requests: wait a few seconds.'), async (req: Request<{ id: string }>, res) => {
    if (!GAME_ID.test(req.params.id)) return void res.status(404).json({ error: 'No such table.', code: 'no_such_table' });
    const me = await deps.identities.resolve(bearer(req));
    if (!me) return void res.status(401).json({ error: 'Unknown guest token: send Authorization: Bearer <token>.', code: 'unknown_guest' });
    const session = await deps.store.getGameSession(req.params.id);
    if (!session || !session.seats.some((s) => s.identityId === me.id)) return void res.status(404).json({ error: 'No such table.', code: 'no_such_table' });
    const outcome = await deps.waker.open(session.id);
    if (outcome === 'not_found') return void res.status(404).json({ error: 'This table is not being played any more.', code: 'table_gone' });
    if (outcome === 'busy') return void res.status(503).json({ error: 'The table is busy: try again in a moment.', code: 'table_busy' });
    res.json({ roomId: session.id, game: session.game });
  });
  return router;
}
