/**
 * Guest retention (GUEST_RETENTION_DAYS): the hourly sweep looks for the oldest guests first, so
 * identities are indexed by creation time.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.createIndex('identities_created').on('identities').column('created_at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('identities_created').ifExists().execute();
}
