/**
 * Tournament HTTP API under /api/tournaments (docs/protocol.md "Tournaments"): JSON in and out,
 * bodies checked with zod, errors as `{ error }` with 400/401/403/404/409.
 *
 * Secrets: the organiser token (returned once by create) and each player's token (returned by
 * register) are HMACs of the tournament / player under a server secret, so nothing extra is
 * stored. A player's seat id (the `playerId` a table room reserves a seat for) is a secret too:
 * public views show only a derived public id (`publicPlayerId`), the seat id is given by
 * register and by GET /:id/me to the holder of the player token.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Router, type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import type { RegistrationRecord, Store, TableRecord, TournamentRecord } from '../store/index.js';
import { createTournamentSchema, TournamentError, tournamentFieldLabel, type TournamentService, type TournamentView } from './service.js';
import { fieldRefusal, type FieldLabel } from '../../shared/i18n/fieldRefusal.js';
import { leaderboard } from './ratings.js';
import type { LiveTournaments } from './live.js';
import { playerViews } from './playerView.js';
import { publicPlayerId } from './publicIds.js';
import type { IpLimit } from '../http/ipLimits.js';
import { playerName } from '../../shared/protocol/names.js';
import { publicIdentity, type IdentityService } from '../identity/service.js';
import { ratingKey } from '../../shared/ratings/families.js';

// ------------------------------------------------------------------ tokens and public ids

export class TournamentTokens {
  constructor(private readonly secret: string) {}

  organiser(tournamentId: string): string {
    return `o.${this.mac(`organiser:${tournamentId}`)}`;
  }

  player(tournamentId: string, playerId: string): string {
    return `p.${Buffer.from(playerId).toString('base64url')}.${this.mac(`player:${tournamentId}:${playerId}`)}`;
  }

  isOrganiser(tournamentId: string, token: string | null): boolean {
    return token !== null && same(token, this.organiser(tournamentId));
  }

  /** The seat id a player token stands for, or null. */
  playerOf(tournamentId: string, token: string | null): string | null {
    const m = token ? /^p\.([A-Za-z0-9_-]{1,200})\.[A-Za-z0-9_-]+$/.exec(token) : null;
    if (!m || !token) return null;
    const playerId = Buffer.from(m[1], 'base64url').toString();
    return same(token, this.player(tournamentId, playerId)) ? playerId : null;
  }

  private mac(what: string): string {
    return createHmac('sha256', this.secret).update(what).digest('base64url').slice(0, 32);
  }
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function bearer(req: Request): string | null {
  const m = /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '');
  return m ? m[1] : null;
}

// ------------------------------------------------------------------ public views

export interface PublicTournament {
  id: string; name: string; game: string; variant: string; format: string; tableSize: number;
  rounds: number; advancePerTable: number; placementPoints: number[]; byePoints: number | null;
  startsAt: number; private: boolean; status: string; currentRound: number; createdAt: number; updatedAt: number;
  checkInGraceSeconds: number;
}

export function publicTournament(t: TournamentRecord): PublicTournament {
  return {
    id: t.id, name: t.name, game: t.game, variant: t.variant, format: t.format, tableSize: t.tableSize,
    rounds: t.rounds, advancePerTable: t.advancePerTable, placementPoints: t.placementPoints, byePoints: t.byePoints,
    startsAt: t.startsAt, private: t.privateCode !== null, status: t.status, currentRound: t.currentRound,
    createdAt: t.createdAt, updatedAt: t.updatedAt, checkInGraceSeconds: t.checkInGraceSeconds,
  };
}

function publicPlayer(p: RegistrationRecord) {
  return {
    playerId: publicPlayerId(p.playerId), name: p.name, guest: p.guest,
    checkedIn: p.checkedInAt !== null, dropped: p.droppedAt !== null, eliminatedRound: p.eliminatedRound,
  };
}

/**
 * Table id → room id of tables opened again after a restart (the store records only the first
 * launch of a table), kept in presence so every process sees them.
 */
