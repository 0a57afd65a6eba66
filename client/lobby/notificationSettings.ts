/**
 * The lobby's notification settings (issues 25 and 29): each can be turned on or off on its own —
 * "your turn" as in-page notices (while a Junction page is open in the background,
 * client/lobby/turnAlerts.ts) and by Web Push (while no Junction page is open,
 * client/lobby/pushAlerts.ts), and invitations from players you follow (both ways,
 * client/lobby/inviteAlerts.ts). The push switch is shown only where the browser and the server
 * both offer it.
 */
import { t } from '../i18n/index.js';
import { el } from '../ui/dom.js';
import { inPageAlertsOn, inPageAlertsSupported, setInPageAlerts } from './turnAlerts.js';
import { pushKey, pushSupported, pushWanted, renewPush, syncPush, turnPushOff, turnPushOn } from './pushAlerts.js';
import { inviteAlertsOn, inviteAlertsSupported, pushKinds, setInviteAlerts } from './inviteAlerts.js';

function toggle(id: string, label: string, on: boolean, change: (on: boolean) => Promise<boolean>, note: HTMLElement, settled: () => void): HTMLLabelElement {
  const box = el('input', { type: 'checkbox', id, checked: on });
  box.dataset.testid = id;
  box.addEventListener('change', () => void (async () => {
    box.disabled = true;
    const wanted = box.checked;
    const now = await change(wanted);
    box.checked = now;
    box.disabled = false;
    note.textContent = wanted && !now ? t('lobby:alerts.refused') : '';
    settled();
  })());
  return el('label', { className: 'jn-option jn-check', htmlFor: id }, box, el('span', { textContent: label }));
}

export function notificationSettings(): HTMLElement {
  const group = el('div', { className: 'jn-row jn-notifications', role: 'group' });
  group.setAttribute('aria-label', t('lobby:alerts.settings_title'));
  const note = el('p', { className: 'jn-muted', role: 'status' });
  // Invitations not chosen yet follow the other switches: show what they are now, and push what is wanted now.
  const settled = (): void => {
    const invitations = group.querySelector<HTMLInputElement>('#alerts-invitations');
    if (invitations && !invitations.disabled) invitations.checked = inviteAlertsOn();
    void renewPush(pushKinds());
  };
  if (inPageAlertsSupported()) {
    group.append(toggle('alerts-in-page', t('lobby:alerts.in_page'), inPageAlertsOn(), (on) => setInPageAlerts(on), note, settled));
  }
  if (inviteAlertsSupported()) {
    group.append(toggle('alerts-invitations', t('lobby:alerts.invitations'), inviteAlertsOn(), async (wanted) => {
      const on = await setInviteAlerts(wanted);
      // Closed pages too, where this browser can be pushed to (a subscription is made when there is none).
      if (pushSupported()) await syncPush(pushKinds(), on);
      return on;
    }, note, settled));
  }
  if (pushSupported()) {
    void pushKey().then((key) => {
      if (!key) return;
      const on = pushWanted() && Notification.permission === 'granted';
      group.insertBefore(toggle('alerts-push', t('lobby:alerts.push'), on, async (wanted) => {
        if (wanted) return turnPushOn(pushKinds);
        await turnPushOff(pushKinds);
        return false;
      }, note, settled), group.querySelector('#alerts-invitations')?.closest('label') ?? note);
      void renewPush(pushKinds());
    });
  }
  group.append(note);
  return group;
}
