/**
 * Live or Turn-based (issue 25) for a private table of a game that offers it: two radio buttons
 * and the move clock (1 h, 12 h, 24 h, 3 days), real form controls for keyboard and screen readers.
 */
import { MOVE_CLOCK_NAMES, offersTurnBased, type MoveClock } from '../../shared/protocol/pace.js';
import { t } from '../i18n/index.js';
import { el } from '../ui/dom.js';

export interface PaceChoice { pace: 'live' | 'turn'; moveClock: MoveClock }

export function paceField(gameId: string, choice: PaceChoice): HTMLElement | null {
  if (!offersTurnBased(gameId)) return null;
  const clock = el('select', { id: 'move-clock', disabled: choice.pace !== 'turn' });
  for (const name of MOVE_CLOCK_NAMES) clock.append(el('option', { value: name, textContent: t(`lobby:pace.clock_${name}`), selected: name === choice.moveClock }));
  clock.addEventListener('change', () => { choice.moveClock = clock.value as MoveClock; });
  const radio = (pace: PaceChoice['pace']) => {
    const input = el('input', { type: 'radio', name: 'pace', value: pace, checked: choice.pace === pace, id: `pace-${pace}` });
    input.addEventListener('change', () => {
      choice.pace = pace;
      clock.disabled = pace !== 'turn';
    });
    return el('label', { className: 'jn-option jn-check', htmlFor: `pace-${pace}` }, input, el('span', { textContent: t(`lobby:pace.${pace}`) }));
  };
  return el('fieldset', { className: 'jn-pace' },
    el('legend', { textContent: t('lobby:pace.legend') }),
    radio('live'), radio('turn'),
    el('label', { htmlFor: 'move-clock', textContent: `${t('lobby:pace.clock')} ` }), clock,
    el('p', { className: 'jn-muted', textContent: t('lobby:pace.about') }));
}

/** What a private table is created with: nothing for a live table (the server's default). */
export function paceOptions(choice: PaceChoice): Record<string, unknown> {
  return choice.pace === 'turn' ? { pace: 'turn', moveClock: choice.moveClock } : {};
}