/** Everything about one tournament that anybody may see (no private code, no seat ids). */
export async function publicView(service: TournamentService, id: string) {
  const view = await service.get(id);
  return view && publicViewOf(view);
}

/** The public view of one read of a tournament (no seat id in it: public ids only). */
export function publicViewOf(view: TournamentView) {
  const names = new Map(view.players.map((p) => [p.playerId, p.name]));
  const noShow = new Set(view.noShows.map((n) => `${n.tableId} ${n.playerId}`));
  const noShowsOf = new Map<string, number>();
  for (const n of view.noShows) noShowsOf.set(n.playerId, (noShowsOf.get(n.playerId) ?? 0) + 1);
  // By table and seat: a night of 1,024 players has thousands of results, and every live refresh renders every seat.
  const resultOf = new Map(view.results.map((r) => [`${r.tableId} ${r.playerId}`, r]));
  const table = (x: TableRecord) => ({
    id: x.id, number: x.number, roomId: x.roomId, status: x.status, gameId: x.gameId, finishedAt: x.finishedAt,
    seats: x.seats.map((s) => {
      const r = resultOf.get(`${x.id} ${s.playerId}`);
      return { playerId: publicPlayerId(s.playerId), name: s.name, place: r?.place ?? null, points: r?.points ?? null, noShow: noShow.has(`${x.id} ${s.playerId}`) };
    }),
  });
  return {
    tournament: publicTournament(view.tournament),
    players: view.players.map(publicPlayer),
    rounds: view.rounds.map((r) => ({
      number: r.number, status: r.status, startedAt: r.startedAt, finishedAt: r.finishedAt, repeats: r.repeats,
      byes: r.byes.map(publicPlayerId), tables: r.tables.map(table),
    })),
    standings: view.standings.map((s) => ({ ...s, playerId: publicPlayerId(s.playerId), name: names.get(s.playerId) ?? '', noShows: noShowsOf.get(s.playerId) ?? 0 })),
  };
}
export type PublicTournamentView = ReturnType<typeof publicViewOf>;

// ------------------------------------------------------------------ routes

