/**
 * Turn-based tables sleep in the store (issue 25): a sleeping table is open on no process; its
 * state is its journal, `wake_at` its next deadline (epoch ms, null: none), `turn` what the lobby
 * shows while it sleeps (whose turn, each seat's timeouts in a row). `wake_lease` (epoch ms) is
 * held by the process waking it, so exactly one process reopens it and a waker that died is
 * replaced once the lease has passed.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('game_sessions').addColumn('sleeping', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
  await db.schema.alterTable('game_sessions').addColumn('wake_at', 'bigint').execute();
  await db.schema.alterTable('game_sessions').addColumn('wake_lease', 'bigint').execute();
  await db.schema.alterTable('game_sessions').addColumn('turn', 'jsonb').execute();
  await db.schema.createIndex('game_sessions_wake_at').on('game_sessions').column('wake_at').where(sql.ref('sleeping'), '=', true).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('game_sessions_wake_at').ifExists().execute();
  for (const column of ['turn', 'wake_lease', 'wake_at', 'sleeping']) await db.schema.alterTable('game_sessions').dropColumn(column).execute();
}
