/** Small drawing helpers for the Traffic Tango table: text, buttons and the sign labels of a tile. */
import type Phaser from 'phaser';
import type { PublicTile } from '../../../shared/games/traffic_tango/views.js';

export type Layer = Phaser.GameObjects.Container;

export function text(scene: Phaser.Scene, layer: Layer, x: number, y: number, s: string, size = 13, color = '#f2f2f2'): Phaser.GameObjects.Text {
  const t = scene.add.text(x, y, s, { fontSize: `${size}px`, color });
  layer.add(t);
  return t;
}

export function button(scene: Phaser.Scene, layer: Layer, x: number, y: number, label: string, onClick: () => void, on = false): number {
  const b = scene.add.text(x, y, label, { fontSize: '13px', color: on ? '#1d2330' : '#f2f2f2', backgroundColor: on ? '#f2c14e' : '#3a4560', padding: { x: 6, y: 4 } })
    .setInteractive({ useHandCursor: true });
  b.on('pointerdown', onClick);
  layer.add(b);
  return x + b.width + 5;
}

/** Sign labels of a tile, one short word each (never colour alone). */
export function tileLabels(t: PublicTile): string[] {
  const out: string[] = [];
  if (t.stop) out.push('STOP');
  if (t.oneWay.length) out.push(`1WAY→${t.oneWay.join('')}`);
  if (t.yield) out.push('YIELD');
  if (t.roundabout) out.push('ROUND');
  if (t.tolls) out.push(`TOLL×${t.tolls}`);
  return out;
}
