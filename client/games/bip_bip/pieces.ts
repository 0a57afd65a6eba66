/**
 * Bip! Bip! drawing helpers. Colour is never the only cue: every car carries its letter and a
 * shape of its own (R circle, B square, Y triangle); a required empty intersection is a dashed ring with ∅.
 */
import type Phaser from 'phaser';
import type { CardFace } from '../../../shared/games/bip_bip/views.js';

type Mark = 'R' | 'B' | 'Y' | '_';
export const FILL: Record<'R' | 'B' | 'Y', number> = { R: 0xd64545, B: 0x3d7dd8, Y: 0xf2c14e };
export const NAME: Record<Mark, string> = { R: 'red', B: 'blue', Y: 'yellow', _: 'empty' };

/** A car (or an empty mark) centred on (x, y), radius r. */
export function drawMark(scene: Phaser.Scene, x: number, y: number, r: number, what: Mark): Phaser.GameObjects.GameObject[] {
  const g = scene.add.graphics();
  if (what === '_') {
    g.lineStyle(Math.max(1, r * 0.15), 0x222222);
    for (let a = 0; a < 8; a++) g.beginPath().arc(x, y, r * 0.8, (a * Math.PI) / 4, ((a + 0.5) * Math.PI) / 4).strokePath();
    return [g, scene.add.text(x, y, '∅', { fontSize: `${Math.round(r)}px`, color: '#222' }).setOrigin(0.5)];
  }
  g.fillStyle(FILL[what]).lineStyle(Math.max(1, r * 0.12), 0x111111);
  if (what === 'R') g.fillCircle(x, y, r).strokeCircle(x, y, r);
  else if (what === 'B') g.fillRect(x - r * 0.9, y - r * 0.9, r * 1.8, r * 1.8).strokeRect(x - r * 0.9, y - r * 0.9, r * 1.8, r * 1.8);
  else g.fillTriangle(x, y - r, x - r, y + r * 0.8, x + r, y + r * 0.8).strokeTriangle(x, y - r, x - r, y + r * 0.8, x + r, y + r * 0.8);
  const t = scene.add.text(x, y + (what === 'Y' ? r * 0.2 : 0), what, { fontSize: `${Math.max(8, Math.round(r * 1.05))}px`, color: what === 'Y' ? '#111' : '#fff', fontStyle: 'bold' }).setOrigin(0.5);
  return [g, t];
}

/** A card: its figure on a mini 4×4 grid (same orientation as the board), code and kind underneath. First child is the background. */
export function drawCard(scene: Phaser.Scene, x: number, y: number, w: number, card: CardFace, selected = false): Phaser.GameObjects.Container {
  const h = w * 1.3;
  const c = scene.add.container(x, y);
  c.add(scene.add.rectangle(0, 0, w, h, card.kind === 'expert' ? 0xe8dcf4 : 0xf4f1e8).setOrigin(0)
    .setStrokeStyle(selected ? 4 : 2, selected ? 0x2fbf71 : 0x222222));
  const step = (w * 0.84) / 4;
  const ox = w * 0.08 + step / 2;
  const oy = w * 0.08 + step / 2;
  const dots = scene.add.graphics().fillStyle(0x999999);
  for (let i = 0; i < 16; i++) dots.fillCircle(ox + (i % 4) * step, oy + Math.floor(i / 4) * step, Math.max(1, step * 0.08));
  c.add(dots);
  for (const cell of card.cells) c.add(drawMark(scene, ox + cell.x * step, oy + cell.y * step, step * 0.38, cell.what));
  const font = Math.max(8, Math.round(w * 0.13));
  c.add(scene.add.text(w / 2, h - 3, `${card.code}${card.kind === 'expert' ? ' ★' : ''}`, { fontSize: `${font}px`, color: '#111' }).setOrigin(0.5, 1));
  c.setSize(w, h);
  return c;
}

/** The card as seen after `quarterTurns` clockwise quarter turns (what a player does with the card in hand). */
export function turned(card: CardFace, quarterTurns: number): CardFace {
  let cells = card.cells;
  for (let k = 0; k < quarterTurns % 4; k++) {
    const height = Math.max(...cells.map((c) => c.y)) + 1;
    cells = cells.map((c) => ({ x: height - 1 - c.y, y: c.x, what: c.what }));
  }
  return { ...card, cells };
}
