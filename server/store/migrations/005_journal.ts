/**
 * Tables outlive their process (issue 24): each game session row says which process owns the
 * table and carries its fencing token. Every journal write names the token it was given; a write
 * whose token the row has moved past (another process claimed the table) is refused.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('game_sessions').addColumn('owner', 'text').execute();
  await db.schema.alterTable('game_sessions').addColumn('fence', 'bigint', (c) => c.notNull().defaultTo(1)).execute();
  // A private table's code, so a resumed table answers to the same code.
  await db.schema.alterTable('game_sessions').addColumn('code', 'text').execute();
  // Set when a table cannot be resumed (its journal does not replay): never tried again.
  await db.schema.alterTable('game_sessions').addColumn('abandoned', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('game_sessions').dropColumn('abandoned').execute();
  await db.schema.alterTable('game_sessions').dropColumn('code').execute();
  await db.schema.alterTable('game_sessions').dropColumn('fence').execute();
  await db.schema.alterTable('game_sessions').dropColumn('owner').execute();
}
