/** The EN / FR switch (buttons `lang-en`, `lang-fr`): setLanguage remembers the choice; screens redraw on the change. */
import { LANGUAGES, language, setLanguage, t } from '../i18n/index.js';
import { el } from '../ui/dom.js';

export function languageSwitch(): HTMLElement {
  const group = el('div', { className: 'jn-lang', role: 'group' });
  group.setAttribute('aria-label', t('lobby:language'));
  for (const lng of LANGUAGES) {
    const b = el('button', { type: 'button', className: lng === language() ? 'jn-on' : 'secondary', textContent: lng.toUpperCase(), lang: lng });
    b.dataset.testid = `lang-${lng}`;
    b.setAttribute('aria-pressed', String(lng === language()));
    // The visible code first, so the spoken name contains what is shown (voice control users say "EN").
    b.setAttribute('aria-label', `${lng.toUpperCase()} — ${t(`lobby:language_${lng}`)}`);
    b.addEventListener('click', () => { if (lng !== language()) void setLanguage(lng); });
    group.append(b);
  }
  return group;
}
