/**
 * Invitations as notifications (issue 29): while a lobby page is in the background, a new
 * invitation from someone you follow shows a browser notification ("Ana#0042 invites you to a
 * Traffic Tango table") that brings the page back on that invitation; pages that are closed get
 * the same words by Web Push (server/push/sender.ts) when this browser's push subscription wants
 * invitations. The lobby's settings have a switch for it (client/lobby/notificationSettings.ts).
 * Until the player chooses, invitations come with the notices they already turned on, under the
 * permission they gave for those: nobody is asked twice.
 */
import { t } from '../i18n/index.js';
import { gameTitle } from './names.js';
import { inPageAlertsOn } from './turnAlerts.js';
import { alertChoice, chooseAlerts, notificationsSupported } from './alertSwitch.js';
import { pushWanted } from './pushAlerts.js';
import type { PushKind } from '../../shared/protocol/pushKinds.js';
import type { Invite } from './friends.js';

const SETTING = 'junction.inviteAlerts';

export const inviteAlertsSupported = notificationsSupported;

/** On with the browser's permission: chosen by the switch, or else as the player's other notices are. */
export function inviteAlertsOn(): boolean {
  if (!notificationsSupported() || Notification.permission !== 'granted') return false;
  const chosen = alertChoice(SETTING);
  if (chosen !== null) return chosen === 'on';
  return inPageAlertsOn() || pushWanted();
}

/** Turns invitation notices on (asking for permission only if no earlier switch got it) or off. */
export function setInviteAlerts(on: boolean): Promise<boolean> {
  return chooseAlerts(SETTING, on);
}

/** What this browser's push subscription should carry: "your turn" with the push switch, invitations with theirs. */
export function pushKinds(): PushKind[] {
  return [...(pushWanted() ? ['your_turn' as const] : []), ...(inviteAlertsOn() ? ['invitation' as const] : [])];
}

export class InviteAlerts {
  /** The invitations of the last reading; null before the first (those were there when the page opened). */
  private known: Set<string> | null = null;

  constructor(private readonly open: (inviteId: string) => void) {}

  /** A notification for each invitation new since the last reading, while the page is in the background. */
  update(invites: readonly Invite[]): void {
    const before = this.known;
    this.known = new Set(invites.map((i) => i.id));
    if (!before || document.visibilityState !== 'hidden' || !inviteAlertsOn()) return;
    for (const i of invites) if (!before.has(i.id)) this.notify(i);
  }

  private notify(i: Invite): void {
    // The push's tag (server/push/sender.ts): one notification per table invited to, never two.
    const n = new Notification(t('lobby:friends.invite_line', { from: i.from.display, title: gameTitle(i.game) }), {
      body: t('lobby:alerts.invite_body'), tag: `invite-${i.roomId}`,
    });
    n.onclick = () => {
      window.focus();
      n.close();
      this.open(i.id);
    };
  }
}
