/**
 * Car Exchange card faces drawn by code. Colour is never the only cue: every coloured card shows
 * its colour letter and name and a pattern (red stripes, blue dots, green diagonals, yellow bars);
 * grey special cards are named in full.
 */
import type Phaser from 'phaser';
import type { Card, CardKind, Colour } from '../../../shared/games/car_exchange/cards.js';
import { t } from '../../i18n/index.js';

export const FILL: Record<Colour, number> = { red: 0xd64545, blue: 0x3d7dd8, green: 0x3fa35b, yellow: 0xe0b72e };
export const LETTER: Record<Colour, string> = { red: 'R', blue: 'B', green: 'G', yellow: 'Y' };
const GREY = 0x8a9099;
const CENTRE = (kind: CardKind): string => (kind === 'car' ? '' : t(`table_car_exchange:face.centre.${kind}`));
const NAME = (kind: CardKind): string => t(`table_car_exchange:face.name.${kind}`);
export const LETTER_OF = (c: Colour): string => t(`table_car_exchange:colour.letter.${c}`);

export interface CardSize { w: number; h: number }
export interface FaceOpts { lit?: boolean; dim?: boolean; cursor?: boolean; badge?: string }

const outline = { color: '#ffffff', stroke: '#000000', strokeThickness: 3 };

export function drawCard(scene: Phaser.Scene, x: number, y: number, size: CardSize, card: Card, opts: FaceOpts = {}): Phaser.GameObjects.Container {
  const { w, h } = size;
  const c = scene.add.container(x, y);
  const fill = card.colour ? FILL[card.colour] : GREY;
  const stroke = opts.cursor ? 0x7fd1ff : opts.lit ? 0xfff07a : 0x1a1a1a;
  c.add(scene.add.rectangle(0, 0, w, h, fill).setOrigin(0).setStrokeStyle(opts.lit || opts.cursor ? 4 : 2, stroke));
  c.add(pattern(scene, size, card.colour));
  c.add(scene.add.ellipse(w / 2, h / 2, w * 0.78, h * 0.5, 0xffffff, 0.92));
  const big = card.kind === 'car' ? String(card.value) : CENTRE(card.kind);
  const bigFont = Math.max(9, Math.round((big.length > 3 ? w * 0.2 : w * 0.42)));
  const bigText = scene.add.text(w / 2, h / 2, big, { fontSize: `${bigFont}px`, color: '#111', fontStyle: 'bold' }).setOrigin(0.5);
  // Short words of wide letters ("NEW") at the digits' size would spill past the card: kept inside the ellipse.
  if (bigText.width > w * 0.74) bigText.setScale((w * 0.74) / bigText.width);
  c.add(bigText);
  if (card.kind === 'paint') {
    (['red', 'blue', 'green', 'yellow'] as const).forEach((col, i) => {
      const sx = w * 0.2 + i * w * 0.16;
      c.add(scene.add.rectangle(sx, h * 0.62, w * 0.14, h * 0.08, FILL[col]).setOrigin(0).setStrokeStyle(1, 0x000000));
    });
  }
  const font = Math.max(8, Math.round(w * 0.15));
  const corner = card.colour ? `${LETTER_OF(card.colour)}${card.kind === 'car' ? card.value : ''}` : '★';
  c.add(scene.add.text(3, 2, corner, { ...outline, fontSize: `${font + 2}px`, fontStyle: 'bold' }));
  const name = card.colour ? t(`table_car_exchange:face.coloured.${card.kind === 'car' ? 'car' : 'special'}`, { colour: t(`table_car_exchange:colour.name.${card.colour}`), kind: NAME(card.kind).toLowerCase() }) : NAME(card.kind);
  const nameText = scene.add.text(w / 2, h - 3, name, { ...outline, fontSize: `${Math.max(7, font - 2)}px` }).setOrigin(0.5, 1);
  if (nameText.width > w - 2) nameText.setScale((w - 2) / nameText.width, 1); // "green service" on a small card
  c.add(nameText);
  if (opts.badge) c.add(scene.add.text(w - 3, 2, opts.badge, { fontSize: `${font + 2}px`, color: '#111', backgroundColor: '#fff07a', padding: { x: 3, y: 1 } }).setOrigin(1, 0));
  if (opts.dim) c.setAlpha(0.5);
  c.setSize(w, h);
  return c;
}

function pattern(scene: Phaser.Scene, { w, h }: CardSize, colour: Colour | null): Phaser.GameObjects.Graphics {
  const g = scene.add.graphics();
  g.lineStyle(2, 0xffffff, 0.45);
  g.fillStyle(0xffffff, 0.45);
  if (colour === 'red') for (let i = 1; i < 6; i++) g.lineBetween((w * i) / 6, 0, (w * i) / 6, h);
  if (colour === 'blue') for (let i = 1; i < 4; i++) for (let j = 1; j < 6; j++) g.fillCircle((w * i) / 4, (h * j) / 6, Math.max(1.5, w * 0.035));
  if (colour === 'green') {
    // Diagonals (x = i + t·h, y = h − t·h) clipped to the card.
    for (let i = -h; i < w; i += Math.max(6, w * 0.14)) {
      const t0 = Math.max(0, -i / h);
      const t1 = Math.min(1, (w - i) / h);
      if (t1 > t0) g.lineBetween(i + t0 * h, h - t0 * h, i + t1 * h, h - t1 * h);
    }
  }
  if (colour === 'yellow') for (let j = 1; j < 8; j++) g.lineBetween(0, (h * j) / 8, w, (h * j) / 8);
  return g;
}

export function drawBack(scene: Phaser.Scene, x: number, y: number, size: CardSize, label = ''): Phaser.GameObjects.Container {
  const c = scene.add.container(x, y);
  c.add(scene.add.rectangle(0, 0, size.w, size.h, 0x39435c).setStrokeStyle(2, 0x7d8aa8).setOrigin(0));
  c.add(scene.add.text(size.w / 2, size.h / 2, label, { fontSize: `${Math.max(8, Math.round(size.w * 0.22))}px`, color: '#cfd6e6', align: 'center' }).setOrigin(0.5));
  c.setSize(size.w, size.h);
  return c;
}

export function countdown(ms: number): string {
  if (ms <= 0) return '0.0 s';
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : ms < 120_000 ? `${Math.ceil(ms / 1000)} s` : `${Math.floor(ms / 60_000)}:${String(Math.floor((ms % 60_000) / 1000)).padStart(2, '0')}`;
}
