/**
 * The one Store implementation: the same Kysely queries run on embedded PGlite and on PostgreSQL.
 * Idempotence comes from the database (primary keys and conditional updates), not from memory,
 * so several processes may share one PostgreSQL.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { TournamentFormat } from '../../shared/tournament/types.js';
import type { Database } from './schema.js';
import type { LogEntry } from '../../shared/replay/log.js';
import { ratingKey } from '../../shared/ratings/families.js';
import type {
  GameRecord, GameSessionRecord, GameSessionStatus, IdentityRecord, JournalCommit, NoShowRecord, PlayerGameRecord, RatingRecord, RegistrationRecord, RoundRecord, RoundStatus, Store, TableRecord, TableResultRecord,
  TableStatus, TournamentRecord, TournamentStatus,
} from './types.js';

type Row<T extends keyof Database> = Selectable<Database[T]>;

import { summaryFromColumn, summaryToColumn } from './summary.js';
import { SqlSocialStore, type SocialStore } from './socialStore.js';
import { SqlPushStore, type PushStore } from './pushStore.js';
import { SqlFriendsStore, type FriendsStore } from './friendsStore.js';
import type { SessionClaim, SessionTournament, TakenTable, TurnRecord } from './types.js';

const num = (v: number | string): number => Number(v);
const numOrNull = (v: number | string | null): number | null => (v === null ? null : Number(v));
const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) as T : v as T);

function gameFromRow(r: Row<'game_results'>): GameRecord {
  return {
    id: r.id, game: r.game, variant: r.variant, seed: num(r.seed),
    startedAt: num(r.started_at), finishedAt: num(r.finished_at), durationMs: num(r.duration_ms),
    players: json(r.players), summary: summaryFromColumn(r.summary), tournamentId: r.tournament_id, tableId: r.table_id,
  };
}

function tournamentFromRow(r: Row<'tournaments'>): TournamentRecord {
  return {
    id: r.id, name: r.name, game: r.game, variant: r.variant, format: r.format as TournamentFormat,
    tableSize: r.table_size, seatMin: r.seat_min, seatMax: r.seat_max, rounds: r.rounds,
    advancePerTable: r.advance_per_table, placementPoints: json(r.placement_points), byePoints: r.bye_points,
    startsAt: num(r.starts_at), privateCode: r.private_code, status: r.status as TournamentStatus,
    currentRound: r.current_round, seed: num(r.seed), createdAt: num(r.created_at), updatedAt: num(r.updated_at),
    checkInGraceSeconds: r.check_in_grace_seconds,
  };
}

function registrationFromRow(r: Row<'tournament_registrations'>): RegistrationRecord {
  return {
    tournamentId: r.tournament_id, playerId: r.player_id, name: r.name, guest: r.guest,
    registeredAt: num(r.registered_at), checkedInAt: numOrNull(r.checked_in_at), droppedAt: numOrNull(r.dropped_at),
    eliminatedRound: r.eliminated_round, ...(r.identity_id !== null ? { identityId: r.identity_id } : {}),
  };
}

function roundFromRow(r: Row<'tournament_rounds'>): RoundRecord {
  return {
    tournamentId: r.tournament_id, number: r.number, status: r.status as RoundStatus,
    startedAt: num(r.started_at), finishedAt: numOrNull(r.finished_at), repeats: r.repeats,
  };
}

function tableFromRow(r: Row<'tournament_tables'>): TableRecord {
  return {
    id: r.id, tournamentId: r.tournament_id, round: r.round, number: r.number, seats: json(r.seats),
    roomId: r.room_id, status: r.status as TableStatus, gameId: r.game_id,
    createdAt: num(r.created_at), finishedAt: numOrNull(r.finished_at),
  };
}

function resultFromRow(r: Row<'tournament_results'>): TableResultRecord {
  return {
    tournamentId: r.tournament_id, round: r.round, tableId: r.table_id, playerId: r.player_id,
    place: r.place, tableSize: r.table_size, points: r.points, bye: r.bye,
  };
}

function ratingFromRow(r: Row<'ratings'>): RatingRecord {
  return {
    game: r.game, playerId: r.player_id, name: r.name, mu: r.mu, sigma: r.sigma, ordinal: r.ordinal,
    games: r.games, updatedAt: num(r.updated_at),
  };
}

function identityFromRow(r: Row<'identities'>): IdentityRecord {
  return { id: r.id, name: r.name, tag: r.tag, createdAt: num(r.created_at), updatedAt: num(r.updated_at) };
}

function sessionFromRow(r: Row<'game_sessions'>): GameSessionRecord {
  return {
    id: r.id, game: r.game, variant: r.variant, options: json(r.options), seed: num(r.seed), startedAt: num(r.started_at),
    seats: json(r.seats), private: r.private, rated: r.rated, status: r.status as GameSessionStatus, endedAt: numOrNull(r.ended_at),
    journaled: r.owner !== null, owner: r.owner ?? undefined, abandonReason: r.abandoned, sleeping: r.sleeping, turn: r.turn === null ? null : json<TurnRecord>(r.turn),
    tournament: r.tournament === null || r.tournament === undefined ? null : json<SessionTournament>(r.tournament),
    filling: r.filling === true,
  };
}

function playerGameFromRow(r: Row<'player_games'>): PlayerGameRecord {
  return {
    identityId: r.identity_id, gameId: r.game_id, game: r.game, ratingKey: r.rating_key, finishedAt: num(r.finished_at),
    seat: r.seat, place: r.place, score: r.score, seats: r.seats, rated: r.rated, private: r.private, ordinalAfter: r.ordinal_after,
    status: r.status === 'abandoned' ? 'abandoned' : 'finished',
  };
}

/** A unique-constraint violation (PostgreSQL code 23505), from pg or PGlite. */
function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}

