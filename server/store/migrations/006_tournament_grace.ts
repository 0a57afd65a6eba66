/**
 * Tournament tables wait for their players (issue 23): the organiser's check-in grace per
 * tournament, and the registrants who had not sat down when a table's check-in closed (no-shows,
 * one row per table and player: marked in the standings).
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('tournaments')
    .addColumn('check_in_grace_seconds', 'integer', (c) => c.notNull().defaultTo(60))
    .execute();
  await db.schema.createTable('tournament_no_shows')
    .addColumn('table_id', 'text', (c) => c.notNull().references('tournament_tables.id').onDelete('cascade'))
    .addColumn('player_id', 'text', (c) => c.notNull())
    .addColumn('tournament_id', 'text', (c) => c.notNull())
    .addColumn('room_id', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('tournament_no_shows_pk', ['table_id', 'player_id'])
    .execute();
  await sql`create index tournament_no_shows_tournament on tournament_no_shows (tournament_id)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('tournament_no_shows').ifExists().execute();
  await db.schema.alterTable('tournaments').dropColumn('check_in_grace_seconds').execute();
}
