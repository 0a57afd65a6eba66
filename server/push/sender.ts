/**
 * Web Push for closed pages (issue 25): when a turn-based table becomes a player's turn while
 * they have no connection to it, each of their browsers' subscriptions gets a standard Web Push
 * message (RFC 8030, encrypted per RFC 8291, VAPID per RFC 8292) through the `web-push` library.
 * Off unless VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set. A subscription the push service
 * says is gone (404 or 410) is removed.
 */
import webpush from 'web-push';
import type { Store } from '../store/index.js';
import { logger } from '../ops/logger.js';
import { yourTurnText } from './messages.js';

export interface VapidSettings { publicKey: string; privateKey: string; subject: string }

/** What the service worker reads (client/pwa/serviceWorker.ts). */
export interface PushPayload { kind: 'your_turn'; title: string; body: string; tag: string; url: string }

export interface TurnNotice { identityId: string; tableId: string; game: string; others: readonly string[] }

export interface TurnNotifier {
  readonly enabled: boolean;
  /** Fire and forget: never throws, never holds the room. */
  yourTurn(notice: TurnNotice): void;
}

const GONE = new Set([404, 410]);
const SEND_TIMEOUT_MS = 10_000;

export class WebPushSender implements TurnNotifier {
  readonly enabled: boolean;

  constructor(private readonly store: Pick<Store, 'push'>, private readonly vapid: VapidSettings | null, private readonly ttlSeconds: number) {
    this.enabled = vapid !== null;
  }

  get publicKey(): string | null {
    return this.vapid?.publicKey ?? null;
  }

  yourTurn(notice: TurnNotice): void {
    if (!this.vapid) return;
    void this.send(notice).catch((error: unknown) => logger.warn({ err: error, identity: notice.identityId }, 'push: sending failed'));
  }

  /** Sends to every subscription of the identity; resolves once each push service has answered. */
  async send(notice: TurnNotice): Promise<void> {
    const vapid = this.vapid;
    if (!vapid) return;
    const subscriptions = await this.store.push.listPushSubscriptions(notice.identityId);
    await Promise.all(subscriptions.map(async (s) => {
      const text = yourTurnText(s.lang, notice.game, notice.others);
      const payload: PushPayload = { kind: 'your_turn', ...text, tag: `turn-${notice.tableId}`, url: `/#/table/${encodeURIComponent(notice.tableId)}` };
      try {
        await webpush.sendNotification({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, JSON.stringify(payload), {
          vapidDetails: vapid, TTL: this.ttlSeconds, urgency: 'high', timeout: SEND_TIMEOUT_MS, topic: topicOf(notice.tableId),
        });
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        if (status !== undefined && GONE.has(status)) {
          await this.store.push.removePushSubscription(s.endpoint);
          logger.info({ identity: notice.identityId, status }, 'push: the push service says a subscription is gone; removed');
          return;
        }
        logger.warn({ identity: notice.identityId, status, err: error }, 'push: the push service refused a message');
      }
    }));
  }
}

/** A newer notice for the same table replaces one still waiting in the push service (Topic: ≤ 32 base64url characters). */
function topicOf(tableId: string): string {
  return `t${tableId.replace(/[^A-Za-z0-9_-]/g, '')}`.slice(0, 32);
}

/** The VAPID settings from the environment, null (push off) unless both keys are set. */
export function vapidFrom(config: { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string; VAPID_SUBJECT: string }): VapidSettings | null {
  if (!config.VAPID_PUBLIC_KEY || !config.VAPID_PRIVATE_KEY) return null;
  return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject: config.VAPID_SUBJECT };
}
