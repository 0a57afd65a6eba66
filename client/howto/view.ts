/**
 * The how-to-play page as DOM: a bar with one action (Back or Close) and the title, then one
 * scrolling column: pitch, players, the variant switcher, and each rule section with its
 * picture. Used by the how-to screen and by the table's overlay; it follows language changes.
 */
import { onLanguageChanged, t } from '../i18n/index.js';
import { el } from '../ui/dom.js';
import { howTo, type HowToGame, type Section } from './content.js';
import { PICTURES } from './pictures/index.js';
import { pictureUrl } from './snapshot.js';
import './howto.css';

export interface HowToViewOptions {
  game: HowToGame;
  variant?: string;
  /** The bar's one button: Back (scene) or Close (overlay); its label is an i18n key. */
  action: { labelKey: string; testId: string; onClick(): void };
  onVariant?(variant: string): void;
}

export interface HowToView { root: HTMLDivElement; focus(): void; destroy(): void }

export function createHowToView(opts: HowToViewOptions): HowToView {
  let variant = opts.variant;
  const actionButton = el('button', { type: 'button' });
  actionButton.dataset.testid = opts.action.testId;
  actionButton.addEventListener('click', () => opts.action.onClick());
  const title = el('h1', { id: `howto-title-${opts.game}` });
  title.dataset.testid = 'howto-title';
  const inner = el('div', { className: 'jn-howto-inner' });
  const body = el('div', { className: 'jn-howto-body', tabIndex: 0 }, inner);
  body.setAttribute('role', 'region');
  body.setAttribute('aria-labelledby', title.id);
  const root = el('div', { className: 'jn-howto' }, el('div', { className: 'jn-howto-bar' }, actionButton, title), body);
  root.dataset.testid = 'howto';
  root.dataset.game = opts.game;

  const render = (): void => {
    const page = howTo(opts.game, variant);
    variant = page.variant;
    root.dataset.variant = page.variant;
    actionButton.textContent = t(opts.action.labelKey);
    title.textContent = t('howto:heading', { game: page.title });
    const parts: HTMLElement[] = [el('p', { className: 'jn-howto-pitch', textContent: page.pitch })];
    if (page.players) parts.push(el('p', { className: 'jn-howto-meta', textContent: page.players }));
    if (page.variants.length > 1) parts.push(switcher(page.variants, page.variant));
    for (const section of page.sections) parts.push(sectionEl(section));
    inner.replaceChildren(...parts);
  };

  const switcher = (variants: { id: string; name: string }[], current: string): HTMLElement => {
    const group = el('fieldset', { className: 'jn-howto-variants' }, el('legend', { textContent: t('howto:variants') }));
    for (const v of variants) {
      const b = el('button', { type: 'button', textContent: v.name });
      b.dataset.testid = `howto-variant-${v.id}`;
      b.setAttribute('aria-pressed', String(v.id === current));
      b.addEventListener('click', () => {
        if (v.id === variant) return;
        variant = v.id;
        render();
        opts.onVariant?.(v.id);
        body.querySelector<HTMLButtonElement>(`[data-testid="howto-variant-${v.id}"]`)?.focus({ preventScroll: true });
      });
      group.append(b);
    }
    return group;
  };

  const sectionEl = (section: Section): HTMLElement => {
    const text = el('div', { className: 'jn-howto-text' },
      section.lines.length === 1 ? el('p', { textContent: section.lines[0] }) : el('ul', {}, ...section.lines.map((line) => el('li', { textContent: line }))));
    const row = el('div', { className: 'jn-howto-row' }, text);
    const picture = PICTURES[opts.game](variant ?? '')[section.id];
    if (picture) {
      const figure = el('figure');
      const img = el('img', { alt: '', width: picture.w, height: picture.h });
      figure.append(img);
      row.prepend(figure);
      pictureUrl(`${opts.game}:${variant}:${section.id}`, picture)
        .then((src) => { img.src = src; })
        .catch(() => figure.remove());
    }
    const s = el('section', {}, el('h2', { textContent: section.heading }), row);
    s.dataset.testid = `howto-section-${section.id}`;
    return s;
  };

  render();
  const offLanguage = onLanguageChanged(render);
  return {
    root,
    focus: () => actionButton.focus({ preventScroll: true }),
    destroy: () => offLanguage(),
  };
}
