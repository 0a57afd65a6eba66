/**
 * Each game's gallery picture, drawn at runtime from the game's own pieces (the table renderers'
 * drawing helpers, unchanged) into a RenderTexture and read back as an image URL for the DOM
 * gallery. No external assets. Pictures are drawn once per page and language, and cached: the
 * pieces print words (a card's kind) in the reader's language, so the game's own texts are loaded first.
 */
import type Phaser from 'phaser';
import { language, loadGameLocales } from '../i18n/index.js';
import { carAt } from '../games/railway/carFace.js';
import { LOCOMOTIVES, carOf } from '../../shared/games/railway/cards.js';
import { drawCard as drawExchangeCard } from '../games/car_exchange/cardFace.js';
import { carId, cardOf as exchangeCardOf, fineId, paintId, serviceId } from '../../shared/games/car_exchange/cards.js';
import { drawCard as drawRushCard } from '../games/rush_hour/cardFace.js';
import { cardOf as rushCardOf } from '../../shared/games/rush_hour/cards.js';
import { drawBack as drawTrafficBack, drawCard as drawTrafficCard } from '../games/trafficcars/cardFace.js';
import { carCard, trailerCard } from '../../shared/games/trafficcars_deck/cards.js';
import { drawCard as drawBipCard, drawMark } from '../games/bip_bip/pieces.js';
import { DECK as BIP_DECK } from '../../shared/games/bip_bip/cards.js';

/** Logical size of a picture (CSS pixels); drawn at SCALE× for sharp screens. */
export const PICTURE_W = 240;
export const PICTURE_H = 120;
const SCALE = 2;

type Draw = (scene: Phaser.Scene, c: Phaser.GameObjects.Container) => void;

const add = (c: Phaser.GameObjects.Container, objects: Phaser.GameObjects.GameObject | Phaser.GameObjects.GameObject[]) => c.add(objects);

const DRAWINGS: Record<string, Draw> = {
  railway_madness(scene, c) {
    // A locomotive pulling three matching cars.
    const size = { w: 54, h: 56 };
    // carAt centres each car on (x, y).
    const at = (i: number) => 4 + size.w / 2 + i * 58;
    add(c, carAt(scene, at(0), 32 + size.h / 2, size, LOCOMOTIVES[0], { locomotive: true }));
    [3, 12, 21].forEach((id, i) => add(c, carAt(scene, at(i + 1), 32 + size.h / 2, size, carOf(id))));
  },
  car_exchange(scene, c) {
    const size = { w: 46, h: 68 };
    const ids = [carId('red', 7), carId('blue', 7), serviceId('blue'), fineId('green'), paintId()];
    ids.forEach((id, i) => {
      const card = drawExchangeCard(scene, 18 + i * 42, 26 + (i % 2) * 8, size, exchangeCardOf(id));
      card.setAngle(-8 + i * 4);
      add(c, card);
    });
  },
  rush_hour(scene, c) {
    // Two lanes of ascending cars, an Ambulance cutting in.
    const size = { w: 36, h: 50 };
    const rules = { trailerNumbers: 'shared' as const, trailerPoints: 1 as const };
    const rows = [[4, 11, 17, 23], [30, 36, 41]];
    rows.forEach((row, r) => row.forEach((n, i) => add(c, drawRushCard(scene, 8 + i * 40, 6 + r * 56, size, rushCardOf(n - 1, rules)))));
    const ambulance = [...Array(74).keys()].map((id) => rushCardOf(id, rules)).find((card) => card.kind === 'ambulance');
    if (ambulance) add(c, drawRushCard(scene, 180, 30, { w: 46, h: 62 }, ambulance, { highlight: 0xf2c14e }));
  },
  traffic_memory(scene, c) {
    const size = { w: 34, h: 48 };
    const open: Record<number, number> = { 2: 9, 3: 10, 9: 11 };
    for (let i = 0; i < 12; i++) {
      const x = 30 + (i % 6) * 37;
      const y = 30 + Math.floor(i / 6) * 54;
      add(c, open[i] ? drawTrafficCard(scene, x, y, size, carCard(open[i]), 0xf2c14e) : drawTrafficBack(scene, x, y, size));
    }
  },
  took_over(scene, c) {
    const size = { w: 38, h: 54 };
    const line = [carCard(5), carCard(12), trailerCard(4, 'shared'), carCard(19), carCard(27)];
    line.forEach((card, i) => add(c, drawTrafficCard(scene, 26 + i * 42, 44, size, card)));
    add(c, drawTrafficCard(scene, 222, 76, size, carCard(31), 0xf2c14e));
    add(c, drawTrafficBack(scene, 222, 30, { w: 30, h: 42 }));
  },
  traffic_tango(scene, c) {
    drawCity(scene, c);
  },
  bip_bip(scene, c) {
    // The 4×4 board of intersections with the nine cars, and a card to find on it.
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
    add(c, g);
    const marks: ('R' | 'B' | 'Y')[] = ['R', 'B', 'Y', 'R', 'B', 'Y', 'R', 'B', 'Y'];
    const spots = [0, 2, 5, 6, 9, 11, 12, 14, 15];
    spots.forEach((s, i) => add(c, drawMark(scene, ox + (s % 4) * step, oy + Math.floor(s / 4) * step, 9, marks[i])));
    add(c, drawBipCard(scene, 130, 10, 64, BIP_DECK[0]));
    add(c, drawBipCard(scene, 172, 24, 60, BIP_DECK[BIP_DECK.length - 1]));
  },
};

