/**
 * Draws a railway car card. Colour-blind safe: the colour is also written (R/B/G) and given a
 * pattern (stripes, dots, plain), the type is named, and wheels are drawn and counted.
 */
import type Phaser from 'phaser';
import type { Car } from '../../../shared/games/railway/cards.js';

const FILL: Record<Car['colour'], number> = { red: 0xd64545, blue: 0x3d7dd8, green: 0x3fa35b };
const LETTER: Record<Car['colour'], string> = { red: 'R', blue: 'B', green: 'G' };

export interface CardSize { w: number; h: number }

export function drawCar(scene: Phaser.Scene, x: number, y: number, size: CardSize, car: Car, opts: { locomotive?: boolean } = {}): Phaser.GameObjects.Container {
  const c = scene.add.container(x, y);
  const { w, h } = size;
  const bg = scene.add.rectangle(0, 0, w, h, 0xf4f1e8).setStrokeStyle(opts.locomotive ? 4 : 2, opts.locomotive ? 0xf2c14e : 0x222222).setOrigin(0);
  const body = scene.add.rectangle(w * 0.1, h * 0.28, w * 0.8, h * 0.36, FILL[car.colour]).setOrigin(0);
  c.add([bg, body]);
  const pattern = scene.add.graphics();
  pattern.lineStyle(2, 0xffffff, 0.7);
  if (car.colour === 'red') for (let i = 1; i < 5; i++) pattern.lineBetween(w * 0.1 + (w * 0.8 * i) / 5, h * 0.28, w * 0.1 + (w * 0.8 * i) / 5, h * 0.64);
  if (car.colour === 'blue') for (let i = 1; i < 4; i++) pattern.fillStyle(0xffffff, 0.8).fillCircle(w * 0.1 + (w * 0.8 * i) / 4, h * 0.46, Math.max(2, w * 0.04));
  c.add(pattern);
  for (let i = 0; i < car.wheels; i++) {
    const cx = w * 0.18 + (w * 0.64 * i) / Math.max(1, car.wheels - 1);
    c.add(scene.add.circle(cx, h * 0.7, Math.max(3, w * 0.07), 0x222222));
  }
  const font = Math.max(9, Math.round(w * 0.16));
  c.add(scene.add.text(w / 2, h * 0.05, car.type.toUpperCase(), { fontSize: `${font}px`, color: '#111', fontStyle: 'bold' }).setOrigin(0.5, 0));
  c.add(scene.add.text(w * 0.08, h * 0.8, `${LETTER[car.colour]} · ${car.wheels}⚙`, { fontSize: `${font}px`, color: '#111' }));
  if (opts.locomotive) c.add(scene.add.text(w - 4, h * 0.8, 'LOCO', { fontSize: `${Math.max(8, font - 3)}px`, color: '#7a5a00' }).setOrigin(1, 0));
  c.setSize(w, h);
  return c;
}

export function drawFaceDown(scene: Phaser.Scene, x: number, y: number, size: CardSize): Phaser.GameObjects.Container {
  const c = scene.add.container(x, y);
  c.add(scene.add.rectangle(0, 0, size.w, size.h, 0x39435c).setStrokeStyle(2, 0x7d8aa8).setOrigin(0));
  c.add(scene.add.text(size.w / 2, size.h / 2, '?', { fontSize: `${Math.round(size.w * 0.45)}px`, color: '#c9d3ea', fontStyle: 'bold' }).setOrigin(0.5));
  c.setSize(size.w, size.h);
  return c;
}
