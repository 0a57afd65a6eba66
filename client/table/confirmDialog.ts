/** A modal question with two answers; Escape or the second answer closes it unchanged. */
import { button, el } from '../ui/dom.js';

export interface ConfirmText { title: string; body: string; confirm: string; cancel: string }

export function confirmDialog(parent: HTMLElement, text: ConfirmText, testId: string): Promise<boolean> {
  return new Promise((resolve) => {
    const close = (answer: boolean) => {
      backdrop.remove();
      document.removeEventListener('keydown', onKey, true);
      resolve(answer);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        close(false);
      }
    };
    const yes = button(text.confirm, () => close(true), { testId: `${testId}-confirm` });
    const no = button(text.cancel, () => close(false), { secondary: true, testId: `${testId}-cancel` });
    const box = el('div', { className: 'jn-dialog' }, el('h2', { id: `${testId}-title`, textContent: text.title }), el('p', { id: `${testId}-body`, textContent: text.body }), el('div', { className: 'jn-bar' }, no, yes));
    box.setAttribute('role', 'alertdialog');
    box.setAttribute('aria-labelledby', `${testId}-title`);
    box.setAttribute('aria-describedby', `${testId}-body`);
    box.setAttribute('aria-modal', 'true');
    box.dataset.testid = `${testId}-dialog`;
    const backdrop = el('div', { className: 'jn-backdrop' }, box);
    backdrop.addEventListener('click', (e) => { if (e.target === backdrop) close(false); });
    document.addEventListener('keydown', onKey, true);
    parent.append(backdrop);
    no.focus();
  });
}
