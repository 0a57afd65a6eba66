/** The top bar's buttons: a symbol and a word (the word hides on phones; the accessible name stays). */
import { el } from '../ui/dom.js';

export function toolButton(symbol: string, label: string, testId: string, onClick: () => void): HTMLButtonElement {
  const b = el('button', { type: 'button' }, el('span', { className: 'icon', textContent: symbol }), el('span', { className: 'label', textContent: label }));
  b.dataset.testid = testId;
  b.setAttribute('aria-label', label);
  b.title = label;
  b.addEventListener('click', onClick);
  return b;
}

export function relabel(b: HTMLButtonElement, symbol: string, label: string): void {
  (b.querySelector('.icon') as HTMLElement).textContent = symbol;
  (b.querySelector('.label') as HTMLElement).textContent = label;
  b.setAttribute('aria-label', label);
  b.title = label;
}
