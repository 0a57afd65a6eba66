/**
 * A full-page DOM screen over the Phaser canvas (lobby, tournaments, players): it scrolls inside
 * the page on small screens, and is removed when its scene shuts down.
 */
import type Phaser from 'phaser';
import { el } from '../ui/dom.js';

export function openScreen(scene: Phaser.Scene, id: string): HTMLDivElement {
  document.getElementById(`${id}-screen`)?.remove();
  const inner = el('div', { className: 'jn-screen-inner' });
  const screen = el('div', { className: 'jn-screen', id: `${id}-screen` }, inner);
  inner.id = id;
  document.body.append(screen);
  scene.events.once('shutdown', () => screen.remove());
  return inner;
}
