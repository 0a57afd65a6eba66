/**
 * Draws a Trafficcars card by code. Colour is never the only cue: every kind is written on the card
 * (CAR, TRAILER, AMBULANCE, POLICE, TOW) with its own symbol/pattern, and the penalty points are printed.
 */
import type Phaser from 'phaser';
import type { Card, CardKind } from '../../../shared/games/rush_hour/cards.js';
import { t } from '../../i18n/index.js';

export interface CardSize { w: number; h: number }

export const STYLE: Record<CardKind, { fill: number; ink: string; symbol: string }> = {
  car: { fill: 0xf4f1e8, ink: '#111111', symbol: '🚗' },
  trailer: { fill: 0xf2d36b, ink: '#111111', symbol: '' },
  ambulance: { fill: 0xffffff, ink: '#b01818', symbol: '+' },
  police: { fill: 0x2f4f9e, ink: '#ffffff', symbol: '★' },
  tow: { fill: 0xe08a2e, ink: '#111111', symbol: '↩' },
};

/** Short name for hints and chips: "23", "T24", "AMB", "POL", "TOW" (in the reader's language). */
export function cardLabel(card: Card): string {
  if (card.kind === 'car') return String(card.number);
  if (card.kind === 'trailer') return t('table_rush_hour:card.trailerShort', { n: card.number });
  return t(`table_rush_hour:card.short.${card.kind}`);
}

export function cardPoints(card: Card, trailerPoints: number): number {
  return card.kind === 'car' ? 1 : card.kind === 'trailer' ? trailerPoints : 2;
}

export function drawCard(scene: Phaser.Scene, x: number, y: number, size: CardSize, card: Card, opts: { highlight?: number; points?: number } = {}): Phaser.GameObjects.Container {
  const { w, h } = size;
  const st = STYLE[card.kind];
  const c = scene.add.container(x, y);
  const bg = scene.add.rectangle(0, 0, w, h, st.fill).setOrigin(0)
    .setStrokeStyle(opts.highlight !== undefined ? 4 : 2, opts.highlight ?? 0x222222);
  c.add(bg);
  const g = scene.add.graphics();
  if (card.kind === 'trailer') {
    // diagonal hazard stripes across the middle band
    g.lineStyle(3, 0x111111, 0.35);
    const band = h * 0.16;
    for (let i = 2; i + band <= w; i += 8) g.lineBetween(i, h * 0.82, i + band, h * 0.66);
  } else if (card.kind === 'police') {
    g.fillStyle(0xffffff, 0.9).fillRect(0, h * 0.6, w, h * 0.08);
  } else if (card.kind === 'ambulance') {
    g.fillStyle(0xd22b2b, 1).fillRect(0, h * 0.6, w, h * 0.06);
  } else if (card.kind === 'tow') {
    g.lineStyle(2, 0x111111, 0.5);
    for (let i = 4; i < w; i += 8) g.lineBetween(i, h * 0.6, i + 4, h * 0.68);
  }
  c.add(g);
  const small = Math.max(8, Math.round(w * 0.15));
  const label = t(`table_rush_hour:card.kind.${card.kind}`);
  const labelSize = Math.max(7, Math.min(small, Math.floor((w - 4) / (label.length * 0.62))));
  const kind = scene.add.text(w / 2, 3, label, { fontSize: `${labelSize}px`, color: st.ink, fontStyle: 'bold' }).setOrigin(0.5, 0);
  // The size above is a guess from the letter count: a wide word (AMBULANCE, DÉPANNEUSE) is narrowed to the card.
  if (kind.width > w - 4) kind.setScale((w - 4) / kind.width, 1);
  c.add(kind);
  const big = card.number !== null ? String(card.number) : st.symbol;
  const number = scene.add.text(w / 2, h * 0.42, big, { fontSize: `${Math.round(w * (card.number !== null ? 0.45 : 0.4))}px`, color: st.ink, fontStyle: 'bold' }).setOrigin(0.5);
  // On a small card (a row's thumbnail) the number goes down below the kind, never over it.
  number.y = Math.max(number.y, kind.y + kind.height + number.height / 2);
  c.add(number);
  if (opts.points !== undefined) {
    const points = scene.add.text(w - 3, h - 3, t('table_rush_hour:card.points', { n: opts.points }), { fontSize: `${small}px`, color: st.ink }).setOrigin(1, 1);
    if (points.width > w - 6) points.setScale((w - 6) / points.width, 1);
    c.add(points);
  }
  c.setSize(w, h);
  return c;
}

/** A hidden card (a player's pick before the reveal). */
export function drawBack(scene: Phaser.Scene, x: number, y: number, size: CardSize): Phaser.GameObjects.Container {
  const c = scene.add.container(x, y);
  c.add(scene.add.rectangle(0, 0, size.w, size.h, 0x39435c).setStrokeStyle(2, 0x9fb0d0).setOrigin(0));
  c.add(scene.add.text(size.w / 2, size.h / 2, '?', { fontSize: `${Math.round(size.h * 0.6)}px`, color: '#dfe6f5' }).setOrigin(0.5));
  c.setSize(size.w, size.h);
  return c;
}

/** The free spot a Tow Truck leaves behind: a dashed outline. */
export function drawFreeSpot(scene: Phaser.Scene, x: number, y: number, size: CardSize): Phaser.GameObjects.Container {
  const c = scene.add.container(x, y);
  c.add(scene.add.rectangle(0, 0, size.w, size.h, 0x000000, 0).setOrigin(0));
  const g = scene.add.graphics().lineStyle(2, 0x9fe29f, 0.9);
  const dash = (x1: number, y1: number, x2: number, y2: number) => {
    const len = Math.hypot(x2 - x1, y2 - y1);
    for (let d = 0; d < len; d += 10) {
      const e = Math.min(len, d + 5);
      g.lineBetween(x1 + ((x2 - x1) * d) / len, y1 + ((y2 - y1) * d) / len, x1 + ((x2 - x1) * e) / len, y1 + ((y2 - y1) * e) / len);
    }
  };
  dash(0, 0, size.w, 0); dash(size.w, 0, size.w, size.h); dash(size.w, size.h, 0, size.h); dash(0, size.h, 0, 0);
  c.add(g);
  c.add(scene.add.text(size.w / 2, size.h / 2, t('table_rush_hour:card.freeSpot'), { fontSize: `${Math.max(9, Math.round(size.w * 0.17))}px`, color: '#9fe29f', align: 'center' }).setOrigin(0.5));
  c.setSize(size.w, size.h);
  return c;
}
