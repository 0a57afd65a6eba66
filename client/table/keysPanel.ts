/**
 * The renderer's keyboard help in a panel the Keys button opens and closes. It stays inside the
 * screen (fixed, width and height capped, scrolls inside). Renderers give one string with
 * shortcuts separated by "·"; each becomes a line.
 */
import { el } from '../ui/dom.js';
import { t } from '../i18n/index.js';

export class KeysPanel {
  readonly root = el('section', { className: 'jn-keys', hidden: true });
  private text = '';

  constructor(private readonly toggle: HTMLButtonElement) {
    this.root.id = 'keys-help';
    this.root.dataset.testid = 'keys-help';
    toggle.setAttribute('aria-controls', this.root.id);
    toggle.setAttribute('aria-expanded', 'false');
    toggle.addEventListener('click', () => this.setOpen(this.root.hidden));
  }

  setOpen(open: boolean): void {
    this.root.hidden = !open;
    this.toggle.setAttribute('aria-expanded', String(open));
  }

  update(keysHelp: string | undefined): void {
    const text = keysHelp ?? '';
    this.toggle.hidden = text === '';
    if (text === this.text && this.root.childElementCount > 0) return;
    this.text = text;
    const items = text.split(/\s*·\s*/).filter(Boolean).map((k) => el('li', { textContent: k }));
    this.root.replaceChildren(el('h2', { textContent: t('common:tools.keys_title') }), el('ul', {}, ...items));
    if (!text) this.setOpen(false);
  }
}
