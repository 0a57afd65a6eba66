/**
 * Friends (issue 29): who follows whom, who blocks whom, and invitations to a private table
 * waiting in the invitee's lobby. Caps per identity are kept by the callers (server/friends).
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.createTable('friend_follows')
    .addColumn('identity_id', 'text', (c) => c.notNull())
    .addColumn('followed_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('friend_follows_pk', ['identity_id', 'followed_id'])
    .execute();
  await db.schema.createTable('friend_blocks')
    .addColumn('identity_id', 'text', (c) => c.notNull())
    .addColumn('blocked_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('friend_blocks_pk', ['identity_id', 'blocked_id'])
    .execute();
  await db.schema.createIndex('friend_blocks_blocked').on('friend_blocks').column('blocked_id').execute();
  await db.schema.createTable('friend_invites')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('from_id', 'text', (c) => c.notNull())
    .addColumn('to_id', 'text', (c) => c.notNull())
    .addColumn('room_id', 'text', (c) => c.notNull())
    .addColumn('game', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('friend_invites_once', ['from_id', 'to_id', 'room_id'])
    .execute();
  await db.schema.createIndex('friend_invites_to').on('friend_invites').columns(['to_id', 'expires_at']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['friend_invites', 'friend_blocks', 'friend_follows']) await db.schema.dropTable(table).ifExists().execute();
}
