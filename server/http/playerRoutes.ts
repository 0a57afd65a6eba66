/**
 * Players, leaderboards and finished games (docs/protocol.md "Players"): GET /api/players/:id,
 * GET /api/leaderboards/:game, GET /api/games/:id. Validated, rate-limited per IP, 404 for unknown
 * ids. A private table's game (its history line and its replay) is shown to its players only: the
 * caller proves who they are with their guest token (Authorization: Bearer <token>).
 */
import { Router, type Request } from 'express';
import { z } from 'zod';
import { findGame, games } from '../../shared/games/registry.js';
import { ratingKey, ratingKeysOf } from '../../shared/ratings/families.js';
import type { GameSessionRecord, IdentityRecord, Store } from '../store/index.js';
import type { IpLimit } from './ipLimits.js';
import { bearer } from '../identity/routes.js';
import { publicIdentity, type IdentityService } from '../identity/service.js';
import { isIdentityId } from '../identity/tokens.js';
import { leaderboard, leaderboardEntry } from '../tournament/ratings.js';
import { ReplayBuilder } from './replays.js';
import { gameAccess } from './gameAccess.js';
import { displayValue } from '../../shared/ratings/display.js';
import { isTurnBased } from '../turnbased/pace.js';

const HISTORY = 50;
const TREND = 20;
const TOP = 100;
const RUNNING = 20;
const RECENT = 5;
const GAME_ID = /^[A-Za-z0-9_-]{1,64}$/;

type RunningGame = { turnBased: boolean; yourTurn: boolean; deadline: number | null; startedAt: number };

/**
 * Whose turn it is at a table that holds a seat for the caller. `filling`: a turn-based queue table
 * still waiting for players (its `deadline` is when bots take the seats still free).
 */
export interface SeatHeld { turn: number[]; deadline: number | null; filling?: { taken: number; seats: number } }

/** Your games (issue 25): turn-based games first, those where it is your turn first among them, the clock that runs out soonest first. */
function byUrgency(a: RunningGame, b: RunningGame): number {
  if (a.turnBased !== b.turnBased) return a.turnBased ? -1 : 1;
  if (a.yourTurn !== b.yourTurn) return a.yourTurn ? -1 : 1;
  const due = (a.deadline ?? Infinity) - (b.deadline ?? Infinity);
  return Number.isNaN(due) || due === 0 ? b.startedAt - a.startedAt : due;
}

const leaderboardQuery = z.object({
  variant: z.string().max(40).optional(),
  limit: z.coerce.number().int().min(1).max(TOP).default(TOP),
}).strict();

