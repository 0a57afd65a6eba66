/**
 * The road signs of Traffic Tango drawn with Phaser Graphics, each centred on (x, y) in a box of
 * size s: a One Way arrow per allowed exit, a Yield triangle, a Roundabout, a Toll booth coin, a
 * Stop octagon and a Speed Limit disc. Each has its own shape, so colour is never the only cue.
 */
import type Phaser from 'phaser';
import type { Dir } from '../../../shared/games/traffic_tango/board.js';

export type SignKind = 'oneWay' | 'yield' | 'roundabout' | 'toll' | 'stop' | 'speed';

const ANGLE: Record<Dir, number> = { N: -Math.PI / 2, E: 0, S: Math.PI / 2, W: Math.PI };

function arrow(g: Phaser.GameObjects.Graphics, x: number, y: number, s: number, dir: Dir): void {
  const a = ANGLE[dir];
  const c = Math.cos(a), n = Math.sin(a);
  const p = (along: number, across: number) => ({ x: x + c * along - n * across, y: y + n * along + c * across });
  const tail = p(-s * 0.34, 0), neck = p(s * 0.06, 0), tip = p(s * 0.4, 0);
  g.lineStyle(Math.max(2, s * 0.13), 0xffffff).lineBetween(tail.x, tail.y, neck.x, neck.y);
  const l = p(s * 0.02, -s * 0.22), r = p(s * 0.02, s * 0.22);
  g.fillStyle(0xffffff).fillTriangle(tip.x, tip.y, l.x, l.y, r.x, r.y);
}

/** One sign; `dirs` are the One Way's exits; `count` stacks Tolls or Speed Limits (70/105/140/175). */
export function drawSign(scene: Phaser.Scene, x: number, y: number, s: number, kind: SignKind, opts: { dirs?: readonly Dir[]; count?: number; ghost?: boolean } = {}): Phaser.GameObjects.Container {
  const c = scene.add.container(x, y);
  const g = scene.add.graphics();
  c.add(g);
  const r = s / 2;
  switch (kind) {
    case 'oneWay': {
      g.fillStyle(0x1f5fbf).fillRoundedRect(-r, -r, s, s, s * 0.14).lineStyle(2, 0xffffff).strokeRoundedRect(-r, -r, s, s, s * 0.14);
      const dirs = opts.dirs?.length ? opts.dirs : (['N'] as Dir[]);
      if (dirs.length === 1) arrow(g, 0, 0, s * 0.9, dirs[0]);
      else for (const d of dirs) arrow(g, Math.cos(ANGLE[d]) * s * 0.18, Math.sin(ANGLE[d]) * s * 0.18, s * 0.5, d);
      break;
    }
    case 'yield': {
      // Point down, red border, white inside.
      g.fillStyle(0xd8262b).fillTriangle(-r, -r * 0.8, r, -r * 0.8, 0, r * 0.95);
      g.fillStyle(0xffffff).fillTriangle(-r * 0.6, -r * 0.55, r * 0.6, -r * 0.55, 0, r * 0.45);
      break;
    }
    case 'roundabout': {
      g.fillStyle(0x1f5fbf).fillCircle(0, 0, r).lineStyle(2, 0xffffff).strokeCircle(0, 0, r);
      g.lineStyle(Math.max(2, s * 0.09), 0xffffff);
      for (let k = 0; k < 3; k++) {
        const a0 = (k * 2 * Math.PI) / 3 + 0.35;
        const a1 = a0 + 1.4;
        g.beginPath().arc(0, 0, r * 0.52, a0, a1).strokePath();
        const hx = Math.cos(a1) * r * 0.52, hy = Math.sin(a1) * r * 0.52;
        const tx = -Math.sin(a1), ty = Math.cos(a1);
        g.fillStyle(0xffffff).fillTriangle(hx + tx * s * 0.12, hy + ty * s * 0.12, hx - tx * s * 0.02 + Math.cos(a1) * s * 0.1, hy - ty * s * 0.02 + Math.sin(a1) * s * 0.1, hx - tx * s * 0.02 - Math.cos(a1) * s * 0.1, hy - ty * s * 0.02 - Math.sin(a1) * s * 0.1);
      }
      break;
    }
    case 'toll': {
      // A booth barrier: a gold coin with a bar across, and one notch per stacked toll.
      g.fillStyle(0xf2c14e).fillCircle(0, 0, r * 0.9).lineStyle(2, 0x6b4b00).strokeCircle(0, 0, r * 0.9);
      g.lineStyle(Math.max(2, s * 0.1), 0x6b4b00).lineBetween(-r * 0.5, 0, r * 0.5, 0);
      g.lineBetween(0, -r * 0.5, 0, r * 0.5);
      const n = Math.max(1, opts.count ?? 1);
      for (let i = 0; i < n; i++) g.fillStyle(0x6b4b00).fillCircle(-r * 0.6 + (i * r * 1.2) / Math.max(1, n - 1 || 1), r * 0.62, Math.max(1.5, s * 0.05));
      if (n > 1) c.add(scene.add.text(r * 0.95, -r * 0.95, `×${n}`, { fontFamily: 'system-ui, sans-serif', fontSize: `${Math.max(9, Math.round(s * 0.3))}px`, color: '#ffffff', fontStyle: 'bold', backgroundColor: '#6b4b00' }).setOrigin(1, 0));
      break;
    }
    case 'stop': {
      const pts: Phaser.Types.Math.Vector2Like[] = [];
      for (let k = 0; k < 8; k++) { const a = Math.PI / 8 + (k * Math.PI) / 4; pts.push({ x: Math.cos(a) * r, y: Math.sin(a) * r }); }
      g.fillStyle(0xc4161c).fillPoints(pts, true).lineStyle(2, 0xffffff).strokePoints(pts, true);
      g.fillStyle(0xffffff).fillRect(-r * 0.55, -r * 0.12, r * 1.1, r * 0.24);
      break;
    }
    case 'speed': {
      g.fillStyle(0xffffff).fillCircle(0, 0, r).lineStyle(Math.max(2, s * 0.12), 0xd8262b).strokeCircle(0, 0, r * 0.92);
      const n = Math.max(1, opts.count ?? 1);
      c.add(scene.add.text(0, 0, String(35 * (n + 1)), { fontFamily: 'system-ui, sans-serif', fontSize: `${Math.max(8, Math.round(s * 0.36))}px`, color: '#111111', fontStyle: 'bold' }).setOrigin(0.5));
      break;
    }
  }
  if (opts.ghost) c.setAlpha(0.6);
  return c;
}

/** A wreck: a jagged burst where a crash happened. */
export function drawCrash(scene: Phaser.Scene, x: number, y: number, s: number): Phaser.GameObjects.Graphics {
  const g = scene.add.graphics({ x, y });
  const pts: Phaser.Types.Math.Vector2Like[] = [];
  for (let k = 0; k < 16; k++) { const a = (k * Math.PI) / 8; const rr = (k % 2 ? 0.28 : 0.5) * s; pts.push({ x: Math.cos(a) * rr, y: Math.sin(a) * rr }); }
  g.fillStyle(0xff7a1a).fillPoints(pts, true).lineStyle(2, 0x2b0a00).strokePoints(pts, true);
  g.lineStyle(Math.max(2, s * 0.08), 0x2b0a00).lineBetween(-s * 0.14, -s * 0.14, s * 0.14, s * 0.14).lineBetween(-s * 0.14, s * 0.14, s * 0.14, -s * 0.14);
  return g;
}
