/**
 * The first-game tip: a line in the status bar under the board, so it never covers what the player
 * has to act on. A tap or click anywhere, Esc, or its ✕ closes it; it also goes by itself.
 */
import { t } from '../i18n/index.js';
import { el } from '../ui/dom.js';

/** Long enough to read the tip at leisure: it covers nothing, so it need not hurry away. */
export const TIP_MS = 60_000;

export function tipLine(text: string, close: () => void): HTMLElement {
  const shut = el('button', { type: 'button', className: 'jn-tip-close secondary', textContent: '✕' });
  shut.setAttribute('aria-label', t('common:tools.close'));
  shut.dataset.testid = 'tip-close';
  shut.addEventListener('click', close);
  const line = el('div', { className: 'jn-tip' }, el('span', { textContent: `ℹ ${text}` }), shut);
  line.dataset.testid = 'first-tip';
  line.setAttribute('role', 'note');
  return line;
}
