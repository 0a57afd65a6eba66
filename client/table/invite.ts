/** A private table's invite link and its copy button (clipboard API, or select + execCommand where it is missing). */
import { button, el } from '../ui/dom.js';
import { t } from '../i18n/index.js';

export function inviteLink(code: string, origin = window.location.origin): string {
  return `${origin}/join/${encodeURIComponent(code)}`;
}

export function inviteRow(code: string, told: (text: string) => void): HTMLDivElement {
  const input = el('input', { value: inviteLink(code), readOnly: true, id: 'invite-link' });
  input.dataset.testid = 'invite-link';
  input.setAttribute('aria-label', t('common:waiting.invite'));
  input.addEventListener('focus', () => input.select());
  const copy = button(t('common:waiting.copy'), () => void copyText(input).then((ok) => told(t(ok ? 'common:waiting.copied' : 'common:waiting.copy_failed'))), { testId: 'copy-invite' });
  copy.classList.add('primary');
  return el('div', { className: 'jn-invite' }, input, copy);
}

async function copyText(input: HTMLInputElement): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(input.value);
    return true;
  } catch {
    input.focus();
    input.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
}
