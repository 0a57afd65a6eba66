/**
 * The first schema (docs/store.md). The same SQL runs on embedded PGlite and on PostgreSQL.
 * Epoch-millisecond times are bigint; ordered lists (a game's players, a table's seats, placement
 * points) are jsonb because they are always read and written whole.
 */
import { sql, type Kysely } from 'kysely';

// Migrations must not depend on the application's current Database type, which changes later.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.createTable('game_results')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('game', 'text', (c) => c.notNull())
    .addColumn('variant', 'text', (c) => c.notNull())
    .addColumn('seed', 'bigint', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint', (c) => c.notNull())
    .addColumn('duration_ms', 'bigint', (c) => c.notNull())
    .addColumn('players', 'jsonb', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('tournament_id', 'text')
    .addColumn('table_id', 'text')
    .execute();
  await db.schema.createIndex('game_results_game_finished').on('game_results').columns(['game', 'finished_at']).execute();
  await db.schema.createIndex('game_results_finished').on('game_results').column('finished_at').execute();
  await db.schema.createIndex('game_results_tournament').on('game_results').column('tournament_id').execute();

  await db.schema.createTable('tournaments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('game', 'text', (c) => c.notNull())
    .addColumn('variant', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull().check(sql`format in ('swiss', 'elimination')`))
    .addColumn('table_size', 'integer', (c) => c.notNull())
    .addColumn('seat_min', 'integer', (c) => c.notNull())
    .addColumn('seat_max', 'integer', (c) => c.notNull())
    .addColumn('rounds', 'integer', (c) => c.notNull())
    .addColumn('advance_per_table', 'integer', (c) => c.notNull())
    .addColumn('placement_points', 'jsonb', (c) => c.notNull())
    .addColumn('bye_points', 'double precision')
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('private_code', 'text', (c) => c.unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('current_round', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('seed', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tournaments_status_starts').on('tournaments').columns(['status', 'starts_at']).execute();

  await db.schema.createTable('tournament_registrations')
    .addColumn('tournament_id', 'text', (c) => c.notNull().references('tournaments.id').onDelete('cascade'))
    .addColumn('player_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('guest', 'boolean', (c) => c.notNull())
    .addColumn('registered_at', 'bigint', (c) => c.notNull())
    .addColumn('checked_in_at', 'bigint')
    .addColumn('dropped_at', 'bigint')
    .addColumn('eliminated_round', 'integer')
    .addPrimaryKeyConstraint('tournament_registrations_pk', ['tournament_id', 'player_id'])
    .execute();

  await db.schema.createTable('tournament_rounds')
    .addColumn('tournament_id', 'text', (c) => c.notNull().references('tournaments.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .addColumn('repeats', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('tournament_rounds_pk', ['tournament_id', 'number'])
    .execute();

  await db.schema.createTable('tournament_tables')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tournament_id', 'text', (c) => c.notNull())
    .addColumn('round', 'integer', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('seats', 'jsonb', (c) => c.notNull())
    .addColumn('room_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('game_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .addForeignKeyConstraint('tournament_tables_round_fk', ['tournament_id', 'round'], 'tournament_rounds', ['tournament_id', 'number'], (fk) => fk.onDelete('cascade'))
    .addUniqueConstraint('tournament_tables_number', ['tournament_id', 'round', 'number'])
    .execute();

  await db.schema.createTable('tournament_results')
    .addColumn('tournament_id', 'text', (c) => c.notNull())
    .addColumn('round', 'integer', (c) => c.notNull())
    .addColumn('player_id', 'text', (c) => c.notNull())
    .addColumn('table_id', 'text', (c) => c.references('tournament_tables.id').onDelete('cascade'))
    .addColumn('place', 'integer', (c) => c.notNull())
    .addColumn('table_size', 'integer', (c) => c.notNull())
    .addColumn('points', 'double precision', (c) => c.notNull())
    .addColumn('bye', 'boolean', (c) => c.notNull())
    .addPrimaryKeyConstraint('tournament_results_pk', ['tournament_id', 'round', 'player_id'])
    .addForeignKeyConstraint('tournament_results_round_fk', ['tournament_id', 'round'], 'tournament_rounds', ['tournament_id', 'number'], (fk) => fk.onDelete('cascade'))
    .execute();

  await db.schema.createTable('ratings')
    .addColumn('game', 'text', (c) => c.notNull())
    .addColumn('player_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mu', 'double precision', (c) => c.notNull())
    .addColumn('sigma', 'double precision', (c) => c.notNull())
    .addColumn('ordinal', 'double precision', (c) => c.notNull())
    .addColumn('games', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('ratings_pk', ['game', 'player_id'])
    .execute();
  await db.schema.createIndex('ratings_leaderboard').on('ratings').columns(['game', 'ordinal']).execute();

  await db.schema.createTable('rated_games')
    .addColumn('game_result_id', 'text', (c) => c.primaryKey())
    .addColumn('game', 'text', (c) => c.notNull())
    .addColumn('rated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['rated_games', 'ratings', 'tournament_results', 'tournament_tables', 'tournament_rounds',
    'tournament_registrations', 'tournaments', 'game_results']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
