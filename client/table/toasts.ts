/**
 * Short messages over the table (refusals in red, notices in blue), stacked under the top bar,
 * each gone after a few seconds. `latest` keeps the old `scene.toast` shape tests read.
 */
import { el } from '../ui/dom.js';

export type ToastKind = 'refusal' | 'notice';

export class Toasts {
  readonly root = el('div', { className: 'jn-toasts' });
  private last: { text: string; until: number } | null = null;

  constructor() {
    this.root.dataset.transient = '';
    this.root.setAttribute('aria-live', 'assertive');
  }

  show(text: string, kind: ToastKind = 'refusal', ms = 3500): void {
    const toast = el('div', { className: `jn-toast ${kind}`, textContent: `${kind === 'refusal' ? '⚠ ' : 'ℹ '}${text}` });
    toast.setAttribute('role', kind === 'refusal' ? 'alert' : 'status');
    this.root.append(toast);
    while (this.root.children.length > 3) this.root.firstElementChild?.remove();
    this.last = { text, until: Date.now() + ms };
    window.setTimeout(() => toast.remove(), ms);
  }

  /** The newest toast still on screen (browser tests read `scene.toast.visible` / `.text`). */
  get latest(): { visible: boolean; text: string } {
    const visible = this.last !== null && Date.now() < this.last.until;
    return { visible, text: visible ? this.last!.text : '' };
  }
}
