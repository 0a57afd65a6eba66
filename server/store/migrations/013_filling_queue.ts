/**
 * A table of the public turn-based queue is durable while it fills (issue 25): its session row is
 * written when it opens, `filling` until its last seat is taken, its seats kept as players sit down
 * or give their seat up, so a restart or a surviving process reopens it with the same id and seats.
 * Starting the game rewrites the row (seed, start time, seats) and clears `filling`.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('game_sessions').addColumn('filling', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('game_sessions').dropColumn('filling').execute();
}
