/** Bip! Bip! pictures: a board and cards drawn with the table's own pieces (client/games/bip_bip/pieces.ts). */
import type Phaser from 'phaser';
import { DECK, cardById, type Card, type Colour } from '../../../shared/games/bip_bip/cards.js';
import { drawCard, drawMark } from '../../games/bip_bip/pieces.js';
import type { GalleryDrawing, GamePictures, Picture } from './picture.js';

const STEP = 34;
const BOARD = 4 * STEP;

/** Nine cars; `figure` first (at its own cells, shifted by dx, dy), the rest spread over free intersections. */
function boardWith(card: Card | null, dx = 0, dy = 0): (Colour | null)[] {
  const cells: (Colour | null)[] = Array(16).fill(null);
  const left: Record<Colour, number> = { R: 3, B: 3, Y: 3 };
  for (const c of card?.cells ?? []) {
    if (c.what === '_') continue;
    cells[(c.y + dy) * 4 + c.x + dx] = c.what;
    left[c.what]--;
  }
  const reserved = new Set((card?.cells ?? []).map((c) => (c.y + dy) * 4 + c.x + dx));
  const spots = [15, 3, 12, 9, 6, 13, 2, 11, 7, 14, 8, 0, 10, 1, 4, 5].filter((i) => cells[i] === null && !reserved.has(i));
  const spares: Colour[] = (['Y', 'B', 'R'] as Colour[]).flatMap((k) => Array<Colour>(left[k]).fill(k));
  spares.forEach((k, i) => { cells[spots[i]] = k; });
  return cells;
}

function drawBoard(scene: Phaser.Scene, x: number, y: number, cells: (Colour | null)[], ring: number[] = []): Phaser.GameObjects.GameObject[] {
  const g = scene.add.graphics().fillStyle(0x4d5a48).fillRoundedRect(x, y, BOARD, BOARD, 6).lineStyle(4, 0x9aa08f);
  for (let i = 0; i < 4; i++) {
    g.lineBetween(x + STEP / 2, y + STEP / 2 + i * STEP, x + BOARD - STEP / 2, y + STEP / 2 + i * STEP);
    g.lineBetween(x + STEP / 2 + i * STEP, y + STEP / 2, x + STEP / 2 + i * STEP, y + BOARD - STEP / 2);
  }
  const out: Phaser.GameObjects.GameObject[] = [g];
  cells.forEach((what, i) => {
    const cx = x + STEP / 2 + (i % 4) * STEP;
    const cy = y + STEP / 2 + Math.floor(i / 4) * STEP;
    if (ring.includes(i)) out.push(scene.add.circle(cx, cy, STEP * 0.48, 0x000000, 0).setStrokeStyle(3, 0x7fff9f));
    if (what) out.push(...drawMark(scene, cx, cy, STEP * 0.3, what));
  });
  return out;
}

const board = (): Picture => ({ w: BOARD + 4, h: BOARD + 4, draw: (scene) => drawBoard(scene, 2, 2, boardWith(null)) });

/** A card beside the board where its three cars stand (ringed). */
function found(card: Card, dx: number, dy: number): Picture {
  const cw = 84;
  const ring = card.cells.map((c) => (c.y + dy) * 4 + c.x + dx);
  return {
    w: cw + 16 + BOARD + 4, h: Math.max(BOARD, cw * 1.3) + 4,
    draw: (scene) => [drawCard(scene, 2, 2, cw, card), ...drawBoard(scene, cw + 16, 2, boardWith(card, dx, dy), ring)],
  };
}

export const bipBipPictures: GamePictures = () => ({
  setup: board(),
  turn: found(cardById(20), 1, 1),
  special: found(cardById(40), 2, 0),
});

/** The gallery: the 4×4 board of intersections with the nine cars, and a card to find on it. */
export const bipBipGallery: GalleryDrawing = (scene, c) => {
  const g = scene.add.graphics();
  const step = 26;
  const ox = 20;
  const oy = 17;
  g.fillStyle(0x3a3f4b).fillRoundedRect(ox - 14, oy - 14, step * 3 + 28, step * 3 + 28, 8);
  g.lineStyle(6, 0x8a8f99);
  for (let i = 0; i < 4; i++) {
    g.lineBetween(ox, oy + i * step, ox + 3 * step, oy + i * step);
    g.lineBetween(ox + i * step, oy, ox + i * step, oy + 3 * step);
  }
  c.add(g);
  const marks: ('R' | 'B' | 'Y')[] = ['R', 'B', 'Y', 'R', 'B', 'Y', 'R', 'B', 'Y'];
  const spots = [0, 2, 5, 6, 9, 11, 12, 14, 15];
  spots.forEach((s, i) => c.add(drawMark(scene, ox + (s % 4) * step, oy + Math.floor(s / 4) * step, 9, marks[i])));
  c.add(drawCard(scene, 130, 10, 64, DECK[0]));
  c.add(drawCard(scene, 172, 24, 60, DECK[DECK.length - 1]));
};
