/**
 * Players who come back (issue 18): guest identities and their device tokens (only hashes are
 * stored), each started game's session (options, seed, seats) and its action log written in
 * chunks as the game goes, and one row per identity per finished game (history, rating trend).
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.createTable('identities')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // Two players may share a name, never a name and a tag.
  await sql`create unique index identities_name_tag on identities (lower(name), tag)`.execute(db);

  await db.schema.createTable('identity_tokens')
    .addColumn('hash', 'text', (c) => c.primaryKey())
    .addColumn('identity_id', 'text', (c) => c.notNull().references('identities.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('device', 'transfer')`))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint')
    .execute();
  await db.schema.createIndex('identity_tokens_identity').on('identity_tokens').column('identity_id').execute();

  await db.schema.createTable('game_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('game', 'text', (c) => c.notNull())
    .addColumn('variant', 'text', (c) => c.notNull())
    .addColumn('options', 'jsonb', (c) => c.notNull())
    .addColumn('seed', 'bigint', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('seats', 'jsonb', (c) => c.notNull())
    .addColumn('private', 'boolean', (c) => c.notNull())
    .addColumn('rated', 'boolean', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('game_sessions_started').on('game_sessions').column('started_at').execute();

  await db.schema.createTable('game_log_chunks')
    .addColumn('game_id', 'text', (c) => c.notNull().references('game_sessions.id').onDelete('cascade'))
    .addColumn('chunk', 'integer', (c) => c.notNull())
    .addColumn('entries', 'jsonb', (c) => c.notNull())
    .addPrimaryKeyConstraint('game_log_chunks_pk', ['game_id', 'chunk'])
    .execute();

  await db.schema.createTable('player_games')
    .addColumn('identity_id', 'text', (c) => c.notNull())
    .addColumn('game_id', 'text', (c) => c.notNull())
    .addColumn('game', 'text', (c) => c.notNull())
    .addColumn('rating_key', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'bigint', (c) => c.notNull())
    .addColumn('seat', 'integer', (c) => c.notNull())
    .addColumn('place', 'integer', (c) => c.notNull())
    .addColumn('score', 'double precision', (c) => c.notNull())
    .addColumn('seats', 'integer', (c) => c.notNull())
    .addColumn('rated', 'boolean', (c) => c.notNull())
    .addColumn('private', 'boolean', (c) => c.notNull())
    .addColumn('ordinal_after', 'double precision')
    .addPrimaryKeyConstraint('player_games_pk', ['identity_id', 'game_id'])
    .execute();
  // A tournament registration plays under the registrant's guest identity (rated like any seat).
  await db.schema.alterTable('tournament_registrations').addColumn('identity_id', 'text').execute();

  await db.schema.createIndex('player_games_recent').on('player_games').columns(['identity_id', 'finished_at']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('tournament_registrations').dropColumn('identity_id').execute();
  for (const table of ['player_games', 'game_log_chunks', 'game_sessions', 'identity_tokens', 'identities']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
