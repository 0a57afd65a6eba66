/**
 * What each push subscription wants told (issue 29: invitations beside "your turn"): the kinds,
 * space-separated (server/push/kinds.ts). Rows from before it wanted "your turn" only.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('push_subscriptions').addColumn('kinds', 'text', (c) => c.notNull().defaultTo(sql`'your_turn'`)).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('push_subscriptions').dropColumn('kinds').execute();
}
