/** Traffic Tango pictures: the 5 × 5 city with the table's own sign icons (client/games/traffic_tango/signIcons.ts). */
import type Phaser from 'phaser';
import type { PublicTile } from '../../../shared/games/traffic_tango/views.js';
import { drawSign } from '../../games/traffic_tango/signIcons.js';
import type { GalleryDrawing, GamePictures, Picture } from './picture.js';

const T = 46;
const M = 18;
const COLS = 'ABCDE';
const CORNERS: [string, number, string][] = [['A1', 0x3d7dd8, '1'], ['E1', 0xd64545, '2'], ['E5', 0x3fa35b, '3'], ['A5', 0xe0b72e, '4']];

const tile = (name: string, sign: Partial<PublicTile>): PublicTile => ({ tile: name, oneWay: [], yield: false, roundabout: false, tolls: 0, stop: false, ...sign });
const at = (name: string): [number, number] => [M + COLS.indexOf(name[0]) * T + T / 2, M + (Number(name[1]) - 1) * T + T / 2];

function city(opts: { route?: string[]; signs?: PublicTile[]; speedRow?: number } = {}): Picture {
  return {
    w: M + 5 * T + 4, h: M + 5 * T + 4,
    draw: (scene) => {
      const out: Phaser.GameObjects.GameObject[] = [];
      const g = scene.add.graphics();
      for (let c = 0; c < 5; c++) for (let r = 0; r < 5; r++) {
        const corner = (c === 0 || c === 4) && (r === 0 || r === 4);
        g.fillStyle(corner ? 0x5a6684 : 0x414c66).fillRect(M + c * T + 1, M + r * T + 1, T - 2, T - 2);
      }
      if (opts.speedRow) g.fillStyle(0xf2c14e, 0.18).fillRect(M, M + (opts.speedRow - 1) * T, 5 * T, T);
      out.push(g);
      for (let i = 0; i < 5; i++) {
        out.push(scene.add.text(M + i * T + T / 2, M / 2, COLS[i], { fontSize: '11px', color: '#cfd6e6' }).setOrigin(0.5));
        out.push(scene.add.text(M / 2, M + i * T + T / 2, String(i + 1), { fontSize: '11px', color: '#cfd6e6' }).setOrigin(0.5));
      }
      if (opts.speedRow) out.push(scene.add.text(M + 5 * T - 3, M + (opts.speedRow - 1) * T + 3, '70', { fontSize: '10px', color: '#111', backgroundColor: '#ffffff', padding: { x: 2, y: 1 } }).setOrigin(1, 0));
      if (opts.route) {
        const r = scene.add.graphics().lineStyle(4, 0x7fd1ff, 0.9);
        r.beginPath();
        opts.route.forEach((name, i) => { const [x, y] = at(name); if (i === 0) r.moveTo(x, y); else r.lineTo(x, y); });
        r.strokePath();
        out.push(r);
      }
      for (const [name, colour, label] of CORNERS) {
        const [x, y] = at(name);
        out.push(scene.add.circle(x, y, 11, colour).setStrokeStyle(2, 0x111111), scene.add.text(x, y, label, { fontSize: '12px', color: '#fff', fontStyle: 'bold' }).setOrigin(0.5));
      }
      for (const s of opts.signs ?? []) {
        const [x, y] = at(s.tile);
        // The table's own sign icons (one per sign on the tile, side by side).
        const kinds = [s.stop && 'stop', s.oneWay.length > 0 && 'oneWay', s.yield && 'yield', s.roundabout && 'roundabout', s.tolls > 0 && 'toll'].filter((k): k is 'stop' | 'oneWay' | 'yield' | 'roundabout' | 'toll' => Boolean(k));
        kinds.forEach((kind, i) => out.push(drawSign(scene, x + (i - (kinds.length - 1) / 2) * 22, y, 20, kind, { dirs: s.oneWay, count: s.tolls })));
      }
      return out;
    },
  };
}

export const trafficTangoPictures: GamePictures = () => ({
  setup: city(),
  turn: city({ route: ['A1', 'B1', 'C1', 'C2', 'C3', 'D3', 'E3', 'E4', 'E5'] }),
  special: city({
    speedRow: 4,
    signs: [tile('B2', { stop: true }), tile('C3', { roundabout: true }), tile('D2', { oneWay: ['E'] }), tile('B4', { tolls: 1 }), tile('D4', { yield: true })],
  }),
});

/** Traffic Tango's 5×5 city: roads, the four players' corners (colour and letter), and a few signs. */
export const trafficTangoGallery: GalleryDrawing = (scene, c) => {
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
  c.add(g);
  for (const [col, r, fill, letter] of corners) {
    g.fillStyle(fill).fillRect(ox + col * tile + 2, oy + r * tile + 2, tile - 4, tile - 4);
    c.add(scene.add.text(ox + col * tile + tile / 2, oy + r * tile + tile / 2, letter, { fontSize: '13px', color: '#111', fontStyle: 'bold' }).setOrigin(0.5));
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
  c.add(s);
  // Two delivery cars on their way.
  const cars = scene.add.graphics();
  cars.fillStyle(0xd64545).fillRoundedRect(ox + tile * 1 + 4, oy + 6, 14, 9, 3);
  cars.fillStyle(0x3d7dd8).fillRoundedRect(ox + tile * 3 + 4, oy + tile * 4 + 6, 14, 9, 3);
  c.add(cars);
};
