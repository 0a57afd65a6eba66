/**
 * The 5 × 5 city drawn as a map: roads along every row and column meeting at the 25 tiles
 * (intersections), blocks between them, the players' start corners (their mark) and delivery areas
 * (chequered border in the receiver's colour), sign icons on their tiles and Speed Limit discs at
 * the head of their line. Geometry is shared with the renderer for taps, routes and cars.
 */
import type Phaser from 'phaser';
import type { TrafficTangoPublicView } from '../../../shared/games/traffic_tango/views.js';
import type { SignInput } from '../../../shared/games/traffic_tango/actions.js';
import { drawSign } from './signIcons.js';
import { deliveryArea, seatMark } from './draw.js';

export interface CityGeometry {
  x: number;
  y: number;
  /** Band for the line heads (Speed Limits) above and left of the tiles. */
  head: number;
  cell: number;
}

export const tileIndex = (name: string): number => (name.charCodeAt(0) - 65) + (Number(name[1]) - 1) * 5;

export function tileCentre(g: CityGeometry, tile: number | string): { x: number; y: number } {
  const i = typeof tile === 'string' ? tileIndex(tile) : tile;
  return { x: g.x + g.head + (i % 5) * g.cell + g.cell / 2, y: g.y + g.head + Math.floor(i / 5) * g.cell + g.cell / 2 };
}

/** Centre of a line's head: columns A–E on top, rows 1–5 on the left. */
export function lineCentre(g: CityGeometry, line: number): { x: number; y: number } {
  return line < 5 ? { x: g.x + g.head + line * g.cell + g.cell / 2, y: g.y + g.head / 2 } : { x: g.x + g.head / 2, y: g.y + g.head + (line - 5) * g.cell + g.cell / 2 };
}

