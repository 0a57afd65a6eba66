/**
 * Players who come back to their seat (issue 23): the running games an identity sits at are found
 * by the identity id inside `game_sessions.seats` (`seats @> '[{"identityId": …}]'`); this index
 * keeps that look-up off a scan of every session.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`create index game_sessions_seats on game_sessions using gin (seats jsonb_path_ops)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop index if exists game_sessions_seats`.execute(db);
}
