/**
 * Before the game: how many seats are taken, the invite link of a private table, and the host's
 * controls (add or remove a bot, start). Others read that the host starts. A tournament table
 * has no host: it says that it starts by itself.
 */
import { button, el } from '../ui/dom.js';
import { t } from '../i18n/index.js';
import { inviteRow } from './invite.js';

export interface WaitingInfo { taken: number; seats: number; code: string; isHost: boolean; botSeats: number[]; checkIn: boolean }
export interface WaitingActions {
  send(type: string, message?: unknown): void; leave(): void; told(text: string): void;
  /** A private table's "invite a friend who is online" box (client/lobby/friends.ts); `full`: no seat left to invite to. */
  inviteFriends?(full: boolean): HTMLElement;
}

export function waitingPanel(info: WaitingInfo, act: WaitingActions): HTMLDivElement {
  // A tournament table starts by itself: who is missing and the time left are on the frame's clock.
  if (info.checkIn) {
    return el('div', { className: 'jn-waiting', id: 'waiting-room' },
      el('div', { id: 'check-in-note', textContent: t('common:waiting.check_in') }),
      el('div', { className: 'jn-bar' }, button(t('common:waiting.leave'), act.leave, { secondary: true, testId: 'waiting-leave' })));
  }
  const panel = el('div', { className: 'jn-waiting', id: 'waiting-room' },
    el('div', { textContent: t('common:waiting.seats_taken', { count: info.taken, seats: info.seats }) }));
  if (info.code) {
    panel.append(el('div', { id: 'table-code', textContent: t('common:waiting.code', { code: info.code }) }));
    panel.append(el('label', { htmlFor: 'invite-link', textContent: t('common:waiting.invite') }), inviteRow(info.code, act.told));
  }
  const full = info.taken >= info.seats;
  if (info.code && act.inviteFriends) panel.append(act.inviteFriends(full));
  if (info.isHost) {
    const add = button(t('common:waiting.add_bot'), () => act.send('add_bot', { level: 'easy' }), { testId: 'add-bot' });
    const addHard = button(t('common:waiting.add_hard_bot'), () => act.send('add_bot', { level: 'hard' }), { testId: 'add-hard-bot' });
    add.disabled = full;
    addHard.disabled = full;
    const lastBot = info.botSeats[info.botSeats.length - 1];
    const remove = button(t('common:waiting.remove_bot'), () => act.send('remove_bot', { seat: lastBot }), { testId: 'remove-bot' });
    remove.disabled = lastBot === undefined;
    const start = button(t('common:waiting.start'), () => act.send('start'), { testId: 'start' });
    start.classList.add('primary');
    panel.append(el('div', { className: 'jn-bar' }, add, addHard, remove), el('div', { className: 'jn-bar' }, start));
  } else {
    panel.append(el('div', { textContent: t('common:waiting.host_starts') }));
  }
  panel.append(el('div', { className: 'jn-bar' }, button(t('common:waiting.leave'), act.leave, { secondary: true, testId: 'waiting-leave' })));
  return panel;
}
