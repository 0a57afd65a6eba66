/**
 * A tournament table's seating is kept with its session (issue 24): a table reopened from its
 * journal on another process knows its tournament, its table and who sits where, so it reports
 * its result to the tournament when it finishes. Null for every other table.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('game_sessions').addColumn('tournament', 'jsonb').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('game_sessions').dropColumn('tournament').execute();
}
