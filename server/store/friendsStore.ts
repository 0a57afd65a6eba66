/**
 * The store's part for friends (issue 29; migration 011_friends): follows, blocks and invitations
 * to a private table. Same queries on PGlite and PostgreSQL. Each cap is checked in the same
 * statement sequence as the insert; the numbers come from the callers (server/friends).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema.js';
import type { IdentityRecord } from './types.js';

export interface FollowRecord { identity: IdentityRecord; since: number }

export interface InviteRecord {
  id: string; fromId: string; toId: string; roomId: string; game: string; createdAt: number; expiresAt: number;
  /** The inviter's identity (name and tag), read with the invitation. */
  from: IdentityRecord;
}

export type InviteOutcome = 'ok' | 'sender_full' | 'recipient_full';

/** A game in a friend's recent results (public games only). */
export interface RecentGame { gameId: string; game: string; finishedAt: number; place: number; seats: number; status: 'finished' | 'abandoned' }

/**
 * One kind of pair an identity makes with others (a follow, a block), capped per identity. Both
 * kinds are this shape, built by `pairStore` from their table.
 */
export interface PairStore {
  /** False when `identityId` already has `max` such pairs (and not this one). Adding twice changes nothing. */
  add(identityId: string, otherId: string, now: number, max: number): Promise<boolean>;
  remove(identityId: string, otherId: string): Promise<void>;
  /** The others, with their identities, oldest pair first. */
  list(identityId: string): Promise<FollowRecord[]>;
  has(identityId: string, otherId: string): Promise<boolean>;
}

export interface FriendsStore {
  /** The identity called `name#tag` (the name in any case, as the unique index reads it), or null. */
  identityByNameTag(name: string, tag: string): Promise<IdentityRecord | null>;
  /** Whom an identity follows. */
  readonly follows: PairStore;
  /** Whom an identity blocks: adding one also ends both follows between the two and their pending invitations. */
  readonly blocks: PairStore;
  /** The last `perPlayer` public games of each of these identities (one query), newest first; every id is a key. */
  recentPublicGames(identityIds: readonly string[], perPlayer: number): Promise<Map<string, RecentGame[]>>;
  /** True when either blocks the other. */
  blockedBetween(a: string, b: string): Promise<boolean>;
  /** Everyone `identityId` blocks or is blocked by. */
  blockRelations(identityId: string): Promise<string[]>;
  /** Those of `among` who block `identityId`. */
  blockersAmong(identityId: string, among: string[]): Promise<string[]>;

  /**
   * A new invitation, or the same one renewed (one per inviter, invitee and table). Expired ones are
   * dropped first; then `maxFrom` pending from the inviter, `maxTo` pending for the invitee.
   */
  addInvite(i: Omit<InviteRecord, 'from'>, maxFrom: number, maxTo: number): Promise<InviteOutcome>;
  /** Pending invitations for `identityId` at `now`, newest first. */
  invitesTo(identityId: string, now: number): Promise<InviteRecord[]>;
  /** Pending invitations `identityId` sent, newest first. */
  invitesFrom(identityId: string, now: number): Promise<InviteRecord[]>;
  /** Removes it when `identityId` is its inviter or invitee; true if it was there. */
  deleteInvite(id: string, identityId: string): Promise<boolean>;
}

const num = (v: number | string): number => Number(v);
type IdentityRow = { id: string; name: string; tag: string; created_at: number | string; updated_at: number | string };
const identityOf = (r: IdentityRow): IdentityRecord => ({ id: r.id, name: r.name, tag: r.tag, createdAt: num(r.created_at), updatedAt: num(r.updated_at) });

/** Where one kind of pair lives: its table, the column naming the other, what else adding one does. */
interface PairTable {
  table: 'friend_follows' | 'friend_blocks';
  other: 'followed_id' | 'blocked_id';
  afterAdd?: (trx: Transaction<Database>, identityId: string, otherId: string) => Promise<void>;
}

