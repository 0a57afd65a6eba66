/**
 * Trafficcars card faces drawn by code, centred on (x, y) so a scaleX tween flips them in place.
 * The kind is written in the reader's language (common:trafficcars.kind.*) and has its own pattern;
 * a numberless wild (Police, Ambulance) shows a drawn star, so colour is never the only cue and no
 * English is printed. The first child is the background: make it interactive for clicks.
 */
import type Phaser from 'phaser';
import type { TrafficcarsCard, TrafficcarsKind } from '../../../shared/games/trafficcars_deck/cards.js';
import { t } from '../../i18n/index.js';

export interface CardSize { w: number; h: number }

export const BAND: Record<TrafficcarsKind, number> = { car: 0x3d7dd8, trailer: 0x9a6a2f, police: 0x22305e, ambulance: 0xd64545 };

/** The kind's name as printed on the card, in the reader's language. */
export function kindLabel(kind: TrafficcarsKind): string {
  return t(`common:trafficcars.kind.${kind}`);
}

export function drawCard(scene: Phaser.Scene, x: number, y: number, size: CardSize, card: TrafficcarsCard, border = 0x222222): Phaser.GameObjects.Container {
  const { w, h } = size;
  const c = scene.add.container(x, y);
  const left = -w / 2;
  const top = -h / 2;
  c.add(scene.add.rectangle(0, 0, w, h, 0xf4f1e8).setStrokeStyle(border === 0x222222 ? 2 : 4, border));
  c.add(scene.add.rectangle(0, top + h * 0.8, w - 6, h * 0.16, BAND[card.kind]));
  const g = scene.add.graphics();
  const bandTop = top + h * 0.72;
  g.lineStyle(2, 0xffffff, 0.8);
  if (card.kind === 'trailer') for (let i = 0; i < 5; i++) g.lineBetween(left + 3 + i * w / 6, bandTop + h * 0.16, left + 3 + (i + 1) * w / 6, bandTop);
  if (card.kind === 'police') for (let i = 0; i < 8; i += 2) g.fillStyle(0xffffff, 0.9).fillRect(left + 3 + (i * (w - 6)) / 8, bandTop, (w - 6) / 8, h * 0.08);
  if (card.kind === 'ambulance') g.fillStyle(0xffffff, 1).fillRect(-2, bandTop + 1, 4, h * 0.14).fillRect(-h * 0.07, bandTop + h * 0.06, h * 0.14, 4);
  c.add(g);
  // a little car: body + two wheels
  c.add(scene.add.rectangle(0, top + h * 0.6, w * 0.5, h * 0.09, BAND[card.kind]));
  c.add(scene.add.circle(-w * 0.15, top + h * 0.66, Math.max(2, w * 0.06), 0x222222));
  c.add(scene.add.circle(w * 0.15, top + h * 0.66, Math.max(2, w * 0.06), 0x222222));
  // The kind on top (shrunk to the card's width), the number or the wild's star below it, never over it.
  const label = scene.add.text(0, top + 3, kindLabel(card.kind), { fontSize: `${Math.max(8, Math.round(w * 0.13))}px`, color: '#333' }).setOrigin(0.5, 0);
  if (label.width > w - 4) label.setScale((w - 4) / label.width, 1);
  c.add(label);
  const below = top + 4 + label.height;
  if (card.value === null) {
    const r = Math.min(w * 0.22, h * 0.13);
    c.add(scene.add.star(0, below + r, 5, r * 0.45, r, 0xf2c14e).setStrokeStyle(2, 0x111111));
  } else {
    c.add(scene.add.text(0, below, String(card.value), { fontSize: `${Math.round(Math.min(w * 0.5, h * 0.3))}px`, color: '#111', fontStyle: 'bold' }).setOrigin(0.5, 0));
  }
  c.setSize(w, h);
  return c;
}

export function drawBack(scene: Phaser.Scene, x: number, y: number, size: CardSize, label = ''): Phaser.GameObjects.Container {
  const c = scene.add.container(x, y);
  c.add(scene.add.rectangle(0, 0, size.w, size.h, 0x39435c).setStrokeStyle(2, 0x7d8aa8));
  const text = scene.add.text(0, 0, label || '?', { fontSize: `${Math.round(size.w * 0.28)}px`, color: '#9fb0d0' }).setOrigin(0.5);
  if (text.width > size.w - 4) text.setScale((size.w - 4) / text.width, 1); // a long label stays on the card
  c.add(text);
  c.setSize(size.w, size.h);
  return c;
}

/** Click through the background rectangle (a container's own hit area is offset). */
export function clickable(card: Phaser.GameObjects.Container, onClick: () => void): void {
  (card.list[0] as Phaser.GameObjects.Rectangle).setInteractive({ useHandCursor: true }).on('pointerdown', onClick);
}

/** A text button. */
export function textButton(scene: Phaser.Scene, x: number, y: number, label: string, onClick: () => void, opts: { enabled?: boolean; big?: boolean; colour?: string } = {}): Phaser.GameObjects.Text {
  const enabled = opts.enabled ?? true;
  const b = scene.add.text(x, y, label, {
    fontSize: opts.big ? '24px' : '16px', fontStyle: opts.big ? 'bold' : 'normal',
    color: '#1d2330', backgroundColor: enabled ? (opts.colour ?? '#f2c14e') : '#6b7280', padding: { x: opts.big ? 18 : 10, y: opts.big ? 12 : 8 },
  });
  if (enabled) b.setInteractive({ useHandCursor: true }).on('pointerdown', onClick);
  return b;
}

/** A countdown text that ticks itself until it is destroyed; returns the timer to remove on redraw. */
export function countdown(scene: Phaser.Scene, text: Phaser.GameObjects.Text, now: () => number, until: number, label: (s: string) => string): Phaser.Time.TimerEvent {
  const tick = (): void => {
    if (!text.active) return;
    const ms = Math.max(0, until - now());
    text.setText(label((ms / 1000).toFixed(1)));
  };
  tick();
  return scene.time.addEvent({ delay: 100, loop: true, callback: tick });
}
