/**
 * The lobby's notification settings (issue 25): each kind can be turned on or off on its own —
 * in-page notices (while a Junction page is open in the background, client/lobby/turnAlerts.ts)
 * and Web Push (while no Junction page is open, client/lobby/pushAlerts.ts). The push switch is
 * shown only where the browser and the server both offer it.
 */
import { t } from '../i18n/index.js';
import { el } from '../ui/dom.js';
import { inPageAlertsOn, inPageAlertsSupported, setInPageAlerts } from './turnAlerts.js';
import { pushKey, pushSupported, pushWanted, renewPush, turnPushOff, turnPushOn } from './pushAlerts.js';

function toggle(id: string, label: string, on: boolean, change: (on: boolean) => Promise<boolean>, note: HTMLElement): HTMLLabelElement {
  const box = el('input', { type: 'checkbox', id, checked: on });
  box.dataset.testid = id;
  box.addEventListener('change', () => void (async () => {
    box.disabled = true;
    const wanted = box.checked;
    const now = await change(wanted);
    box.checked = now;
    box.disabled = false;
    note.textContent = wanted && !now ? t('lobby:alerts.refused') : '';
  })());
  return el('label', { className: 'jn-option jn-check', htmlFor: id }, box, el('span', { textContent: label }));
}

export function notificationSettings(): HTMLElement {
  const group = el('div', { className: 'jn-row jn-notifications', role: 'group' });
  group.setAttribute('aria-label', t('lobby:alerts.settings_title'));
  const note = el('p', { className: 'jn-muted', role: 'status' });
  if (inPageAlertsSupported()) {
    group.append(toggle('alerts-in-page', t('lobby:alerts.in_page'), inPageAlertsOn(), (on) => setInPageAlerts(on), note));
  }
  if (pushSupported()) {
    void pushKey().then((key) => {
      if (!key) return;
      const on = pushWanted() && Notification.permission === 'granted';
      group.append(toggle('alerts-push', t('lobby:alerts.push'), on, async (wanted) => {
        if (wanted) return turnPushOn();
        await turnPushOff();
        return false;
      }, note));
      if (on) void renewPush();
    });
  }
  group.append(note);
  return group;
}
