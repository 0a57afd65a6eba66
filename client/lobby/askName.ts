/** Asked once, when an invite link is opened and this browser has no name yet. */
import { t } from '../i18n/index.js';
import { button, el } from '../ui/dom.js';

export function askName(code: string, initial: string, sit: (name: string) => void): HTMLElement {
  const name = el('input', { id: 'name', maxLength: 24, value: initial, autocomplete: 'nickname' as AutoFill });
  name.setAttribute('aria-label', t('lobby:name_label'));
  const error = el('div', { className: 'jn-error', role: 'alert' });
  const go = () => {
    if (!name.value.trim()) {
      error.textContent = t('lobby:invite.need_name');
      name.focus();
      return;
    }
    sit(name.value.trim());
  };
  name.addEventListener('keydown', (e) => { if (e.key === 'Enter') go(); });
  const form = el('section', { className: 'jn-ask-name', id: 'ask-name' },
    el('h1', { textContent: t('lobby:title') }),
    el('h2', { textContent: t('lobby:invite.heading') }),
    el('p', { textContent: t('lobby:invite.text', { code }) }),
    el('label', { className: 'jn-option', htmlFor: 'name' }, el('span', { textContent: t('lobby:name_label') }), name),
    error,
    el('div', { className: 'jn-row' }, button(t('lobby:invite.sit'), go, { testId: 'sit' })));
  window.setTimeout(() => name.focus(), 0);
  return form;
}