/** Follows and blocks from one definition (the table name is a parameter, hence raw SQL with quoted identifiers). */
function pairStore(db: Kysely<Database>, spec: PairTable): PairStore {
  const table = sql.table(spec.table);
  const other = sql.ref(spec.other);
  const otherOfPair = sql.ref(`p.${spec.other}`);
  return {
    add: (identityId, otherId, now, max) => db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ n: number | string }>`SELECT count(*) AS n FROM ${table} WHERE identity_id = ${identityId} AND ${other} <> ${otherId}`.execute(trx);
      if (Number(rows[0].n) >= max) return false;
      await sql`INSERT INTO ${table} (identity_id, ${other}, created_at) VALUES (${identityId}, ${otherId}, ${now}) ON CONFLICT DO NOTHING`.execute(trx);
      await spec.afterAdd?.(trx, identityId, otherId);
      return true;
    }),
    remove: async (identityId, otherId) => {
      await sql`DELETE FROM ${table} WHERE identity_id = ${identityId} AND ${other} = ${otherId}`.execute(db);
    },
    list: async (identityId) => {
      const { rows } = await sql<IdentityRow & { since: number | string }>`
        SELECT i.id, i.name, i.tag, i.created_at, i.updated_at, p.created_at AS since
        FROM ${table} AS p JOIN identities AS i ON i.id = ${otherOfPair}
        WHERE p.identity_id = ${identityId} ORDER BY p.created_at, i.id`.execute(db);
      return rows.map((r) => ({ identity: identityOf(r), since: num(r.since) }));
    },
    has: async (identityId, otherId) => {
      const { rows } = await sql`SELECT 1 FROM ${table} WHERE identity_id = ${identityId} AND ${other} = ${otherId}`.execute(db);
      return rows.length > 0;
    },
  };
}

export class SqlFriendsStore implements FriendsStore {
  readonly follows: PairStore;
  readonly blocks: PairStore;

  constructor(private readonly db: Kysely<Database>) {
    this.follows = pairStore(db, { table: 'friend_follows', other: 'followed_id' });
    this.blocks = pairStore(db, {
      table: 'friend_blocks', other: 'blocked_id',
      afterAdd: async (trx, identityId, blockedId) => {
        await trx.deleteFrom('friend_follows').where((eb) => eb.or([
          eb.and([eb('identity_id', '=', identityId), eb('followed_id', '=', blockedId)]),
          eb.and([eb('identity_id', '=', blockedId), eb('followed_id', '=', identityId)]),
        ])).execute();
        await trx.deleteFrom('friend_invites').where((eb) => eb.or([
          eb.and([eb('from_id', '=', identityId), eb('to_id', '=', blockedId)]),
          eb.and([eb('from_id', '=', blockedId), eb('to_id', '=', identityId)]),
        ])).execute();
      },
    });
  }

  async identityByNameTag(name: string, tag: string): Promise<IdentityRecord | null> {
    const row = await this.db.selectFrom('identities').selectAll().where(sql<string>`lower(name)`, '=', name.toLowerCase()).where('tag', '=', tag).executeTakeFirst();
    return row ? identityOf(row) : null;
  }

  async recentPublicGames(identityIds: readonly string[], perPlayer: number): Promise<Map<string, RecentGame[]>> {
    const out = new Map<string, RecentGame[]>(identityIds.map((id) => [id, []]));
    if (identityIds.length === 0) return out;
    const ranked = this.db.selectFrom('player_games')
      .select(['identity_id', 'game_id', 'game', 'finished_at', 'place', 'seats', 'status'])
      .select(sql<number>`row_number() over (partition by identity_id order by finished_at desc, game_id)`.as('n'))
      .where('identity_id', 'in', [...identityIds]).where('private', '=', false).as('ranked');
    const rows = await this.db.selectFrom(ranked).selectAll().where('n', '<=', perPlayer).orderBy('identity_id').orderBy('n').execute();
    for (const r of rows) {
      out.get(r.identity_id)?.push({
        gameId: r.game_id, game: r.game, finishedAt: num(r.finished_at), place: r.place, seats: r.seats, status: r.status === 'abandoned' ? 'abandoned' : 'finished',
      });
    }
    return out;
  }

