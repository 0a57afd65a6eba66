/** Public HTTP API (docs/protocol.md): private-code look-up, results, tournaments. */
import { Router, type Request } from 'express';
import { matchMaker, type Presence } from '@colyseus/core';
import { z } from 'zod';
import { roomIdForCode } from '../matchmaking/privateCodes.js';
import { normaliseCode } from '../../shared/protocol/codes.js';
import type { TableWaker } from '../turnbased/wake.js';
import type { IpLimit } from './ipLimits.js';
import type { GameRecord, Store } from '../store/index.js';
import type { Tournaments } from '../tournament/wiring.js';
import { games } from '../../shared/games/registry.js';
import { bearer } from '../identity/routes.js';
import type { IdentityService } from '../identity/service.js';
import { gameAccess } from './gameAccess.js';

export function apiRoutes(deps: { presence: Presence; store: Store; identities: IdentityService; tournaments: Tournaments; codeLookups: IpLimit; waker: TableWaker }): Router {
  const router = Router();
  const { codeLookups } = deps;

  router.get('/games', (_req, res) => {
    res.json(games.map((g) => ({ id: g.id, title: g.title, variants: g.variants, defaultVariant: g.defaultVariant })));
  });

  router.get('/rooms/code/:code', codeLookups.guard('Too many code look-ups: wait a few seconds.'), async (req: Request<{ code: string }>, res) => {
    const roomId = await roomIdForCode(deps.presence, req.params.code);
    let [room] = roomId ? await matchMaker.query({ roomId }) : [];
    // A turn-based table asleep in the store keeps its code (issue 25): the code wakes it. The code is
    // the private table's key, so whoever holds it may open it (seated players retake their seats).
    const code = room ? null : normaliseCode(req.params.code);
    const asleep = code ? await deps.store.findSleepingSessionByCode(code) : null;
    if (asleep) {
      const outcome = await deps.waker.open(asleep.id);
      if (outcome === 'busy') return void res.status(503).json({ error: 'The table is busy: try again in a moment.', code: 'table_busy' });
      [room] = outcome === 'open' ? await matchMaker.query({ roomId: asleep.id }) : [];
    }
    if (!room) {
      res.status(404).json({ error: 'No table has that code.', code: 'no_such_code' });
      return;
    }
    const meta = room.metadata as { game: string; variant: string; seats: number; free: number; phase: string };
    res.json({ roomId: room.roomId, game: meta.game, variant: meta.variant, seats: meta.seats, free: meta.free, phase: meta.phase });
  });

  const resultsQuery = z.object({ game: z.string().max(40).optional(), limit: z.coerce.number().int().min(1).max(200).default(50) });
  router.get('/results', async (req, res) => {
    const q = resultsQuery.safeParse(req.query);
    if (!q.success) {
      res.status(400).json({ error: 'Bad query: game?, limit 1–200', code: 'bad_query' });
      return;
    }
    // Private tables' games are shown to their players only (GET /api/players/:id with their token).
    res.json((await deps.store.listGameResults({ ...q.data, publicOnly: true })).map(publicRecord));
  });

  router.get('/results/:id', async (req: Request<{ id: string }>, res) => {
    const id = req.params.id.slice(0, 64);
    const [record, session] = await Promise.all([deps.store.getGameResult(id), deps.store.getGameSession(id)]);
    // A private table's result names its players' identities and its seed: the same rule as GET /api/games/:id.
    if (!record || gameAccess(await deps.identities.resolve(bearer(req)), record, session).hidden) {
      res.status(404).json({ error: 'No stored result for that table.', code: 'no_such_game' });
      return;
    }
    res.json(publicRecord(record));
  });

  router.use('/tournaments', deps.tournaments.router);
  return router;
}

/** A stored result as the public may see it: tournament seat ids are credentials, so they stay out. */
function publicRecord(record: GameRecord): Omit<GameRecord, 'players'> & { players: Omit<GameRecord['players'][number], 'playerId'>[] } {
  return { ...record, players: record.players.map(({ playerId: _secret, ...rest }) => rest) };
}
