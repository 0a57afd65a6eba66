/**
 * Traffic Tango's player marks: each seat has a colour AND a shape with its number (circle 1,
 * square 2, triangle 3, diamond 4), so colour is never the only cue. Used for the corners, the
 * delivery areas, the cars and the score table.
 */
import type Phaser from 'phaser';

export const SEAT_COLOUR = [0xe4572e, 0x3d7dd8, 0xf2c14e, 0xa05cd6] as const;
const INK = ['#ffffff', '#ffffff', '#111111', '#ffffff'] as const;

/** The seat's shape filled with its colour, its number on it, centred on (x, y), radius r. */
export function seatMark(scene: Phaser.Scene, x: number, y: number, r: number, seat: number): Phaser.GameObjects.Container {
  const c = scene.add.container(x, y);
  const g = scene.add.graphics();
  const colour = SEAT_COLOUR[seat % 4];
  g.fillStyle(colour).lineStyle(Math.max(1.5, r * 0.14), 0x111111);
  if (seat % 4 === 0) g.fillCircle(0, 0, r).strokeCircle(0, 0, r);
  else if (seat % 4 === 1) g.fillRect(-r * 0.88, -r * 0.88, r * 1.76, r * 1.76).strokeRect(-r * 0.88, -r * 0.88, r * 1.76, r * 1.76);
  else if (seat % 4 === 2) g.fillTriangle(0, -r, -r, r * 0.8, r, r * 0.8).strokeTriangle(0, -r, -r, r * 0.8, r, r * 0.8);
  else {
    const pts = [{ x: 0, y: -r }, { x: r, y: 0 }, { x: 0, y: r }, { x: -r, y: 0 }];
    g.fillPoints(pts, true).strokePoints(pts, true);
  }
  c.add(g);
  c.add(scene.add.text(0, seat % 4 === 2 ? r * 0.2 : 0, String(seat + 1), { fontFamily: 'system-ui, sans-serif', fontSize: `${Math.max(8, Math.round(r * 1.1))}px`, color: INK[seat % 4], fontStyle: 'bold' }).setOrigin(0.5));
  return c;
}

/** A delivery area: a chequered flag border in the receiving seat's colour. */
export function deliveryArea(scene: Phaser.Scene, x: number, y: number, s: number, seat: number): Phaser.GameObjects.Graphics {
  const g = scene.add.graphics();
  const n = 6;
  const q = s / n;
  for (let i = 0; i < n; i++) {
    for (const [cx, cy] of [[x + i * q, y], [x + i * q, y + s - q / 2], [x, y + i * q], [x + s - q / 2, y + i * q]] as const) {
      g.fillStyle(i % 2 ? 0x111111 : SEAT_COLOUR[seat % 4]).fillRect(cx, cy, q / 2 + (cy === y || cy === y + s - q / 2 ? q / 2 : 0), q / 2 + (cx === x || cx === x + s - q / 2 ? q / 2 : 0));
    }
  }
  return g;
}
