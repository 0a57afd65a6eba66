/**
 * The chosen game: its picture and facts, variants, every room option, then Quick play and
 * Create private table, and How to play.
 */
import { findMeta as findGame } from '../../shared/games/catalogue.js';
import { t } from '../i18n/index.js';
import { button, el } from '../ui/dom.js';
import { factsLine, picture } from './gallery.js';
import { gameTitle, variantName } from './names.js';
import { optionsForm } from './optionControls.js';
import { paceField, paceOptions, type PaceChoice } from './paceField.js';

export interface Choice { gameId: string; variant: string; changed: Record<string, unknown>; pace?: PaceChoice }

export interface PanelActions {
  back(): void;
  howto(gameId: string, variant: string): void;
  quickPlay(gameId: string, options: Record<string, unknown>): void;
  createPrivate(gameId: string, options: Record<string, unknown>): void;
  redraw(): void;
  error(message: string): void;
}

export function gamePanel(choice: Choice, actions: PanelActions): HTMLElement {
  const game = findGame(choice.gameId)!;
  const form = optionsForm(game, choice.variant, choice.changed);
  const variants = el('div', { className: 'jn-variants', role: 'radiogroup' });
  variants.setAttribute('aria-label', t('lobby:panel.variant'));
  for (const v of game.variants) {
    const on = v === choice.variant;
    const b = el('button', { type: 'button', className: on ? 'jn-on' : 'secondary' },
      el('strong', { textContent: variantName(game.id, v) }),
      el('span', { textContent: t(`lobby:variant_about.${game.id}.${v}`) }));
    b.dataset.testid = `variant-${v}`;
    b.setAttribute('role', 'radio');
    b.setAttribute('aria-checked', String(on));
    b.addEventListener('click', () => {
      if (v === choice.variant) return;
      choice.variant = v;
      // The variant sets presets and seat limits: start its options afresh.
      for (const k of Object.keys(choice.changed)) delete choice.changed[k];
      actions.redraw();
    });
    variants.append(b);
  }
  choice.pace ??= { pace: 'live', moveClock: '24h' };
  const pace = paceField(game.id, choice.pace);
  const go = (run: (gameId: string, options: Record<string, unknown>) => void, withPace = false) => () => {
    const r = form.collect();
    if ('error' in r) actions.error(r.error);
    // Turn-based quick play is its own queue (players arrive over hours); a private table takes its pace too.
    else run(game.id, withPace && choice.pace ? { ...r.options, ...paceOptions(choice.pace) } : r.options);
  };
  const howto = button(t('lobby:howto'), () => actions.howto(game.id, choice.variant), { secondary: true, testId: `howto-${game.id}` });
  return el('section', { className: 'jn-game-panel', id: 'game-panel' },
    el('div', { className: 'jn-row' }, button(t('lobby:panel.back'), actions.back, { secondary: true, testId: 'all-games' })),
    el('div', { className: 'jn-game-head' }, picture(game.id),
      el('div', {}, el('h2', { textContent: gameTitle(game.id) }),
        el('div', { className: 'jn-facts', textContent: factsLine(game.id) }),
        el('p', { className: 'jn-pitch', textContent: t(`lobby:game.${game.id}.pitch`) }), howto)),
    el('h3', { textContent: t('lobby:panel.variant') }), variants,
    el('h3', { textContent: t('lobby:panel.options') }), form.element,
    ...(pace ? [pace] : []),
    el('div', { className: 'jn-row jn-actions' },
      button(t('lobby:panel.quick'), go(actions.quickPlay, true), { testId: 'quick-play' }),
      button(t('lobby:panel.private'), go(actions.createPrivate, true), { secondary: true, testId: 'create-private' })),
  );
}