const createBody = createTournamentSchema.extend({
  startsAt: z.number().int().min(0).optional(),
}).strict();
const registerBody = z.object({ name: playerName, code: z.string().max(20).optional() }).strict();
const dropBody = z.object({ playerId: z.string().min(1).max(100).optional() }).strict();
const listQuery = z.object({
  status: z.enum(['registration', 'running', 'paused', 'finished']).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
const leaderboardQuery = z.object({
  variant: z.string().max(40).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  minGames: z.coerce.number().int().min(0).max(1000).default(0),
});

/** Without `startsAt` a tournament starts by hand (or automatically after this long). */
export const DEFAULT_START_DELAY_MS = 60 * 60_000;

type Handler = (req: Request<Record<string, string>>, res: Response) => Promise<void>;

function wrap(fn: Handler) {
  return (req: Request<Record<string, string>>, res: Response, next: NextFunction) => {
    fn(req, res).catch((error: unknown) => {
      if (error instanceof TournamentError) {
        const status = { not_found: 404, bad_request: 400, wrong_state: 409, forbidden: 403 }[error.code];
        // `code` for the client (server:error.<code>), `error` in English for API users.
        res.status(status).json(error.params ? { error: error.message, code: error.reason, params: error.params } : { error: error.message, code: error.reason });
        return;
      }
      next(error);
    });
  };
}

/** `label` names the form's fields the player can fix (the creation form); other refusals are `bad_request`. */
function parse<T>(schema: z.ZodType<T>, data: unknown, res: Response, label: FieldLabel = () => null): T | null {
  const parsed = schema.safeParse(data ?? {});
  if (parsed.success) return parsed.data;
  // `error` in English for API users; the player reads `code` + `params` (server:error.<code>).
  const refusal = fieldRefusal(parsed.error, label, 'bad_request');
  res.status(400).json({ error: parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '), code: refusal.code, ...(Object.keys(refusal.params).length > 0 ? { params: refusal.params } : {}) });
  return null;
}

/** What anonymous callers may do: per-address rates, and bounds on what junk can pile up. */
export interface TournamentLimits {
  create: IpLimit;
  register: IpLimit;
  /** Tournaments in registration at once (all organisers together). */
  openMax: number;
  /** Registrations one tournament accepts. */
  registrationsMax: number;
}

export function tournamentRoutes(deps: { service: TournamentService; store: Store; tokens: TournamentTokens; live: LiveTournaments; identities: IdentityService; limits: TournamentLimits }): Router {
  const { service, store, tokens, live, identities, limits } = deps;
  const router = Router();


  const mustExist = async (id: string): Promise<TournamentRecord> => {
    const t = await store.getTournament(id.slice(0, 64));
    if (!t) throw new TournamentError('not_found', 'No such tournament.', 'no_such_tournament');
    return t;
  };
  const organiser = async (req: Request<Record<string, string>>, res: Response): Promise<TournamentRecord | null> => {
    const t = await mustExist(req.params.id);
    const token = bearer(req);
    if (!token) {
      res.status(401).json({ error: 'Organiser token needed (Authorization: Bearer <token>).', code: 'unauthorized' });
      return null;
    }
    if (!tokens.isOrganiser(t.id, token)) {
      res.status(403).json({ error: 'This is not the organiser token of this tournament.', code: 'forbidden' });
      return null;
    }
    return t;
  };
  const player = async (req: Request<Record<string, string>>, res: Response): Promise<{ t: TournamentRecord; playerId: string } | null> => {
    const t = await mustExist(req.params.id);
    const playerId = tokens.playerOf(t.id, bearer(req));
    if (!playerId) {
      res.status(401).json({ error: 'Player token needed (Authorization: Bearer <token> from registering).', code: 'unauthorized' });
      return null;
    }
    return { t, playerId };
  };

  router.get('/', wrap(async (req, res) => {
    const q = parse(listQuery, req.query, res);
    if (!q) return;
    const list = await store.listTournaments({ status: q.status ? [q.status] : undefined, limit: q.limit });
    res.json(list.map(publicTournament));
  }));

  router.post('/', limits.create.guard('Too many new tournaments from your address: try again later.'), wrap(async (req, res) => {
    const body = parse(createBody, req.body, res, tournamentFieldLabel);
    if (!body) return;
    if ((await store.listTournaments({ status: ['registration'], limit: limits.openMax })).length >= limits.openMax) {
      throw new TournamentError('wrong_state', 'Too many tournaments are open for registration right now: try again later.', 'too_many_tournaments');
    }
    const t = await service.create({ ...body, startsAt: body.startsAt ?? Date.now() + DEFAULT_START_DELAY_MS });
    res.status(201).json({ tournament: publicTournament(t), organiserToken: tokens.organiser(t.id), privateCode: t.privateCode });
  }));

  router.get('/leaderboard/:game', wrap(async (req, res) => {
    const q = parse(leaderboardQuery, req.query, res);
    if (!q) return;
    // The same ratings as /api/leaderboards/:game (one rating system); player ids are public identity ids.
    // A game with rated variant families (shared/ratings/families.ts) needs ?variant=.
    const game = req.params.game.slice(0, 40);
    res.json(await leaderboard(store, q.variant ? ratingKey(game, q.variant) : game, q));
  }));

  router.get('/:id', wrap(async (req, res) => {
    const view = await publicView(service, req.params.id.slice(0, 64));
    if (!view) throw new TournamentError('not_found', 'No such tournament.', 'no_such_tournament');
    res.json(view);
  }));

  router.get('/:id/events', wrap(async (req, res) => {
    const t = await mustExist(req.params.id);
    await live.attach(t.id, req, res);
  }));

  router.post('/:id/register', limits.register.guard('Too many registrations from your address: wait a little.'), wrap(async (req, res) => {
    const t = await mustExist(req.params.id);
    const body = parse(registerBody, req.body, res);
    if (!body) return;
    if ((await store.countRegistrations(t.id)) >= limits.registrationsMax) {
      throw new TournamentError('wrong_state', `This tournament is full (${limits.registrationsMax} players).`, 'tournament_full', { max: limits.registrationsMax });
    }
    // The registrant plays (and is rated) as their guest identity (Authorization: Bearer <guest token>);
    // without one, or with a token nobody holds, a fresh guest is issued with the registration.
    const guest = await identities.resolveOrCreate(bearer(req) ?? undefined, req.ip ?? 'unknown');
    if (guest.limited !== undefined) {
      res.set('Retry-After', String(guest.limited)).status(429)
        .json({ error: 'Too many new guests from your address: wait a little.', code: 'too_many_requests', params: { count: guest.limited } });
      return;
    }
    const reg = await service.register(t.id, { name: body.name, code: body.code, identityId: guest.identity.id });
    res.status(201).json({
      playerId: publicPlayerId(reg.playerId), seatId: reg.playerId, name: reg.name, token: tokens.player(t.id, reg.playerId),
      identity: publicIdentity(guest.identity), ...(guest.issued ? { guestToken: guest.issued } : {}),
    });
  }));

  router.post('/:id/check-in', wrap(async (req, res) => {
    const who = await player(req, res);
    if (!who) return;
    await service.checkIn(who.t.id, who.playerId);
    res.json({ ok: true });
  }));

  router.get('/:id/me', wrap(async (req, res) => {
    const who = await player(req, res);
    if (!who) return;
    const view = await service.get(who.t.id);
    const me = view && playerViews(view)(who.playerId);
    if (!me) throw new TournamentError('not_found', 'This player is not registered.', 'not_registered');
    res.json(me);
  }));

  /** The same view as GET /:id/me, pushed now and after every change (`event: me`), to this player only. */
  router.get('/:id/me/events', wrap(async (req, res) => {
    const who = await player(req, res);
    if (!who) return;
    // One row, not the whole tournament: the stream's first frame comes from the live hub's read,
    // which the streams opened together share. Reading everything here once per stream made the
    // 1,024 streams of a night, opened before the start, hold the start back for seconds (issue 31).
    if (!(await store.getRegistration(who.t.id, who.playerId))) throw new TournamentError('not_found', 'This player is not registered.', 'not_registered');
    await live.attachPlayer(who.t.id, who.playerId, req, res);
  }));

  const organiserAction = (name: string, act: (id: string) => Promise<unknown>) => {
    router.post(`/:id/${name}`, wrap(async (req, res) => {
      const t = await organiser(req, res);
      if (!t) return;
      const outcome = await act(t.id);
      res.json({ ok: true, ...(typeof outcome === 'number' ? { closedTables: outcome } : {}) });
    }));
  };
  organiserAction('start', (id) => service.start(id));
  organiserAction('pause', (id) => service.pause(id));
  organiserAction('unpause', (id) => service.unpause(id));
  organiserAction('end-round', (id) => service.endRoundEarly(id));

  /** The organiser drops anybody (`playerId` = public id); a player drops themself. */
  router.post('/:id/drop', wrap(async (req, res) => {
    const t = await mustExist(req.params.id);
    const body = parse(dropBody, req.body, res);
    if (!body) return;
    const token = bearer(req);
    if (tokens.isOrganiser(t.id, token)) {
      if (!body.playerId) throw new TournamentError('bad_request', 'playerId (the public id) is needed.', 'player_id_needed');
      const reg = (await store.listRegistrations(t.id)).find((r) => publicPlayerId(r.playerId) === body.playerId);
      if (!reg) throw new TournamentError('not_found', 'This player is not registered.', 'not_registered');
      await service.dropPlayer(t.id, reg.playerId);
    } else {
      const self = tokens.playerOf(t.id, token);
      if (!self) {
        res.status(token ? 403 : 401).json({ error: 'The organiser token, or your own player token, is needed.', code: token ? 'forbidden' : 'unauthorized' });
        return;
      }
      await service.dropPlayer(t.id, self);
    }
    res.json({ ok: true });
  }));

  return router;
}