/** Traffic Tango's 5×5 city: roads, the four players' corners (colour and letter), and a few signs. */
function drawCity(scene: Phaser.Scene, c: Phaser.GameObjects.Container): void {
  const g = scene.add.graphics();
  const tile = 22;
  const ox = 64;
  const oy = 5;
  g.fillStyle(0x3f7a3a).fillRect(ox - 4, oy - 4, tile * 5 + 8, tile * 5 + 8);
  for (let r = 0; r < 5; r++) {
    for (let col = 0; col < 5; col++) {
      g.fillStyle(0x50555f).fillRect(ox + col * tile + 1, oy + r * tile + 1, tile - 2, tile - 2);
      g.fillStyle(0xf2f2f2).fillRect(ox + col * tile + tile / 2 - 1, oy + r * tile + 4, 2, 4);
    }
  }
  const corners: [number, number, number, string][] = [[0, 0, 0xd64545, 'A'], [4, 0, 0x3d7dd8, 'B'], [4, 4, 0x3fa35b, 'C'], [0, 4, 0xe0b72e, 'D']];
  add(c, g);
  for (const [col, r, fill, letter] of corners) {
    g.fillStyle(fill).fillRect(ox + col * tile + 2, oy + r * tile + 2, tile - 4, tile - 4);
    add(c, scene.add.text(ox + col * tile + tile / 2, oy + r * tile + tile / 2, letter, { fontSize: '13px', color: '#111', fontStyle: 'bold' }).setOrigin(0.5));
  }
  // One-way arrow, yield triangle, stop octagon, roundabout.
  const s = scene.add.graphics();
  const at = (col: number, r: number) => ({ x: ox + col * tile + tile / 2, y: oy + r * tile + tile / 2 });
  let p = at(2, 1);
  s.fillStyle(0xffffff).fillTriangle(p.x + 8, p.y, p.x - 2, p.y - 6, p.x - 2, p.y + 6).fillRect(p.x - 8, p.y - 2, 7, 4);
  p = at(1, 3);
  s.fillStyle(0xffffff).fillTriangle(p.x - 8, p.y - 6, p.x + 8, p.y - 6, p.x, p.y + 8).fillStyle(0xd64545).fillTriangle(p.x - 4, p.y - 4, p.x + 4, p.y - 4, p.x, p.y + 3);
  p = at(3, 2);
  s.fillStyle(0xd64545).fillCircle(p.x, p.y, 8).lineStyle(2, 0xffffff).strokeCircle(p.x, p.y, 8);
  p = at(2, 3);
  s.lineStyle(3, 0x7fd1ff).strokeCircle(p.x, p.y, 6);
  add(c, s);
  // Two delivery cars on their way.
  const cars = scene.add.graphics();
  cars.fillStyle(0xd64545).fillRoundedRect(ox + tile * 1 + 4, oy + 6, 14, 9, 3);
  cars.fillStyle(0x3d7dd8).fillRoundedRect(ox + tile * 3 + 4, oy + tile * 4 + 6, 14, 9, 3);
  add(c, cars);
}

const cache = new Map<string, Promise<string>>();

/** A data URL of the game's picture (PNG), drawn with this scene's renderer. */
export function gamePicture(scene: Phaser.Scene, gameId: string): Promise<string> {
  const key = `${gameId}.${language()}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const made = loadGameLocales(gameId).catch(() => undefined).then(() => new Promise<string>((resolve) => {
    const draw = DRAWINGS[gameId];
    // The lobby may have closed while the texts loaded: nothing to draw with any more.
    if (!draw || !scene.sys.isActive()) {
      cache.delete(key);
      return resolve('');
    }
    const rt = scene.add.renderTexture(0, 0, PICTURE_W * SCALE, PICTURE_H * SCALE).setVisible(false);
    const c = scene.add.container(0, 0);
    try {
      draw(scene, c);
      c.setScale(SCALE);
      rt.fill(0x263049).draw(c);
    } finally {
      c.destroy();
    }
    let settled = false;
    // A scene that stops before the snapshot is read destroys the texture: draw again next time.
    scene.events.once('shutdown', () => { if (!settled) cache.delete(key); });
    rt.snapshot((image) => {
      settled = true;
      resolve(image instanceof HTMLImageElement ? image.src : '');
      rt.destroy();
    });
  }));
  cache.set(key, made);
  return made;
}
