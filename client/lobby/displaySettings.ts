/** The lobby's display choices: theme (light, dark, as the device) and movement (reduced or not), each remembered. */
import { t } from '../i18n/index.js';
import { el } from '../ui/dom.js';
import { MOTION_CHOICES, motionChoice, setMotion, type MotionChoice } from '../ui/motion.js';
import { THEME_CHOICES, themeChoice, setTheme, type ThemeChoice } from '../ui/theme.js';

function choiceSelect<C extends string>(id: string, label: string, choices: readonly C[], current: C, text: (c: C) => string, change: (c: C) => void): HTMLLabelElement {
  const select = el('select', { id });
  for (const choice of choices) select.append(el('option', { value: choice, textContent: text(choice), selected: choice === current }));
  select.addEventListener('change', () => change(select.value as C));
  return el('label', { className: 'jn-option', htmlFor: id }, el('span', { textContent: label }), select);
}

export function displaySettings(): HTMLElement {
  const group = el('div', { className: 'jn-row jn-display', role: 'group' });
  group.setAttribute('aria-label', t('lobby:display.title'));
  group.append(
    choiceSelect<ThemeChoice>('theme-choice', t('lobby:display.theme'), THEME_CHOICES, themeChoice(), (c) => t(`lobby:display.theme_${c}`), setTheme),
    choiceSelect<MotionChoice>('motion-choice', t('lobby:display.motion'), MOTION_CHOICES, motionChoice(), (c) => t(`lobby:display.motion_${c}`), setMotion),
  );
  return group;
}