  async blockedBetween(a: string, b: string): Promise<boolean> {
    const row = await this.db.selectFrom('friend_blocks').select('identity_id').where((eb) => eb.or([
      eb.and([eb('identity_id', '=', a), eb('blocked_id', '=', b)]),
      eb.and([eb('identity_id', '=', b), eb('blocked_id', '=', a)]),
    ])).executeTakeFirst();
    return row !== undefined;
  }

  async blockRelations(identityId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('friend_blocks').select(['identity_id', 'blocked_id'])
      .where((eb) => eb.or([eb('identity_id', '=', identityId), eb('blocked_id', '=', identityId)])).execute();
    return [...new Set(rows.map((r) => (r.identity_id === identityId ? r.blocked_id : r.identity_id)))];
  }

  async blockersAmong(identityId: string, among: string[]): Promise<string[]> {
    if (among.length === 0) return [];
    const rows = await this.db.selectFrom('friend_blocks').select('identity_id')
      .where('blocked_id', '=', identityId).where('identity_id', 'in', among).execute();
    return rows.map((r) => r.identity_id);
  }

  async addInvite(i: Omit<InviteRecord, 'from'>, maxFrom: number, maxTo: number): Promise<InviteOutcome> {
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('friend_invites').where('expires_at', '<=', i.createdAt)
        .where((eb) => eb.or([eb('from_id', '=', i.fromId), eb('to_id', '=', i.toId)])).execute();
      const others = (column: 'from_id' | 'to_id', id: string) => trx.selectFrom('friend_invites').select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where(column, '=', id).where((eb) => eb.not(eb.and([eb('from_id', '=', i.fromId), eb('to_id', '=', i.toId), eb('room_id', '=', i.roomId)])))
        .executeTakeFirstOrThrow();
      if (Number((await others('from_id', i.fromId)).n) >= maxFrom) return 'sender_full';
      if (Number((await others('to_id', i.toId)).n) >= maxTo) return 'recipient_full';
      await trx.insertInto('friend_invites').values({
        id: i.id, from_id: i.fromId, to_id: i.toId, room_id: i.roomId, game: i.game, created_at: i.createdAt, expires_at: i.expiresAt,
      }).onConflict((oc) => oc.columns(['from_id', 'to_id', 'room_id']).doUpdateSet({ id: i.id, game: i.game, created_at: i.createdAt, expires_at: i.expiresAt })).execute();
      return 'ok';
    });
  }

  async invitesTo(identityId: string, now: number): Promise<InviteRecord[]> {
    return this.invites('to_id', identityId, now);
  }

  async invitesFrom(identityId: string, now: number): Promise<InviteRecord[]> {
    return this.invites('from_id', identityId, now);
  }

  private async invites(column: 'from_id' | 'to_id', identityId: string, now: number): Promise<InviteRecord[]> {
    const rows = await this.db.selectFrom('friend_invites').innerJoin('identities', 'identities.id', 'friend_invites.from_id')
      .select(['friend_invites.id as invite_id', 'from_id', 'to_id', 'room_id', 'game', 'friend_invites.created_at as invited_at', 'expires_at',
        'identities.id', 'identities.name', 'identities.tag', 'identities.created_at', 'identities.updated_at'])
      .where(`friend_invites.${column}`, '=', identityId).where('expires_at', '>', now)
      .orderBy('friend_invites.created_at', 'desc').orderBy('friend_invites.id').execute();
    return rows.map((r) => ({
      id: r.invite_id, fromId: r.from_id, toId: r.to_id, roomId: r.room_id, game: r.game, createdAt: num(r.invited_at), expiresAt: num(r.expires_at), from: identityOf(r),
    }));
  }

  async deleteInvite(id: string, identityId: string): Promise<boolean> {
    const result = await this.db.deleteFrom('friend_invites').where('id', '=', id)
      .where((eb) => eb.or([eb('from_id', '=', identityId), eb('to_id', '=', identityId)])).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
