/**
 * Bip! Bip! drawing helpers. Colour is never the only cue: every car carries the first letter of its
 * colour in the player's language (red R, blue B, yellow Y; in French J for jaune) and a shape of its
 * own (red circle, blue square, yellow triangle); a required empty intersection is a dashed ring with ∅.
 */
import type Phaser from 'phaser';
import type { CardFace } from '../../../shared/games/bip_bip/views.js';
import { t } from '../../i18n/index.js';
import { CARD_RATIO } from './layout.js';

/** The letter a car of this colour carries on screen. */
export const letterOf = (colour: 'R' | 'B' | 'Y'): string => t(`table_bip_bip:letter.${colour}`);

/** A card's code (RULES-NOTES 4.1, "RB/Y.") with the colour letters of the player's language. */
export const shownCode = (code: string): string => code.replace(/[RBY]/g, (c) => letterOf(c as 'R' | 'B' | 'Y'));

type Mark = 'R' | 'B' | 'Y' | '_';
export const FILL: Record<'R' | 'B' | 'Y', number> = { R: 0xd64545, B: 0x3d7dd8, Y: 0xf2c14e };
export const NAME: Record<Mark, string> = { R: 'red', B: 'blue', Y: 'yellow', _: 'empty' };

/**
 * A car (or an empty mark) centred on (x, y), radius r. Its letter is left out when the mark is too
 * small to hold it (the small cards of a hand): the shape still tells the colour.
 */
export function drawMark(scene: Phaser.Scene, x: number, y: number, r: number, what: Mark): Phaser.GameObjects.GameObject[] {
  const g = scene.add.graphics();
  const font = Math.round(r * 1.05);
  const lettered = font >= 8;
  if (what === '_') {
    g.lineStyle(Math.max(1, r * 0.15), 0x222222);
    for (let a = 0; a < 8; a++) g.beginPath().arc(x, y, r * 0.8, (a * Math.PI) / 4, ((a + 0.5) * Math.PI) / 4).strokePath();
    return lettered ? [g, scene.add.text(x, y, '∅', { fontSize: `${font}px`, color: '#222' }).setOrigin(0.5)] : [g];
  }
  g.fillStyle(FILL[what]).lineStyle(Math.max(1, r * 0.12), 0x111111);
  if (what === 'R') g.fillCircle(x, y, r).strokeCircle(x, y, r);
  else if (what === 'B') g.fillRect(x - r * 0.9, y - r * 0.9, r * 1.8, r * 1.8).strokeRect(x - r * 0.9, y - r * 0.9, r * 1.8, r * 1.8);
  else g.fillTriangle(x, y - r, x - r, y + r * 0.8, x + r, y + r * 0.8).strokeTriangle(x, y - r, x - r, y + r * 0.8, x + r, y + r * 0.8);
  if (!lettered) return [g];
  const label = scene.add.text(x, y + (what === 'Y' ? r * 0.2 : 0), letterOf(what), { fontSize: `${font}px`, color: what === 'Y' ? '#111' : '#fff', fontStyle: 'bold' }).setOrigin(0.5);
  return [g, label];
}

/**
 * A card: its figure on a mini 4×4 grid (same orientation as the board), its code underneath and,
 * when given and there is room, its number for the keyboard in the corner. First child is the background.
 */
export function drawCard(scene: Phaser.Scene, x: number, y: number, w: number, card: CardFace, selected = false, number?: string): Phaser.GameObjects.Container {
  const h = w * CARD_RATIO;
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
  // The band under the figure: the number on the left, the code in what is left (★ and number dropped when short of room).
  const font = Math.max(8, Math.round(w * 0.13));
  const num = number ? scene.add.text(3, h - 2, number, { fontSize: `${font + 1}px`, color: '#555', fontStyle: 'bold' }).setOrigin(0, 1) : null;
  const code = scene.add.text(0, h - 2, `${shownCode(card.code)}${card.kind === 'expert' ? ' ★' : ''}`, { fontSize: `${font}px`, color: '#111' }).setOrigin(0.5, 1);
  if (code.width > w - 4 && card.kind === 'expert') code.setText(shownCode(card.code));
  const left = num && num.width + code.width + 10 <= w ? num.width + 6 : 0;
  if (num && left) c.add(num);
  else num?.destroy();
  if (code.width <= w - 4 - left) c.add(code.setX(left + (w - left) / 2));
  else code.destroy();
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
