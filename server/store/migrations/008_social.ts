/**
 * Players together (issue 29): mutes (per identity, for good), reports with the table's last chat
 * lines and moves, moderators' sanctions (silence, ban from rated and public play), rated games
 * left for good (completion rate and the leaver cooldown), and each finished table's public chat
 * for its replay.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.createTable('chat_mutes')
    .addColumn('identity_id', 'text', (c) => c.notNull())
    .addColumn('muted_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('chat_mutes_pk', ['identity_id', 'muted_id'])
    .execute();
  await db.schema.createTable('player_reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('reporter_id', 'text')
    .addColumn('reported_id', 'text')
    .addColumn('reported_name', 'text', (c) => c.notNull())
    .addColumn('game_id', 'text', (c) => c.notNull())
    .addColumn('game', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('chat', 'jsonb', (c) => c.notNull())
    .addColumn('moves', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('player_reports_created').on('player_reports').column('created_at').execute();
  await db.schema.createIndex('player_reports_reporter').on('player_reports').columns(['reporter_id', 'created_at']).execute();
  await db.schema.createTable('sanctions')
    .addColumn('identity_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('silence', 'ban')`))
    .addColumn('until', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('sanctions_pk', ['identity_id', 'kind'])
    .execute();
  await db.schema.createTable('player_leaves')
    .addColumn('identity_id', 'text', (c) => c.notNull())
    .addColumn('game_id', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('player_leaves_pk', ['identity_id', 'game_id'])
    .execute();
  await db.schema.createIndex('player_leaves_recent').on('player_leaves').columns(['identity_id', 'at']).execute();
  await db.schema.createTable('game_chat')
    .addColumn('game_id', 'text', (c) => c.primaryKey())
    .addColumn('lines', 'jsonb', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['game_chat', 'player_leaves', 'sanctions', 'player_reports', 'chat_mutes']) await db.schema.dropTable(table).ifExists().execute();
}
