/**
 * A full-page DOM screen (lobby, tournaments, players), above the drawn scenes' canvas if it was
 * made: it scrolls inside the page on small screens, and is removed when its screen shuts down.
 */
import type { DomScreen } from '../app/screens.js';
import { el } from '../ui/dom.js';

export function openScreen(scene: DomScreen, id: string): HTMLDivElement {
  document.getElementById(`${id}-screen`)?.remove();
  const inner = el('div', { className: 'jn-screen-inner' });
  const screen = el('div', { className: 'jn-screen', id: `${id}-screen` }, inner);
  inner.id = id;
  document.body.append(screen);
  scene.events.once('shutdown', () => screen.remove());
  return inner;
}
