/**
 * Pieces slide when the game moves them (a car driven, a card played), not when the screen turns
 * or the window is resized: then every piece has a new place at once, and sliding them all across
 * each other only blurs the table for a moment. A renderer asks `resized` once per render and,
 * when it is true, snaps each piece it placed to where it belongs.
 */
import type Phaser from 'phaser';

export class ResizeSnap {
  private size = '';
  private now = false;

  /** Call once at the start of a render: whether the area changed size since the last one. */
  begin(width: number, height: number): boolean {
    const size = `${Math.round(width)}x${Math.round(height)}`;
    this.now = this.size !== '' && size !== this.size;
    this.size = size;
    return this.now;
  }

  /** After placing a piece: on a resize, stop its slide and put it where it belongs. */
  settle(obj: Phaser.GameObjects.Container, x: number, y: number, alpha = 1): void {
    if (!this.now) return;
    obj.scene?.tweens.killTweensOf(obj);
    obj.setPosition(x, y).setAlpha(alpha);
  }
}
