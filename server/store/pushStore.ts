/**
 * The store's part for Web Push (issue 25; migrations 012_push, 013_push_kinds): each browser's
 * subscription, kept per identity with the language its notifications are written in and the kinds
 * of notification it wants. Same queries on PGlite and PostgreSQL.
 */
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';
import { kindsOf, kindsText, type PushKind } from '../push/kinds.js';

export interface PushSubscriptionRecord {
  /** The push service's URL for this browser (https; unique across identities). */
  endpoint: string;
  identityId: string;
  /** The browser's keys (base64url): the message is encrypted to them. */
  p256dh: string;
  auth: string;
  lang: 'en' | 'fr';
  /** What this browser is told about (the lobby's switches). */
  kinds: PushKind[];
  createdAt: number;
}

export interface PushStore {
  /**
   * Saves (or moves to this identity, with new keys) one subscription, then keeps only the
   * identity's `max` newest: a browser that subscribes again replaces its own row.
   */
  savePushSubscription(s: PushSubscriptionRecord, max: number): Promise<void>;
  listPushSubscriptions(identityId: string): Promise<PushSubscriptionRecord[]>;
  /** Removes one endpoint (of this identity only, when given). True when a row went. */
  removePushSubscription(endpoint: string, identityId?: string): Promise<boolean>;
}

export class SqlPushStore implements PushStore {
  constructor(private readonly db: Kysely<Database>) {}

  async savePushSubscription(s: PushSubscriptionRecord, max: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('push_subscriptions').values({
        endpoint: s.endpoint, identity_id: s.identityId, p256dh: s.p256dh, auth: s.auth, lang: s.lang, kinds: kindsText(s.kinds), created_at: s.createdAt,
      }).onConflict((oc) => oc.column('endpoint').doUpdateSet({
        identity_id: s.identityId, p256dh: s.p256dh, auth: s.auth, lang: s.lang, kinds: kindsText(s.kinds), created_at: s.createdAt,
      })).execute();
      const keep = await trx.selectFrom('push_subscriptions').select('endpoint').where('identity_id', '=', s.identityId)
        .orderBy('created_at', 'desc').orderBy('endpoint').limit(max).execute();
      await trx.deleteFrom('push_subscriptions').where('identity_id', '=', s.identityId)
        .where('endpoint', 'not in', keep.map((r) => r.endpoint)).execute();
    });
  }

  async listPushSubscriptions(identityId: string): Promise<PushSubscriptionRecord[]> {
    const rows = await this.db.selectFrom('push_subscriptions').selectAll().where('identity_id', '=', identityId).orderBy('created_at', 'desc').execute();
    return rows.map((r) => ({
      endpoint: r.endpoint, identityId: r.identity_id, p256dh: r.p256dh, auth: r.auth,
      lang: r.lang === 'fr' ? 'fr' : 'en', kinds: kindsOf(r.kinds), createdAt: Number(r.created_at),
    }));
  }

  async removePushSubscription(endpoint: string, identityId?: string): Promise<boolean> {
    let query = this.db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint);
    if (identityId !== undefined) query = query.where('identity_id', '=', identityId);
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows ?? 0n) > 0;
  }
}