export function drawCity(scene: Phaser.Scene, parent: Phaser.GameObjects.Container, g: CityGeometry, pub: TrafficTangoPublicView, draft: readonly SignInput[]): void {
  const size = g.cell * 5;
  const ox = g.x + g.head, oy = g.y + g.head;
  const gr = scene.add.graphics();
  // Blocks (grass and buildings) under the road grid.
  gr.fillStyle(0x2d4a34).fillRoundedRect(ox, oy, size, size, 8);
  gr.fillStyle(0x3a5e42);
  for (let r = 0; r < 5; r++) for (let c = 0; c < 5; c++) gr.fillRoundedRect(ox + c * g.cell + 3, oy + r * g.cell + 3, g.cell - 6, g.cell - 6, 4);
  // Roads through the tile centres, with dashed centre lines.
  const road = Math.max(8, g.cell * 0.42);
  gr.fillStyle(0x4b515e);
  for (let i = 0; i < 5; i++) {
    gr.fillRect(ox + g.cell * 0.15, oy + i * g.cell + (g.cell - road) / 2, size - g.cell * 0.3, road);
    gr.fillRect(ox + i * g.cell + (g.cell - road) / 2, oy + g.cell * 0.15, road, size - g.cell * 0.3);
  }
  gr.lineStyle(1.5, 0xe8e2c8, 0.7);
  for (let i = 0; i < 5; i++) {
    const cy = oy + i * g.cell + g.cell / 2, cx = ox + i * g.cell + g.cell / 2;
    for (let x = ox + g.cell * 0.2; x < ox + size - g.cell * 0.2; x += 12) gr.lineBetween(x, cy, x + 5, cy);
    for (let y = oy + g.cell * 0.2; y < oy + size - g.cell * 0.2; y += 12) gr.lineBetween(cx, y, cx, y + 5);
  }
  // Intersections.
  gr.fillStyle(0x5a616f);
  for (let i = 0; i < 25; i++) {
    const { x, y } = tileCentre(g, i);
    gr.fillRect(x - road / 2, y - road / 2, road, road);
  }
  // Speed Limits: a red dashed edge along the limited line.
  pub.lines.forEach((l, line) => {
    if (!l.signs) return;
    gr.lineStyle(2, 0xd8262b, 0.9);
    if (line < 5) {
      const x = ox + line * g.cell + g.cell / 2 + road / 2 + 2;
      for (let y = oy + 4; y < oy + size - 4; y += 10) gr.lineBetween(x, y, x, y + 5);
    } else {
      const y = oy + (line - 5) * g.cell + g.cell / 2 + road / 2 + 2;
      for (let x = ox + 4; x < ox + size - 4; x += 10) gr.lineBetween(x, y, x + 5, y);
    }
  });
  parent.add(gr);
  // Line heads: column letters and row numbers, or the Speed Limit disc.
  const label = { fontFamily: 'system-ui, sans-serif', fontSize: `${Math.max(11, Math.round(g.head * 0.42))}px`, color: '#cfd6e6', fontStyle: 'bold' };
  pub.lines.forEach((l, line) => {
    const { x, y } = lineCentre(g, line);
    if (l.signs) parent.add(drawSign(scene, x, y, Math.min(g.head, g.cell) * 0.8, 'speed', { count: l.signs }));
    else parent.add(scene.add.text(x, y, l.line, label).setOrigin(0.5));
  });
  // Corners: the start of one player (their mark), the delivery area of another (chequered border).
  const s = g.cell;
  for (const p of pub.players) {
    const dest = tileCentre(g, p.dest);
    parent.add(deliveryArea(scene, dest.x - s / 2 + 2, dest.y - s / 2 + 2, s - 4, p.seat));
    // Whose delivery area: the receiver's mark in the corner nearest the city's edge.
    const out = { x: dest.x < ox + size / 2 ? -1 : 1, y: dest.y < oy + size / 2 ? -1 : 1 };
    parent.add(seatMark(scene, dest.x + out.x * s * 0.27, dest.y + out.y * s * 0.27, Math.max(6, s * 0.13), p.seat));
  }
  for (const p of pub.players) {
    const st = tileCentre(g, p.start);
    parent.add(scene.add.rectangle(st.x, st.y, s * 0.5, s * 0.5, 0x1d2330, 0.35));
  }
  // Signs on their tiles; several signs on one tile share it.
  pub.tiles.forEach((t, i) => {
    const kinds: { kind: 'oneWay' | 'yield' | 'roundabout' | 'toll' | 'stop'; count?: number }[] = [];
    if (t.stop) kinds.push({ kind: 'stop' });
    if (t.oneWay.length) kinds.push({ kind: 'oneWay' });
    if (t.yield) kinds.push({ kind: 'yield' });
    if (t.roundabout) kinds.push({ kind: 'roundabout' });
    if (t.tolls) kinds.push({ kind: 'toll', count: t.tolls });
    const { x, y } = tileCentre(g, i);
    const icon = kinds.length > 1 ? s * 0.4 : s * 0.62;
    kinds.forEach((k, n) => {
      const dx = kinds.length > 1 ? ((n % 2) - 0.5) * s * 0.44 : 0;
      const dy = kinds.length > 1 ? (Math.floor(n / 2) - 0.5) * s * 0.44 : 0;
      parent.add(drawSign(scene, x + dx, y + dy, icon, k.kind, { dirs: t.oneWay, count: k.count }));
    });
  });
  // My signs planned for today: drawn faded with a dashed outline until the day resolves.
  for (const d of draft) {
    const at = d.kind === 'speed' ? lineCentre(g, 'ABCDE12345'.indexOf(d.line)) : tileCentre(g, d.tile);
    const sz = d.kind === 'speed' ? Math.min(g.head, g.cell) * 0.8 : s * 0.5;
    parent.add(drawSign(scene, at.x, at.y, sz, d.kind, { dirs: d.kind === 'oneWay' ? [d.dir] : undefined, ghost: true }));
    const ring = scene.add.graphics().lineStyle(2, 0xf2c14e);
    for (let a = 0; a < 12; a++) ring.beginPath().arc(at.x, at.y, sz * 0.62, (a * Math.PI) / 6, ((a + 0.55) * Math.PI) / 6).strokePath();
    parent.add(ring);
  }
}