const resultRow = (r: TableResultRecord) => ({
  tournament_id: r.tournamentId, round: r.round, player_id: r.playerId, table_id: r.tableId,
  place: r.place, table_size: r.tableSize, points: r.points, bye: r.bye,
});

export class SqlStore implements Store {
  readonly social: SocialStore;
  readonly push: PushStore;
  readonly friends: FriendsStore;

  constructor(readonly kind: 'embedded' | 'postgres', protected readonly db: Kysely<Database>) {
    this.social = new SqlSocialStore(db);
    this.push = new SqlPushStore(db);
    this.friends = new SqlFriendsStore(db);
  }

  async saveGameResult(r: GameRecord): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const inserted = await trx.insertInto('game_results').values({
        id: r.id, game: r.game, variant: r.variant, seed: r.seed,
        started_at: r.startedAt, finished_at: r.finishedAt, duration_ms: r.durationMs,
        players: JSON.stringify(r.players), summary: summaryToColumn(r.summary), tournament_id: r.tournamentId, table_id: r.tableId,
      }).onConflict((oc) => oc.column('id').doNothing()).executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return;
      await trx.updateTable('game_sessions').set({ status: 'finished', ended_at: r.finishedAt }).where('id', '=', r.id).execute();
      const seen = new Set<string>();
      const lines = r.players.filter((p) => p.identityId && !seen.has(p.identityId) && seen.add(p.identityId));
      if (lines.length === 0) return;
      // An abandoned line (the sweep ran while this result waited in an outbox) becomes the finished one.
      await trx.insertInto('player_games').values(lines.map((p) => ({
        identity_id: p.identityId as string, game_id: r.id, game: r.game, rating_key: ratingKey(r.game, r.variant),
        finished_at: r.finishedAt, seat: p.seat, place: p.place, score: p.score, seats: r.players.length,
        rated: r.rated === true, private: r.private === true, ordinal_after: null, status: 'finished',
      }))).onConflict((oc) => oc.columns(['identity_id', 'game_id']).doUpdateSet((eb) => ({
        finished_at: eb.ref('excluded.finished_at'), seat: eb.ref('excluded.seat'), place: eb.ref('excluded.place'), score: eb.ref('excluded.score'),
        seats: eb.ref('excluded.seats'), rated: eb.ref('excluded.rated'), status: 'finished',
      })).where('player_games.status', '=', 'abandoned')).execute();
    });
  }

  async getGameResult(id: string): Promise<GameRecord | null> {
    const row = await this.db.selectFrom('game_results').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? gameFromRow(row) : null;
  }

  async listGameResults(q: { game?: string; limit?: number; tournamentId?: string; publicOnly?: boolean }): Promise<GameRecord[]> {
    let query = this.db.selectFrom('game_results').selectAll();
    if (q.publicOnly) {
      query = query.where(({ not, exists, selectFrom }) => not(exists(selectFrom('game_sessions').select('game_sessions.id')
        .whereRef('game_sessions.id', '=', 'game_results.id').where('game_sessions.private', '=', true))));
    }
    if (q.game !== undefined) query = query.where('game', '=', q.game);
    if (q.tournamentId !== undefined) query = query.where('tournament_id', '=', q.tournamentId);
    const rows = await query.orderBy('finished_at', 'desc').orderBy('id').limit(q.limit ?? 50).execute();
    return rows.map(gameFromRow);
  }

  async createTournament(t: TournamentRecord): Promise<void> {
    await this.db.insertInto('tournaments').values({
      id: t.id, name: t.name, game: t.game, variant: t.variant, format: t.format,
      table_size: t.tableSize, seat_min: t.seatMin, seat_max: t.seatMax, rounds: t.rounds,
      advance_per_table: t.advancePerTable, placement_points: JSON.stringify(t.placementPoints), bye_points: t.byePoints,
      starts_at: t.startsAt, private_code: t.privateCode, status: t.status, current_round: t.currentRound,
      seed: t.seed, created_at: t.createdAt, updated_at: t.updatedAt, check_in_grace_seconds: t.checkInGraceSeconds,
    }).execute();
  }

  async getTournament(id: string): Promise<TournamentRecord | null> {
    const row = await this.db.selectFrom('tournaments').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? tournamentFromRow(row) : null;
  }

  async findTournamentByCode(code: string): Promise<TournamentRecord | null> {
    const row = await this.db.selectFrom('tournaments').selectAll().where('private_code', '=', code).executeTakeFirst();
    return row ? tournamentFromRow(row) : null;
  }

  async listTournaments(q: { status?: TournamentStatus[]; startsBefore?: number; limit?: number } = {}): Promise<TournamentRecord[]> {
    let query = this.db.selectFrom('tournaments').selectAll();
    if (q.startsBefore !== undefined) query = query.where('starts_at', '<=', q.startsBefore);
    if (q.status !== undefined) {
      if (q.status.length === 0) return [];
      query = query.where('status', 'in', q.status);
    }
    const rows = await query.orderBy('starts_at').orderBy('id').limit(q.limit ?? 100).execute();
    return rows.map(tournamentFromRow);
  }

  async updateTournament(id: string, patch: Partial<Pick<TournamentRecord, 'status' | 'currentRound' | 'updatedAt'>>): Promise<void> {
    const set: { status?: string; current_round?: number; updated_at?: number } = {};
    if (patch.status !== undefined) set.status = patch.status;
    if (patch.currentRound !== undefined) set.current_round = patch.currentRound;
    if (patch.updatedAt !== undefined) set.updated_at = patch.updatedAt;
    if (Object.keys(set).length === 0) return;
    await this.db.updateTable('tournaments').set(set).where('id', '=', id).execute();
  }

  async addRegistration(r: RegistrationRecord): Promise<boolean> {
    const result = await this.db.insertInto('tournament_registrations').values({
      tournament_id: r.tournamentId, player_id: r.playerId, name: r.name, guest: r.guest,
      registered_at: r.registeredAt, checked_in_at: r.checkedInAt, dropped_at: r.droppedAt, eliminated_round: r.eliminatedRound,
      identity_id: r.identityId ?? null,
    }).onConflict((oc) => oc.columns(['tournament_id', 'player_id']).doNothing()).executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
  }

  async updateRegistration(tournamentId: string, playerId: string,
    patch: Partial<Pick<RegistrationRecord, 'name' | 'checkedInAt' | 'droppedAt' | 'eliminatedRound'>>): Promise<void> {
    const set: { name?: string; checked_in_at?: number | null; dropped_at?: number | null; eliminated_round?: number | null } = {};
    if (patch.name !== undefined) set.name = patch.name;
    if (patch.checkedInAt !== undefined) set.checked_in_at = patch.checkedInAt;
    if (patch.droppedAt !== undefined) set.dropped_at = patch.droppedAt;
    if (patch.eliminatedRound !== undefined) set.eliminated_round = patch.eliminatedRound;
    if (Object.keys(set).length === 0) return;
    await this.db.updateTable('tournament_registrations').set(set)
      .where('tournament_id', '=', tournamentId).where('player_id', '=', playerId).execute();
  }

  async listRegistrations(tournamentId: string): Promise<RegistrationRecord[]> {
    const rows = await this.db.selectFrom('tournament_registrations').selectAll()
      .where('tournament_id', '=', tournamentId).orderBy('registered_at').orderBy('player_id').execute();
    return rows.map(registrationFromRow);
  }

  async getRegistration(tournamentId: string, playerId: string): Promise<RegistrationRecord | null> {
    const row = await this.db.selectFrom('tournament_registrations').selectAll()
      .where('tournament_id', '=', tournamentId).where('player_id', '=', playerId).executeTakeFirst();
    return row ? registrationFromRow(row) : null;
  }

  async countRegistrations(tournamentId: string): Promise<number> {
    const row = await this.db.selectFrom('tournament_registrations').select((eb) => eb.fn.countAll().as('n'))
      .where('tournament_id', '=', tournamentId).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async createRound(round: RoundRecord, tables: TableRecord[], byes: TableResultRecord[]): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const inserted = await trx.insertInto('tournament_rounds').values({
        tournament_id: round.tournamentId, number: round.number, status: round.status,
        started_at: round.startedAt, finished_at: round.finishedAt, repeats: round.repeats,
      }).onConflict((oc) => oc.columns(['tournament_id', 'number']).doNothing()).executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return false;
      if (tables.length > 0) {
        await trx.insertInto('tournament_tables').values(tables.map((t) => ({
          id: t.id, tournament_id: t.tournamentId, round: t.round, number: t.number, seats: JSON.stringify(t.seats),
          room_id: t.roomId, status: t.status, game_id: t.gameId, created_at: t.createdAt, finished_at: t.finishedAt,
        }))).execute();
      }
      if (byes.length > 0) await trx.insertInto('tournament_results').values(byes.map(resultRow)).execute();
      return true;
    });
  }

  async updateRound(tournamentId: string, number: number, patch: Partial<Pick<RoundRecord, 'status' | 'finishedAt'>>): Promise<void> {
    const set: { status?: string; finished_at?: number | null } = {};
    if (patch.status !== undefined) set.status = patch.status;
    if (patch.finishedAt !== undefined) set.finished_at = patch.finishedAt;
    if (Object.keys(set).length === 0) return;
    await this.db.updateTable('tournament_rounds').set(set)
      .where('tournament_id', '=', tournamentId).where('number', '=', number).execute();
  }

  async listRounds(tournamentId: string): Promise<RoundRecord[]> {
    const rows = await this.db.selectFrom('tournament_rounds').selectAll()
      .where('tournament_id', '=', tournamentId).orderBy('number').execute();
    return rows.map(roundFromRow);
  }

  async getTable(id: string): Promise<TableRecord | null> {
    const row = await this.db.selectFrom('tournament_tables').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? tableFromRow(row) : null;
  }

  async listTables(tournamentId: string, round?: number): Promise<TableRecord[]> {
    let query = this.db.selectFrom('tournament_tables').selectAll().where('tournament_id', '=', tournamentId);
    if (round !== undefined) query = query.where('round', '=', round);
    const rows = await query.orderBy('round').orderBy('number').execute();
    return rows.map(tableFromRow);
  }

  async countOpenTables(tournamentId: string, round: number): Promise<number> {
    const row = await this.db.selectFrom('tournament_tables').select((eb) => eb.fn.countAll<string>().as('open'))
      .where('tournament_id', '=', tournamentId).where('round', '=', round).where('status', 'in', ['pending', 'playing'])
      .executeTakeFirstOrThrow();
    return Number(row.open);
  }

  async markTableLaunched(id: string, roomId: string): Promise<boolean> {
    const updated = await this.db.updateTable('tournament_tables').set({ room_id: roomId, status: 'playing' })
      .where('id', '=', id).where('status', '=', 'pending').executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }

  async relaunchTable(id: string, roomId: string, previousRoomId: string | null): Promise<boolean> {
    const updated = await this.db.updateTable('tournament_tables').set({ room_id: roomId })
      .where('id', '=', id).where('status', '=', 'playing')
      .where((eb) => (previousRoomId === null ? eb('room_id', 'is', null) : eb('room_id', '=', previousRoomId)))
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }

  async finishTable(id: string, close: { status: 'done' | 'adjudicated'; gameId: string | null; finishedAt: number; results: TableResultRecord[] }): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const updated = await trx.updateTable('tournament_tables')
        .set({ status: close.status, game_id: close.gameId, finished_at: close.finishedAt })
        .where('id', '=', id).where('status', 'in', ['pending', 'playing']).executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return false;
      if (close.results.length > 0) await trx.insertInto('tournament_results').values(close.results.map(resultRow)).execute();
      return true;
    });
  }

  async addNoShows(records: NoShowRecord[]): Promise<void> {
    if (records.length === 0) return;
    await this.db.insertInto('tournament_no_shows').values(records.map((r) => ({
      table_id: r.tableId, player_id: r.playerId, tournament_id: r.tournamentId, room_id: r.roomId, at: r.at,
    }))).onConflict((oc) => oc.columns(['table_id', 'player_id']).doNothing()).execute();
  }

  async listNoShows(tournamentId: string): Promise<NoShowRecord[]> {
    const rows = await this.db.selectFrom('tournament_no_shows').selectAll()
      .where('tournament_id', '=', tournamentId).orderBy('at').orderBy('table_id').orderBy('player_id').execute();
    return rows.map((r) => ({ tournamentId: r.tournament_id, tableId: r.table_id, playerId: r.player_id, roomId: r.room_id, at: num(r.at) }));
  }

  async listTableResults(tournamentId: string): Promise<TableResultRecord[]> {
    const rows = await this.db.selectFrom('tournament_results').selectAll()
      .where('tournament_id', '=', tournamentId).orderBy('round').orderBy('player_id').execute();
    return rows.map(resultFromRow);
  }

  async rateGame(gameResultId: string, game: string, playerIds: string[],
    compute: (current: RatingRecord[]) => RatingRecord[]): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      // One rating update per game at a time, across processes: two results for the same player
      // computed from the same old rating would lose one of them.
      await sql`select pg_advisory_xact_lock(hashtext(${'ratings:' + game}))`.execute(trx);
      const claimed = await trx.insertInto('rated_games').values({ game_result_id: gameResultId, game, rated_at: Date.now() })
        .onConflict((oc) => oc.column('game_result_id').doNothing()).executeTakeFirst();
      if (Number(claimed.numInsertedOrUpdatedRows ?? 0n) === 0) return false;
      const current = playerIds.length === 0 ? [] : (await trx.selectFrom('ratings').selectAll()
        .where('game', '=', game).where('player_id', 'in', playerIds).execute()).map(ratingFromRow);
      const next = compute(current);
      if (next.length > 0) {
        await trx.insertInto('ratings').values(next.map((r) => ({
          game: r.game, player_id: r.playerId, name: r.name, mu: r.mu, sigma: r.sigma, ordinal: r.ordinal,
          games: r.games, updated_at: r.updatedAt,
        }))).onConflict((oc) => oc.columns(['game', 'player_id']).doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'), mu: eb.ref('excluded.mu'), sigma: eb.ref('excluded.sigma'),
          ordinal: eb.ref('excluded.ordinal'), games: eb.ref('excluded.games'), updated_at: eb.ref('excluded.updated_at'),
        }))).execute();
        // One statement for every seat: this transaction holds the game's rating lock, which every
        // process's results queue behind when a tournament round ends.
        const after = sql.join(next.map((r) => sql`(${r.playerId}, ${r.ordinal}::double precision)`));
        await sql`update player_games set ordinal_after = v.ordinal from (values ${after}) as v(identity_id, ordinal)
          where player_games.game_id = ${gameResultId} and player_games.identity_id = v.identity_id`.execute(trx);
      }
      return true;
    });
  }

  async getRatings(game: string, playerIds: string[]): Promise<RatingRecord[]> {
    if (playerIds.length === 0) return [];
    const rows = await this.db.selectFrom('ratings').selectAll()
      .where('game', '=', game).where('player_id', 'in', playerIds).execute();
    return rows.map(ratingFromRow);
  }

  async leaderboard(game: string, q: { limit?: number; minGames?: number } = {}): Promise<RatingRecord[]> {
    const rows = await this.db.selectFrom('ratings').selectAll()
      .where('game', '=', game).where('games', '>=', q.minGames ?? 1)
      .orderBy('ordinal', 'desc').orderBy('player_id').limit(q.limit ?? 50).execute();
    return rows.map(ratingFromRow);
  }

  async createIdentity(i: IdentityRecord, deviceTokenHash: string): Promise<boolean> {
    try {
      await this.db.transaction().execute(async (trx) => {
        await trx.insertInto('identities').values({
          id: i.id, name: i.name, tag: i.tag, created_at: i.createdAt, updated_at: i.updatedAt,
        }).execute();
        await trx.insertInto('identity_tokens').values({
          hash: deviceTokenHash, identity_id: i.id, kind: 'device', created_at: i.createdAt, expires_at: null,
        }).execute();
      });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async getIdentity(id: string): Promise<IdentityRecord | null> {
    const row = await this.db.selectFrom('identities').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? identityFromRow(row) : null;
  }

  async getIdentities(ids: readonly string[]): Promise<IdentityRecord[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('identities').selectAll().where('id', 'in', [...ids]).execute();
    return rows.map(identityFromRow);
  }

  async identityByDeviceToken(hash: string): Promise<IdentityRecord | null> {
    const row = await this.db.selectFrom('identity_tokens').innerJoin('identities', 'identities.id', 'identity_tokens.identity_id')
      .selectAll('identities').where('identity_tokens.hash', '=', hash).where('identity_tokens.kind', '=', 'device')
      .executeTakeFirst();
    return row ? identityFromRow(row) : null;
  }

  async renameIdentity(id: string, name: string, tag: string, now: number): Promise<boolean> {
    try {
      await this.db.transaction().execute(async (trx) => {
        await trx.updateTable('identities').set({ name, tag, updated_at: now }).where('id', '=', id).execute();
        await trx.updateTable('ratings').set({ name: `${name}#${tag}` }).where('player_id', '=', id).execute();
      });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async addIdentityToken(hash: string, identityId: string, kind: 'device' | 'transfer', now: number, expiresAt: number | null): Promise<void> {
    await this.db.insertInto('identity_tokens').values({ hash, identity_id: identityId, kind, created_at: now, expires_at: expiresAt }).execute();
  }

  async takeTransferCode(hash: string, now: number): Promise<string | null> {
    const row = await this.db.deleteFrom('identity_tokens').where('hash', '=', hash).where('kind', '=', 'transfer')
      .returning(['identity_id', 'expires_at']).executeTakeFirst();
    if (!row) return null;
    return row.expires_at !== null && num(row.expires_at) > now ? row.identity_id : null;
  }

  async startGameSession(g: GameSessionRecord): Promise<void> {
    await this.db.insertInto('game_sessions').values({
      id: g.id, game: g.game, variant: g.variant, options: JSON.stringify(g.options), seed: g.seed, started_at: g.startedAt,
      seats: JSON.stringify(g.seats), private: g.private, rated: g.rated,
    }).onConflict((oc) => oc.column('id').doNothing()).execute();
  }

  async getGameSession(id: string): Promise<GameSessionRecord | null> {
    const row = await this.db.selectFrom('game_sessions').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? sessionFromRow(row) : null;
  }

  async listUnfinishedSessions(identityId: string, q: { limit?: number } = {}): Promise<GameSessionRecord[]> {
    const rows = await this.db.selectFrom('game_sessions').selectAll()
      .where(sql<boolean>`seats @> ${JSON.stringify([{ identityId }])}::jsonb`)
      .where('status', '=', 'running') // not finished (result stored) nor abandoned (003_outbox)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('game_results').select('game_results.id').whereRef('game_results.id', '=', 'game_sessions.id'))))
      .orderBy('started_at', 'desc').limit(q.limit ?? 20).execute();
    return rows.map(sessionFromRow);
  }

  async appendGameLog(gameId: string, chunk: number, entries: LogEntry[]): Promise<void> {
    await this.db.insertInto('game_log_chunks').values({ game_id: gameId, chunk, entries: JSON.stringify(entries) })
      .onConflict((oc) => oc.columns(['game_id', 'chunk']).doNothing()).execute();
  }

  async readGameLog(gameId: string): Promise<LogEntry[]> {
    const rows = await this.logChunks(gameId);
    return rows.flatMap((r) => json<LogEntry[]>(r.entries));
  }

  private logChunks(gameId: string) {
    return this.db.selectFrom('game_log_chunks').select(['chunk', 'entries']).where('game_id', '=', gameId).orderBy('chunk').execute();
  }

  async commitJournal(commit: JournalCommit): Promise<{ fenced: string[] }> {
    if (commit.sessions.length > 0) {
      await this.db.insertInto('game_sessions').values(commit.sessions.map(({ session: g, owner, fence, code }) => ({
        id: g.id, game: g.game, variant: g.variant, options: JSON.stringify(g.options), seed: g.seed, started_at: g.startedAt,
        seats: JSON.stringify(g.seats), private: g.private, rated: g.rated, owner, fence, code,
        tournament: g.tournament ? JSON.stringify(g.tournament) : null,
      })))
        // A retried commit finds its row and leaves it; a queue table that filled up (013_filling_queue)
        // turns its row into the started game's, under the token it holds.
        .onConflict((oc) => oc.column('id').doUpdateSet((eb) => ({
          variant: eb.ref('excluded.variant'), options: eb.ref('excluded.options'), seed: eb.ref('excluded.seed'),
          started_at: eb.ref('excluded.started_at'), seats: eb.ref('excluded.seats'), rated: eb.ref('excluded.rated'), filling: false,
        })).where((eb) => eb.and([eb('game_sessions.filling', '=', true), eb('game_sessions.fence', '=', eb.ref('excluded.fence'))])))
        .execute();
    }
    return this.insertChunks(commit.chunks);
  }

  /** Writes journal chunks, each only if its session row still holds the chunk's fencing token. */
  protected async insertChunks(chunks: JournalCommit['chunks']): Promise<{ fenced: string[] }> {
    if (chunks.length === 0) return { fenced: [] };
    const values = sql.join(chunks.map((c) => sql`(${c.gameId}, ${c.chunk}::integer, ${c.fence}::bigint, ${JSON.stringify(c.entries)}::jsonb)`));
    // One statement: a chunk is written only if its session row holds the chunk's token. FOR SHARE
    // locks those rows until it ends: a claim (an UPDATE of the token) waits for it, and one that
    // committed first is seen (the join is re-checked on the new row), so nothing is written under
    // a token that has already moved on.
    const written = await sql<{ game_id: string; chunk: number }>`insert into game_log_chunks (game_id, chunk, entries)
      select v.game_id, v.chunk, v.entries from (values ${values}) as v(game_id, chunk, fence, entries)
      join game_sessions s on s.id = v.game_id and s.fence = v.fence
      for share of s
      on conflict (game_id, chunk) do nothing returning game_id, chunk`.execute(this.db);
    const done = new Set(written.rows.map((r) => `${r.game_id}/${r.chunk}`));
    const unsure = chunks.filter((c) => !done.has(`${c.gameId}/${c.chunk}`));
    if (unsure.length === 0) return { fenced: [] };
    // Not written: either the token moved on, or the chunk was already there (a retried commit whose answer was lost).
    const rows = await this.db.selectFrom('game_sessions').select(['id', 'fence']).where('id', 'in', [...new Set(unsure.map((c) => c.gameId))]).execute();
    const current = new Map(rows.map((r) => [r.id, num(r.fence)]));
    return { fenced: [...new Set(unsure.filter((c) => current.get(c.gameId) !== c.fence).map((c) => c.gameId))] };
  }

  async openFillingSession(g: GameSessionRecord, owner: string): Promise<void> {
    await this.db.insertInto('game_sessions').values({
      id: g.id, game: g.game, variant: g.variant, options: JSON.stringify(g.options), seed: g.seed, started_at: g.startedAt,
      seats: JSON.stringify(g.seats), private: g.private, rated: g.rated, owner, fence: 1, filling: true,
    }).execute();
  }

  async updateFillingSeats(id: string, fence: number, seats: GameSessionRecord['seats']): Promise<boolean> {
    const row = await this.db.updateTable('game_sessions').set({ seats: JSON.stringify(seats) })
      .where('id', '=', id).where('fence', '=', fence).where('filling', '=', true).returning('id').executeTakeFirst();
    return row !== undefined;
  }

  async dropFillingSession(id: string, fence: number): Promise<boolean> {
    const row = await this.db.deleteFrom('game_sessions').where('id', '=', id).where('fence', '=', fence).where('filling', '=', true)
      .returning('id').executeTakeFirst();
    return row !== undefined;
  }

  async claimGameSession(id: string, owner: string, expectFence?: number): Promise<SessionClaim | null> {
    const row = await this.claimRow(id, owner, expectFence).returning(['fence', 'code']).executeTakeFirst();
    if (!row) return null;
    const next = await this.db.selectFrom('game_log_chunks').select((eb) => eb.fn.max('chunk').as('last')).where('game_id', '=', id).executeTakeFirst();
    const last = next?.last;
    return { fence: num(row.fence), chunks: last === null || last === undefined ? 0 : Number(last) + 1, code: row.code };
  }

  async takeOverSession(id: string, owner: string, expectFence?: number): Promise<TakenTable | null> {
    const row = await this.claimRow(id, owner, expectFence).returningAll().executeTakeFirst();
    if (!row) return null;
    const chunks = await this.logChunks(id);
    const last = chunks.at(-1)?.chunk;
    return {
      claim: { fence: num(row.fence), chunks: last === undefined ? 0 : Number(last) + 1, code: row.code },
      session: sessionFromRow(row),
      log: chunks.flatMap((c) => json<LogEntry[]>(c.entries)),
    };
  }

  /**
   * A new token for the table. No transaction around it and the read that follows: a commit that
   * holds the row FOR SHARE (insertChunks) ends before this UPDATE can take the row, so the next
   * statement's snapshot sees every chunk written under the old token, and none can be written
   * under it afterwards.
   */
  private claimRow(id: string, owner: string, expectFence?: number) {
    const claim = this.db.updateTable('game_sessions').set({ fence: sql<number>`fence + 1`, owner }).where('id', '=', id);
    // Several survivors may claim the same orphan: only the one that saw the current token wins.
    return expectFence === undefined ? claim : claim.where('fence', '=', expectFence);
  }

  async sleepGameSession(id: string, fence: number, turn: TurnRecord): Promise<boolean> {
    const row = await this.db.updateTable('game_sessions')
      .set({ sleeping: true, wake_at: turn.deadline, wake_lease: null, turn: JSON.stringify(turn) })
      .where('id', '=', id).where('fence', '=', fence).where('status', '=', 'running').returning('id').executeTakeFirst();
    return row !== undefined;
  }

  async claimSleepingSession(id: string, owner: string, now: number, leaseUntil: number, due: boolean): Promise<{ fence: number; chunks: number; code: string | null; game: string } | null> {
    return this.db.transaction().execute(async (trx) => {
      let claim = trx.updateTable('game_sessions').set({ fence: sql<number>`fence + 1`, owner, wake_lease: leaseUntil })
        .where('id', '=', id).where('sleeping', '=', true).where('status', '=', 'running')
        .where((eb) => eb.or([eb('wake_lease', 'is', null), eb('wake_lease', '<', now)]));
      if (due) claim = claim.where('wake_at', '<=', now);
      const row = await claim.returning(['fence', 'code', 'game']).executeTakeFirst();
      if (!row) return null;
      const next = await trx.selectFrom('game_log_chunks').select((eb) => eb.fn.max('chunk').as('last')).where('game_id', '=', id).executeTakeFirst();
      const last = next?.last;
      return { fence: num(row.fence), chunks: last === null || last === undefined ? 0 : Number(last) + 1, code: row.code, game: row.game };
    });
  }

  async findSleepingSessionByCode(code: string): Promise<{ id: string; game: string } | null> {
    const row = await this.db.selectFrom('game_sessions').select(['id', 'game'])
      .where('code', '=', code).where('sleeping', '=', true).where('status', '=', 'running').executeTakeFirst();
    return row ?? null;
  }

  async markAwake(id: string, fence: number): Promise<void> {
    await this.db.updateTable('game_sessions').set({ sleeping: false, wake_lease: null })
      .where('id', '=', id).where('fence', '=', fence).execute();
  }

  async listDueSleepingSessions(now: number, limit: number): Promise<{ id: string; game: string }[]> {
    return this.db.selectFrom('game_sessions').select(['id', 'game'])
      .where('sleeping', '=', true).where('status', '=', 'running').where('wake_at', '<=', now)
      .where((eb) => eb.or([eb('wake_lease', 'is', null), eb('wake_lease', '<', now)]))
      .orderBy('wake_at').limit(limit).execute();
  }

  async listResumableSessions(): Promise<{ id: string; game: string; owner: string; fence: number }[]> {
    const rows = await this.resumable().select(['id', 'game', 'owner', 'fence']).orderBy('started_at').execute();
    return rows.map((r) => ({ id: r.id, game: r.game, owner: r.owner ?? '', fence: num(r.fence) }));
  }

  async isResumable(id: string): Promise<boolean> {
    return (await this.resumable().select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  }

  private resumable() {
    // owner is null on sessions written before the journal (005): their logs may lack the last seconds.
    return this.db.selectFrom('game_sessions').where('status', '=', 'running').where('owner', 'is not', null).where('sleeping', '=', false)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('game_results').select('game_results.id').whereRef('game_results.id', '=', 'game_sessions.id'))));
  }

  async sessionFences(ids: readonly string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.selectFrom('game_sessions').select(['id', 'fence']).where('id', 'in', [...ids]).execute();
    return new Map(rows.map((r) => [r.id, num(r.fence)]));
  }

  async gameLogBytes(gameId: string): Promise<number> {
    const row = await sql<{ bytes: number | string | null }>`select sum(octet_length(entries::text)) as bytes from game_log_chunks where game_id = ${gameId}`
      .execute(this.db);
    return Number(row.rows[0]?.bytes ?? 0);
  }

  async listRunningSessions(q: { startedBefore: number; limit: number; after?: { startedAt: number; id: string } }): Promise<GameSessionRecord[]> {
    let query = this.db.selectFrom('game_sessions').selectAll()
      .where('status', '=', 'running').where('sleeping', '=', false).where('started_at', '<', q.startedBefore);
    const after = q.after;
    if (after) {
      query = query.where((eb) => eb.or([eb('started_at', '>', after.startedAt), eb.and([eb('started_at', '=', after.startedAt), eb('id', '>', after.id)])]));
    }
    const rows = await query.orderBy('started_at').orderBy('id').limit(q.limit).execute();
    return rows.map(sessionFromRow);
  }

  async abandonGameSession(id: string, at: number, reason?: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const ended = await trx.updateTable('game_sessions').set({ status: 'abandoned', ended_at: at, abandoned: reason === undefined ? null : reason.slice(0, 500) })
        .where('id', '=', id).where('status', '=', 'running')
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('game_results').select('game_results.id').where('game_results.id', '=', id))))
        .returning(['game', 'variant', 'seats', 'private']).executeTakeFirst();
      if (!ended) return false;
      const seats = json<GameSessionRecord['seats']>(ended.seats);
      const seen = new Set<string>();
      const lines = seats.filter((p) => !p.bot && p.identityId && !seen.has(p.identityId) && seen.add(p.identityId));
      if (lines.length > 0) {
        await trx.insertInto('player_games').values(lines.map((p) => ({
          identity_id: p.identityId as string, game_id: id, game: ended.game, rating_key: ratingKey(ended.game, ended.variant),
          finished_at: at, seat: p.seat, place: 0, score: 0, seats: seats.length, rated: false, private: ended.private,
          ordinal_after: null, status: 'abandoned',
        }))).onConflict((oc) => oc.columns(['identity_id', 'game_id']).doNothing()).execute();
      }
      return true;
    });
  }

  async pruneGameLogs(before: number): Promise<number> {
    const deleted = await this.db.deleteFrom('game_sessions').where('started_at', '<', before).executeTakeFirst();
    return Number(deleted.numDeletedRows);
  }

  async pruneIdleGuests(before: number, limit: number): Promise<number> {
    // Seats in sessions started since `before` are a guest at play (a first game still running).
    const deleted = await sql`delete from identities where id in (
      select i.id from identities i
      where i.created_at < ${before} and i.updated_at < ${before}
        and not exists (select 1 from player_games p where p.identity_id = i.id)
        and not exists (select 1 from tournament_registrations r where r.identity_id = i.id)
        and i.id not in (
          select s.seat->>'identityId' from game_sessions g, jsonb_array_elements(g.seats) as s(seat)
          where g.started_at >= ${before} and s.seat->>'identityId' is not null)
      order by i.created_at
      limit ${limit})`.execute(this.db);
    // Their browsers' push subscriptions go with them (012_push has no foreign key: PGlite and PostgreSQL alike).
    await sql`delete from push_subscriptions p where not exists (select 1 from identities i where i.id = p.identity_id)`.execute(this.db);
    return Number(deleted.numAffectedRows ?? 0);
  }

  async listPlayerGames(identityId: string, q: { limit?: number; ratingKey?: string } = {}): Promise<PlayerGameRecord[]> {
    let query = this.db.selectFrom('player_games').selectAll().where('identity_id', '=', identityId);
    if (q.ratingKey !== undefined) query = query.where('rating_key', '=', q.ratingKey);
    const rows = await query.orderBy('finished_at', 'desc').orderBy('game_id').limit(q.limit ?? 50).execute();
    return rows.map(playerGameFromRow);
  }

  async countPlayerGames(identityId: string, q: { publicOnly?: boolean } = {}): Promise<number> {
    let query = this.db.selectFrom('player_games').select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('identity_id', '=', identityId).where('status', '=', 'finished');
    if (q.publicOnly) query = query.where('private', '=', false);
    const row = await query.executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async ratingsOf(identityId: string): Promise<RatingRecord[]> {
    const rows = await this.db.selectFrom('ratings').selectAll().where('player_id', '=', identityId).orderBy('game').execute();
    return rows.map(ratingFromRow);
  }

  async rankOf(game: string, playerId: string): Promise<number | null> {
    const mine = await this.db.selectFrom('ratings').select(['ordinal']).where('game', '=', game).where('player_id', '=', playerId).executeTakeFirst();
    if (!mine) return null;
    // Same order as leaderboard(): ordinal desc, then player id.
    const ahead = await this.db.selectFrom('ratings').select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('game', '=', game).where('games', '>=', 1)
      .where((eb) => eb.or([eb('ordinal', '>', mine.ordinal), eb.and([eb('ordinal', '=', mine.ordinal), eb('player_id', '<', playerId)])]))
      .executeTakeFirstOrThrow();
    return Number(ahead.n) + 1;
  }

  async close(): Promise<void> {
    await this.db.destroy();
  }
}
