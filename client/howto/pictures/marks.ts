/** Symbols the pictures share: an arrow, a tick and a cross (distinct shapes, not colours only), a veil over lost pieces. */
import type Phaser from 'phaser';

export function arrow(scene: Phaser.Scene, x1: number, y1: number, x2: number, y2: number, colour = 0xf2c14e): Phaser.GameObjects.Graphics {
  const g = scene.add.graphics().lineStyle(3, colour).fillStyle(colour);
  const a = Math.atan2(y2 - y1, x2 - x1);
  const head = 8;
  g.lineBetween(x1, y1, x2 - Math.cos(a) * head * 0.8, y2 - Math.sin(a) * head * 0.8);
  g.fillTriangle(x2, y2, x2 - Math.cos(a - 0.5) * head, y2 - Math.sin(a - 0.5) * head, x2 - Math.cos(a + 0.5) * head, y2 - Math.sin(a + 0.5) * head);
  return g;
}

export function tick(scene: Phaser.Scene, x: number, y: number, r = 9): Phaser.GameObjects.Graphics {
  const g = scene.add.graphics().fillStyle(0x2fbf71).fillCircle(x, y, r).lineStyle(3, 0xffffff);
  g.beginPath().moveTo(x - r * 0.5, y).lineTo(x - r * 0.1, y + r * 0.45).lineTo(x + r * 0.55, y - r * 0.45).strokePath();
  return g;
}

export function cross(scene: Phaser.Scene, x: number, y: number, r = 9): Phaser.GameObjects.Graphics {
  const g = scene.add.graphics().fillStyle(0xd64545).fillRect(x - r, y - r, r * 2, r * 2).lineStyle(3, 0xffffff);
  g.lineBetween(x - r * 0.5, y - r * 0.5, x + r * 0.5, y + r * 0.5).lineBetween(x - r * 0.5, y + r * 0.5, x + r * 0.5, y - r * 0.5);
  return g;
}

export function veil(scene: Phaser.Scene, x: number, y: number, w: number, h: number): Phaser.GameObjects.Rectangle {
  return scene.add.rectangle(x, y, w, h, 0x1d2330, 0.6).setOrigin(0);
}
