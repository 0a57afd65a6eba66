/**
 * The store's part for friends (issue 29; migration 011_friends): follows, blocks and invitations
 * to a private table. Same queries on PGlite and PostgreSQL. Each cap is checked in the same
 * statement sequence as the insert; the numbers come from the callers (server/friends).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';
import type { IdentityRecord } from './types.js';

export interface FollowRecord { identity: IdentityRecord; since: number }

export interface InviteRecord {
  id: string; fromId: string; toId: string; roomId: string; game: string; createdAt: number; expiresAt: number;
  /** The inviter's identity (name and tag), read with the invitation. */
  from: IdentityRecord;
}

export type InviteOutcome = 'ok' | 'sender_full' | 'recipient_full';

export interface FriendsStore {
  /** The identity called `name#tag` (the name in any case, as the unique index reads it), or null. */
  identityByNameTag(name: string, tag: string): Promise<IdentityRecord | null>;
  /** False when `identityId` already follows `max` others (and not this one). Following twice changes nothing. */
  follow(identityId: string, followedId: string, now: number, max: number): Promise<boolean>;
  unfollow(identityId: string, followedId: string): Promise<void>;
  /** Whom `identityId` follows, with their identities, oldest follow first. */
  listFollows(identityId: string): Promise<FollowRecord[]>;
  follows(identityId: string, followedId: string): Promise<boolean>;

  /**
   * False when `identityId` already blocks `max` others. A block also ends both follows between
   * the two and their pending invitations.
   */
  block(identityId: string, blockedId: string, now: number, max: number): Promise<boolean>;
  unblock(identityId: string, blockedId: string): Promise<void>;
  listBlocks(identityId: string): Promise<FollowRecord[]>;
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

export class SqlFriendsStore implements FriendsStore {
  constructor(private readonly db: Kysely<Database>) {}

  async identityByNameTag(name: string, tag: string): Promise<IdentityRecord | null> {
    const row = await this.db.selectFrom('identities').selectAll().where(sql<string>`lower(name)`, '=', name.toLowerCase()).where('tag', '=', tag).executeTakeFirst();
    return row ? identityOf(row) : null;
  }

  async follow(identityId: string, followedId: string, now: number, max: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const { n } = await trx.selectFrom('friend_follows').select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('identity_id', '=', identityId).where('followed_id', '<>', followedId).executeTakeFirstOrThrow();
      if (Number(n) >= max) return false;
      await trx.insertInto('friend_follows').values({ identity_id: identityId, followed_id: followedId, created_at: now })
        .onConflict((oc) => oc.columns(['identity_id', 'followed_id']).doNothing()).execute();
      return true;
    });
  }

  async unfollow(identityId: string, followedId: string): Promise<void> {
    await this.db.deleteFrom('friend_follows').where('identity_id', '=', identityId).where('followed_id', '=', followedId).execute();
  }

  async listFollows(identityId: string): Promise<FollowRecord[]> {
    const rows = await this.db.selectFrom('friend_follows').innerJoin('identities', 'identities.id', 'friend_follows.followed_id')
      .select(['identities.id', 'identities.name', 'identities.tag', 'identities.created_at', 'identities.updated_at', 'friend_follows.created_at as since'])
      .where('friend_follows.identity_id', '=', identityId).orderBy('friend_follows.created_at').orderBy('identities.id').execute();
    return rows.map((r) => ({ identity: identityOf(r), since: num(r.since) }));
  }

  async follows(identityId: string, followedId: string): Promise<boolean> {
    const row = await this.db.selectFrom('friend_follows').select('identity_id').where('identity_id', '=', identityId).where('followed_id', '=', followedId).executeTakeFirst();
    return row !== undefined;
  }

  async block(identityId: string, blockedId: string, now: number, max: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const { n } = await trx.selectFrom('friend_blocks').select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('identity_id', '=', identityId).where('blocked_id', '<>', blockedId).executeTakeFirstOrThrow();
      if (Number(n) >= max) return false;
      await trx.insertInto('friend_blocks').values({ identity_id: identityId, blocked_id: blockedId, created_at: now })
        .onConflict((oc) => oc.columns(['identity_id', 'blocked_id']).doNothing()).execute();
      await trx.deleteFrom('friend_follows').where((eb) => eb.or([
        eb.and([eb('identity_id', '=', identityId), eb('followed_id', '=', blockedId)]),
        eb.and([eb('identity_id', '=', blockedId), eb('followed_id', '=', identityId)]),
      ])).execute();
      await trx.deleteFrom('friend_invites').where((eb) => eb.or([
        eb.and([eb('from_id', '=', identityId), eb('to_id', '=', blockedId)]),
        eb.and([eb('from_id', '=', blockedId), eb('to_id', '=', identityId)]),
      ])).execute();
      return true;
    });
  }

  async unblock(identityId: string, blockedId: string): Promise<void> {
    await this.db.deleteFrom('friend_blocks').where('identity_id', '=', identityId).where('blocked_id', '=', blockedId).execute();
  }

  async listBlocks(identityId: string): Promise<FollowRecord[]> {
    const rows = await this.db.selectFrom('friend_blocks').innerJoin('identities', 'identities.id', 'friend_blocks.blocked_id')
      .select(['identities.id', 'identities.name', 'identities.tag', 'identities.created_at', 'identities.updated_at', 'friend_blocks.created_at as since'])
      .where('friend_blocks.identity_id', '=', identityId).orderBy('friend_blocks.created_at').orderBy('identities.id').execute();
    return rows.map((r) => ({ identity: identityOf(r), since: num(r.since) }));
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