export function playerRoutes(deps: {
  store: Store; identities: IdentityService; reads: IpLimit;
  /** Whether an unfinished game is still played somewhere; ends it as abandoned if not (server/results/abandonedSweep.ts). */
  settle?: (session: GameSessionRecord) => Promise<'running' | 'abandoned'>;
  /** The table, open on some process, still holds a seat for this identity: whose turn it is there; else null. */
  seatHeld?: (roomId: string, identityId: string) => Promise<SeatHeld | null>;
}): Router {
  const { store, identities, reads } = deps;
  const openSeat = deps.seatHeld ?? (async (): Promise<SeatHeld> => ({ turn: [], deadline: null }));
  // A turn-based table asleep in the store holds its seats; its turn is the one it went to sleep on.
  const seatHeld = (s: GameSessionRecord, identityId: string): Promise<SeatHeld | null> => (s.sleeping
    ? Promise.resolve({ turn: s.turn?.seats ?? [], deadline: s.turn?.deadline ?? null })
    : openSeat(s.id, identityId));
  const replays = new ReplayBuilder(store);
  const router = Router();

  router.use(['/players', '/leaderboards', '/games'], reads.guard('Too many requests: wait a few seconds.'));

  const caller = (req: Request): Promise<IdentityRecord | null> => identities.resolve(bearer(req));

  /**
   * The caller's running games (docs/protocol.md "Retaking a seat"): unfinished sessions whose seats
   * hold their identity and whose table, open on some process, still holds their seat (not
   * resigned), and their last finished games.
   */
  router.get('/players/me/games', async (req, res) => {
    const me = await caller(req);
    if (!me) return void res.status(401).json({ error: 'Unknown guest token: send Authorization: Bearer <token>.', code: 'unknown_guest' });
    const [sessions, recent] = await Promise.all([store.listUnfinishedSessions(me.id, { limit: RUNNING }), store.listPlayerGames(me.id, { limit: RECENT })]);
    const held = await Promise.all(sessions.map((s) => seatHeld(s, me.id)));
    const running = sessions.flatMap((s, i) => {
      const h = held[i];
      if (!h) return [];
      const seat = s.seats.find((x) => x.identityId === me.id)?.seat ?? null;
      return [{
        id: s.id, game: s.game, variant: s.variant, startedAt: s.startedAt, seats: s.seats.map((x) => ({ seat: x.seat, name: x.name })),
        seat, turn: h.turn, turnBased: isTurnBased(s.options), yourTurn: seat !== null && h.turn.includes(seat), deadline: h.deadline,
        sleeping: s.sleeping === true, ...(h.filling ? { filling: h.filling } : {}),
      }];
    });
    res.json({
      running: running.sort(byUrgency),
      recent: recent.map((l) => ({ id: l.gameId, game: l.game, finishedAt: l.finishedAt, seat: l.seat, place: l.place, seats: l.seats })),
    });
  });

  router.get('/players/:id', async (req: Request<{ id: string }>, res) => {
    if (!isIdentityId(req.params.id)) return void res.status(404).json({ error: 'No such player.', code: 'no_such_player' });
    const identity = await store.getIdentity(req.params.id);
    if (!identity) return void res.status(404).json({ error: 'No such player.', code: 'no_such_player' });
    const self = (await caller(req))?.id === identity.id;
    const [ratings, lines, played, ratedGames, left] = await Promise.all([
      store.ratingsOf(identity.id), store.listPlayerGames(identity.id, { limit: HISTORY * 2 }), store.countPlayerGames(identity.id, { publicOnly: !self }),
      store.social.countRatedGames(identity.id), store.social.countLeaves(identity.id),
    ]);
    const visible = lines.filter((l) => self || !l.private).slice(0, HISTORY);
    const withRanks = await Promise.all(ratings.map(async (r) => {
      const trend = (await store.listPlayerGames(identity.id, { ratingKey: r.game, limit: TREND * 2 }))
        .filter((l) => l.ordinalAfter !== null).slice(0, TREND).reverse().map((l) => round(l.ordinalAfter!));
      return { key: r.game, ...leaderboardEntry(r, (await store.rankOf(r.game, identity.id)) ?? 0), trend };
    }));
    res.json({
      identity: publicIdentity(identity), gamesPlayed: played, ratings: withRanks, completion: completion(ratedGames, left),
      games: visible.map((l) => ({
        id: l.gameId, game: l.game, ratingKey: l.ratingKey, finishedAt: l.finishedAt, seat: l.seat, place: l.place,
        score: l.score, seats: l.seats, rated: l.rated, private: l.private, ratingAfter: l.ordinalAfter === null ? null : round(l.ordinalAfter),
        displayAfter: l.ordinalAfter === null ? null : displayValue(l.ordinalAfter),
        status: l.status,
      })),
    });
  });

  router.get('/leaderboards/:game', async (req: Request<{ game: string }>, res) => {
    const game = findGame(req.params.game);
    if (!game) return void res.status(404).json({ error: 'No such game.', code: 'no_such_game', games: games.map((g) => g.id) });
    const q = leaderboardQuery.safeParse(req.query);
    if (!q.success) return void res.status(400).json({ error: 'Bad query: variant?, limit 1–100.', code: 'bad_query' });
    const variant = q.data.variant ?? game.defaultVariant;
    if (!game.variants.includes(variant)) return void res.status(400).json({ error: `${game.title} has no variant "${variant}".`, code: 'no_such_variant' });
    const key = ratingKey(game.id, variant);
    const entries = await leaderboard(store, key, { limit: q.data.limit });
    const me = await caller(req);
    let own = null;
    if (me) {
      const [mine] = await store.getRatings(key, [me.id]);
      const rank = mine ? await store.rankOf(key, me.id) : null;
      own = mine && rank ? leaderboardEntry(mine, rank) : null;
    }
    res.json({ game: game.id, key, families: ratingKeysOf(game.id, game.variants), entries, me: own });
  });

  router.get('/games/:id', async (req: Request<{ id: string }>, res) => {
    if (!GAME_ID.test(req.params.id)) return void res.status(404).json({ error: 'No such game.', code: 'no_such_game' });
    const [record, session] = await Promise.all([store.getGameResult(req.params.id), store.getGameSession(req.params.id)]);
    if (!record && !session) return void res.status(404).json({ error: 'No such game.', code: 'no_such_game' });
    const players = record?.players ?? [];
    const { mine, hidden } = gameAccess(await caller(req), record, session);
    if (hidden) return void res.status(404).json({ error: 'No such game.', code: 'no_such_game' });
    if (!record) {
      // Never "running" for a game nobody plays: asking settles it (docs/protocol.md "Players").
      let status = session!.status ?? 'running';
      if (status === 'running' && deps.settle) status = await deps.settle(session!);
      if (status !== 'abandoned') return void res.status(409).json({ error: 'This game is still running: its replay opens when it ends.', code: 'game_running', status: 'running' });
      return void res.json(await abandonedGame(session!, mine ? mine.seat : null));
    }
    const game = findGame(record.game);
    const replay = game && session ? await replays.build(game, session, mine ? mine.seat : null) : null;
    // The players' channel only (spectators' lines are never kept for the replay).
    const chat = replay ? await store.social.readGameChat(record.id) : [];
    res.json({
      id: record.id, status: 'finished', game: record.game, variant: record.variant, startedAt: record.startedAt, finishedAt: record.finishedAt,
      durationMs: record.durationMs, summary: record.summary, tournamentId: record.tournamentId, private: session?.private ?? false,
      rated: session?.rated ?? false,
      players: players.map(({ playerId: _seatSecret, ...rest }) => ({ ...rest, identityId: rest.identityId ?? null })),
      replay: replay ? { ...replay, chat } : null,
    });
  });

  /** An abandoned game: no places or scores, its partial replay (what was played until its table closed). */
  async function abandonedGame(session: GameSessionRecord, ownSeat: number | null): Promise<unknown> {
    const game = findGame(session.game);
    const endedAt = session.endedAt ?? null;
    return {
      id: session.id, status: 'abandoned', game: session.game, variant: session.variant, startedAt: session.startedAt, endedAt,
      private: session.private, rated: false, summary: { key: 'players:abandoned_summary' },
      players: session.seats.map((s) => ({ seat: s.seat, name: s.name, identityId: s.identityId, bot: s.bot, place: 0, score: 0 })),
      replay: game ? await replays.build(game, session, ownSeat) : null,
    };
  }

  return router;
}

const round = (x: number): number => Math.round(x * 100) / 100;

/**
 * Completion rate (issue 29, as Lichess shows it): of the rated games this identity started, the
 * share it did not leave for good. A game left whose result is not stored yet counts as started.
 */
export function completion(ratedGames: number, left: number): { started: number; left: number; rate: number | null } {
  const started = Math.max(ratedGames, left);
  return { started, left, rate: started === 0 ? null : Math.round(((started - left) / started) * 1000) / 1000 };
}
