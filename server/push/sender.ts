/**
 * Web Push for closed pages (issue 25; invitations, issue 29): "your turn" when a turn-based table
 * becomes a player's turn while they have no connection to it, and "X invites you" when someone
 * they follow invites them to a private table. Each of the player's browsers whose subscription
 * wants that kind (server/push/kinds.ts) gets a standard Web Push message (RFC 8030, encrypted per
 * RFC 8291, VAPID per RFC 8292) through the `web-push` library, written in that browser's
 * language. Off unless VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set. A subscription the push
 * service says is gone (404 or 410) is removed.
 */
import webpush from 'web-push';
import type { PushSubscriptionRecord, Store } from '../store/index.js';
import { logger } from '../ops/logger.js';
import { invitationText, yourTurnText } from './messages.js';
import type { PushKind } from './kinds.js';

export interface VapidSettings { publicKey: string; privateKey: string; subject: string }

/**
 * What the service worker reads (client/pwa/serviceWorker.ts): `url` is `/#/table/<id>` for a turn,
 * `/#/invite/<id>` (the lobby with that invitation) for an invitation.
 */
export interface PushPayload { kind: PushKind; title: string; body: string; tag: string; url: string }

export interface TurnNotice { identityId: string; tableId: string; game: string; others: readonly string[] }

/** `from`: the inviter as players see them ("Ana#0042"). */
export interface InvitationNotice { identityId: string; inviteId: string; roomId: string; game: string; from: string }

export interface TurnNotifier {
  readonly enabled: boolean;
  /** Fire and forget: never throws, never holds the room. */
  yourTurn(notice: TurnNotice): void;
}

export interface InvitationNotifier {
  readonly enabled: boolean;
  /** Fire and forget: never throws, never holds the request. */
  invitation(notice: InvitationNotice): void;
}

const GONE = new Set([404, 410]);
const SEND_TIMEOUT_MS = 10_000;

/** One message to send: its kind, its words per browser, and the Topic a newer one replaces it by. */
interface Outgoing { identityId: string; kind: PushKind; topic: string; payload: (s: PushSubscriptionRecord) => PushPayload }

export class WebPushSender implements TurnNotifier, InvitationNotifier {
  readonly enabled: boolean;

  constructor(private readonly store: Pick<Store, 'push'>, private readonly vapid: VapidSettings | null, private readonly ttlSeconds: number) {
    this.enabled = vapid !== null;
  }

  get publicKey(): string | null {
    return this.vapid?.publicKey ?? null;
  }

  yourTurn(notice: TurnNotice): void {
    this.fire(turnMessage(notice));
  }

  invitation(notice: InvitationNotice): void {
    this.fire(invitationMessage(notice));
  }

  private fire(message: Outgoing): void {
    if (!this.vapid) return;
    void this.deliver(message).catch((error: unknown) => logger.warn({ err: error, identity: message.identityId }, 'push: sending failed'));
  }

  /** Resolves once each push service has answered. */
  private async deliver(message: Outgoing): Promise<void> {
    const vapid = this.vapid;
    if (!vapid) return;
    const subscriptions = (await this.store.push.listPushSubscriptions(message.identityId)).filter((s) => s.kinds.includes(message.kind));
    await Promise.all(subscriptions.map(async (s) => {
      try {
        await webpush.sendNotification({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, JSON.stringify(message.payload(s)), {
          vapidDetails: vapid, TTL: this.ttlSeconds, urgency: 'high', timeout: SEND_TIMEOUT_MS, topic: message.topic,
        });
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        if (status !== undefined && GONE.has(status)) {
          await this.store.push.removePushSubscription(s.endpoint);
          logger.info({ identity: message.identityId, status }, 'push: the push service says a subscription is gone; removed');
          return;
        }
        logger.warn({ identity: message.identityId, status, err: error }, 'push: the push service refused a message');
      }
    }));
  }
}

function turnMessage(notice: TurnNotice): Outgoing {
  return {
    identityId: notice.identityId, kind: 'your_turn', topic: topicOf('t', notice.tableId),
    payload: (s) => ({ kind: 'your_turn', ...yourTurnText(s.lang, notice.game, notice.others), tag: `turn-${notice.tableId}`, url: `/#/table/${encodeURIComponent(notice.tableId)}` }),
  };
}

/** One notification per table invited to: inviting again (a renewal) replaces it rather than adding one. */
function invitationMessage(notice: InvitationNotice): Outgoing {
  return {
    identityId: notice.identityId, kind: 'invitation', topic: topicOf('i', notice.roomId),
    payload: (s) => ({
      kind: 'invitation', ...invitationText(s.lang, notice.game, notice.from), tag: `invite-${notice.roomId}`, url: `/#/invite/${encodeURIComponent(notice.inviteId)}`,
    }),
  };
}

/** A newer notice about the same table replaces one still waiting in the push service (Topic: ≤ 32 base64url characters). */
function topicOf(prefix: string, tableId: string): string {
  return `${prefix}${tableId.replace(/[^A-Za-z0-9_-]/g, '')}`.slice(0, 32);
}

/** The VAPID settings from the environment, null (push off) unless both keys are set. */
export function vapidFrom(config: { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string; VAPID_SUBJECT: string }): VapidSettings | null {
  if (!config.VAPID_PUBLIC_KEY || !config.VAPID_PRIVATE_KEY) return null;
  return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject: config.VAPID_SUBJECT };
}
