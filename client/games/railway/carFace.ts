/**
 * Draws a railway car card centred on (0,0) of a container, so it flips in place. Colour-blind
 * safe: the colour is also written (letter) and given a pattern (stripes, dots, plain), the type is
 * named, and the wheels are drawn and counted.
 */
import type Phaser from 'phaser';
import type { Car } from '../../../shared/games/railway/cards.js';
import { t } from '../../i18n/index.js';

export const FILL: Record<Car['colour'], number> = { red: 0xd64545, blue: 0x3d7dd8, green: 0x3fa35b };

export interface CardSize { w: number; h: number }

export function drawCar(c: Phaser.GameObjects.Container, size: CardSize, car: Car, opts: { locomotive?: boolean; dim?: boolean } = {}): void {
  const scene = c.scene;
  const { w, h } = size;
  const x0 = -w / 2, y0 = -h / 2;
  c.add(scene.add.rectangle(0, 0, w, h, opts.dim ? 0xb9b6ae : 0xf4f1e8).setStrokeStyle(opts.locomotive ? 4 : 2, opts.locomotive ? 0xf2c14e : 0x222222));
  c.add(scene.add.rectangle(0, y0 + h * 0.46, w * 0.8, h * 0.3, FILL[car.colour]));
  const pattern = scene.add.graphics();
  pattern.lineStyle(2, 0xffffff, 0.7);
  if (car.colour === 'red') for (let i = 1; i < 5; i++) pattern.lineBetween(x0 + w * 0.1 + (w * 0.8 * i) / 5, y0 + h * 0.31, x0 + w * 0.1 + (w * 0.8 * i) / 5, y0 + h * 0.61);
  if (car.colour === 'blue') for (let i = 1; i < 4; i++) pattern.fillStyle(0xffffff, 0.8).fillCircle(x0 + w * 0.1 + (w * 0.8 * i) / 4, y0 + h * 0.46, Math.max(2, w * 0.04));
  c.add(pattern);
  for (let i = 0; i < car.wheels; i++) {
    const cx = x0 + w * 0.18 + (w * 0.64 * i) / Math.max(1, car.wheels - 1);
    c.add(scene.add.circle(cx, y0 + h * 0.68, Math.max(2.5, w * 0.07), 0x222222));
  }
  const font = Math.max(8, Math.round(Math.min(w * 0.17, h * 0.17)));
  // A word wider than the card (a long type, "B·4 LOCO" on a small locomotive) is narrowed to fit it.
  const fit = (x: Phaser.GameObjects.Text) => (x.width > w - 4 ? x.setScale((w - 4) / x.width, 1) : x);
  c.add(fit(scene.add.text(0, y0 + 2, t(`table_railway_madness:type.${car.type}`), { fontFamily: 'system-ui, sans-serif', fontSize: `${font}px`, color: '#111', fontStyle: 'bold' }).setOrigin(0.5, 0)));
  const foot = `${t(`table_railway_madness:colourLetter.${car.colour}`)}·${car.wheels}`;
  c.add(fit(scene.add.text(0, y0 + h - 2, opts.locomotive ? `${foot} ${t('table_railway_madness:loco')}` : foot, { fontFamily: 'system-ui, sans-serif', fontSize: `${font}px`, color: opts.locomotive ? '#7a5a00' : '#111', fontStyle: 'bold' }).setOrigin(0.5, 1)));
}

export function drawFaceDown(c: Phaser.GameObjects.Container, size: CardSize): void {
  const scene = c.scene;
  c.add(scene.add.rectangle(0, 0, size.w, size.h, 0x39435c).setStrokeStyle(2, 0x7d8aa8));
  c.add(scene.add.rectangle(0, 0, size.w * 0.6, size.h * 0.14, 0x2b3346));
  c.add(scene.add.text(0, 0, '?', { fontSize: `${Math.round(Math.min(size.w, size.h) * 0.45)}px`, color: '#c9d3ea', fontStyle: 'bold' }).setOrigin(0.5));
}

/** A car drawn in its own container at (x, y): for pictures outside the table (lobby, how to play). */
export function carAt(scene: Phaser.Scene, x: number, y: number, size: CardSize, car: Car, opts: { locomotive?: boolean } = {}): Phaser.GameObjects.Container {
  const c = scene.add.container(x, y);
  drawCar(c, size, car, opts);
  return c;
}

export function faceDownAt(scene: Phaser.Scene, x: number, y: number, size: CardSize): Phaser.GameObjects.Container {
  const c = scene.add.container(x, y);
  drawFaceDown(c, size);
  return c;
}
