/** Join a private table by its code: an empty or malformed code is answered here, with no request. */
import { normaliseCode } from '../../shared/protocol/codes.js';
import { t } from '../i18n/index.js';
import { button, el } from '../ui/dom.js';

export function joinBox(join: (code: string) => void, error: (message: string) => void): HTMLElement {
  const code = el('input', { id: 'code', placeholder: t('lobby:join.placeholder'), maxLength: 12, autocomplete: 'off', autocapitalize: 'characters' });
  code.dataset.testid = 'join-code';
  code.setAttribute('aria-label', t('lobby:join.label'));
  const submit = () => {
    const raw = code.value.trim();
    if (!raw) {
      error(t('lobby:join.ask'));
      code.focus();
      return;
    }
    const normal = normaliseCode(raw);
    if (!normal) {
      error(t('lobby:join.bad'));
      code.focus();
      return;
    }
    join(normal);
  };
  code.addEventListener('keydown', (e) => { if (e.key === 'Enter') submit(); });
  return el('section', { className: 'jn-join' },
    el('h2', { textContent: t('lobby:join.heading') }),
    el('div', { className: 'jn-row' }, code, button(t('lobby:join.button'), submit, { secondary: true, testId: 'join' })));
}
