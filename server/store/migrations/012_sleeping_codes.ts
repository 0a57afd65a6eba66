/**
 * A private table keeps its code while it sleeps (issue 25): the code look-up finds a sleeping
 * table by its code in the store when no open room answers it.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.createIndex('game_sessions_sleeping_code').on('game_sessions').column('code').where(sql.ref('sleeping'), '=', true).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('game_sessions_sleeping_code').ifExists().execute();
}
