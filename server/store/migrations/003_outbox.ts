/**
 * Games end in exactly one state (issue 23): a game session is `running` until its result is
 * stored (`finished`) or the sweep finds its table gone for good (`abandoned`). Profiles list
 * abandoned games too, so a player's history line carries the same status.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('game_sessions')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('running').check(sql`status in ('running', 'finished', 'abandoned')`))
    .execute();
  await db.schema.alterTable('game_sessions').addColumn('ended_at', 'bigint').execute();
  await sql`update game_sessions set status = 'finished', ended_at = r.finished_at from game_results r where r.id = game_sessions.id`.execute(db);
  // The sweep reads only the running sessions: a partial index keeps that cheap however long the history.
  await sql`create index game_sessions_running on game_sessions (started_at) where status = 'running'`.execute(db);

  await db.schema.alterTable('player_games')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('finished').check(sql`status in ('finished', 'abandoned')`))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('player_games').dropColumn('status').execute();
  await sql`drop index if exists game_sessions_running`.execute(db);
  await db.schema.alterTable('game_sessions').dropColumn('ended_at').execute();
  await db.schema.alterTable('game_sessions').dropColumn('status').execute();
}
