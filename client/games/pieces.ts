/**
 * Game pieces kept across renders, keyed by what they are (a card id, a table slot, a seat).
 * Each render says where every piece should be now; a piece already on the table slides there,
 * a piece whose face changed is redrawn and flipped in place, a new piece deals in from `from`,
 * and a piece no longer named is collected to `exit` (or fades) and destroyed. While a piece
 * travels its texts hide (see showPrint).
 */
import type Phaser from 'phaser';

export const MOVE_MS = 240;

export interface Spot { x: number; y: number; angle?: number; alpha?: number }

interface Piece { obj: Phaser.GameObjects.Container; face: string; size: string }

export class Pieces<K> {
  private items = new Map<K, Piece>();
  private seen = new Set<K>();

  /** Pieces go straight into `parent` (the renderer's layer), above what it already holds. */
  constructor(private scene: Phaser.Scene, private parent: Phaser.GameObjects.Container) {}

  begin(): void {
    this.seen.clear();
  }

  get(key: K): Phaser.GameObjects.Container | undefined {
    return this.items.get(key)?.obj;
  }

  /**
   * Put the piece `key` at `to`. `face` names what it shows ("identity#look"): when the identity
   * changes the piece is redrawn by `draw` (children centred on 0,0, `w`×`h`) and flips over; a new
   * look or size alone redraws it quietly.
   */
  put(key: K, face: string, w: number, h: number, draw: (c: Phaser.GameObjects.Container) => void, to: Spot, from?: Spot): Phaser.GameObjects.Container {
    this.seen.add(key);
    const old = this.items.get(key);
    const scene = this.scene;
    const size = `${w.toFixed(1)}x${h.toFixed(1)}`;
    const same = old !== undefined && old.face.split('#')[0] === face.split('#')[0];
    if (old && same && (old.face !== face || old.size !== size)) {
      // Same card, new size or look (a resize, a highlight): redraw it where it stands, no flip.
      old.obj.removeAll(true);
      draw(old.obj);
      old.obj.setSize(w, h);
      old.face = face;
      if (old.size !== size) { scene.tweens.killTweensOf(old.obj); old.obj.setPosition(to.x, to.y).setScale(1); }
      old.size = size;
    }
    if (old && same) {
      if (old.obj.getData('dragging')) return old.obj; // under a finger: it goes where it is dropped
      scene.tweens.killTweensOf(old.obj);
      const moving = travels(old.obj, to);
      if (moving) showPrint(old.obj, false);
      scene.tweens.add({
        targets: old.obj, x: to.x, y: to.y, angle: to.angle ?? 0, alpha: to.alpha ?? 1, scaleX: 1, scaleY: 1, duration: MOVE_MS, ease: 'Sine.easeInOut',
        onComplete: () => showPrint(old.obj, true),
      });
      if (!moving) showPrint(old.obj, true);
      return old.obj;
    }
    const start = old ? { x: old.obj.x, y: old.obj.y, angle: old.obj.angle } : from ?? to;
    const flip = !!old;
    if (old) old.obj.destroy();
    const obj = scene.add.container(start.x, start.y);
    // A flip turns the drawing inside the piece; the piece itself (its box, its tap area) keeps its
    // full size, held by an unseen frame, so a card turning back face down is never a sliver to tap.
    const drawing = flip ? scene.add.container(0, 0) : obj;
    draw(drawing);
    if (flip) {
      obj.add([scene.add.rectangle(0, 0, w, h).setVisible(false), drawing]);
      drawing.scaleX = 0;
      scene.tweens.add({ targets: drawing, scaleX: 1, duration: MOVE_MS, ease: 'Sine.easeInOut' });
    }
    obj.setSize(w, h).setAngle(start.angle ?? 0);
    this.parent.add(obj);
    this.items.set(key, { obj, face, size });
    if (!old && !from) obj.alpha = 0;
    if (travels(obj, to)) showPrint(obj, false);
    scene.tweens.add({ targets: obj, x: to.x, y: to.y, angle: to.angle ?? 0, alpha: to.alpha ?? 1, scaleX: 1, duration: MOVE_MS, ease: 'Sine.easeInOut', onComplete: () => showPrint(obj, true) });
    return obj;
  }

  /** Pieces not put since `begin` leave: to `exit(key)` if it names a place, else they fade. */
  end(exit?: (key: K) => Spot | null): void {
    for (const [key, piece] of this.items) {
      if (this.seen.has(key)) continue;
      this.items.delete(key);
      const obj = piece.obj;
      obj.disableInteractive();
      const to = exit?.(key) ?? null;
      this.scene.tweens.killTweensOf(obj);
      if (to) showPrint(obj, false);
      this.scene.tweens.add({
        targets: obj, ...(to ? { x: to.x, y: to.y, scaleX: 0.5, scaleY: 0.5 } : {}), alpha: 0, duration: MOVE_MS + 60,
        ease: 'Sine.easeIn', onComplete: () => obj.destroy(),
      });
    }
  }

  destroy(): void {
    for (const piece of this.items.values()) piece.obj.destroy();
    this.items.clear();
  }
}

/** Is the piece going somewhere else (more than a nudge)? */
function travels(obj: Phaser.GameObjects.Container, to: Spot): boolean {
  return Math.hypot(obj.x - to.x, obj.y - to.y) > 6;
}

/**
 * A card's small print (its texts) hides while it flies across the table, so it never runs over
 * the labels it passes (names, counts) and reads only once it has landed.
 */
function showPrint(obj: Phaser.GameObjects.Container, visible: boolean): void {
  if (!obj.active) return;
  for (const child of obj.list) {
    if (child.type === 'Text') (child as Phaser.GameObjects.Text).setVisible(visible);
    else if (child.type === 'Container') showPrint(child as Phaser.GameObjects.Container, visible);
  }
}
