/**
 * The one stage every renderer draws on: everything it shows is kept by key between renders —
 * pieces (cards, cars), labels, buttons and shapes alike. Each render names what should be shown
 * now; what is unchanged is left alone, what changed is updated in place, what is no longer named
 * goes. Pieces move: one already on the table slides to its new spot, one whose face changed is
 * redrawn and turned over, a new one comes in from `from` (else fades in), and one no longer named
 * flies to where `end` says (else fades). While a piece travels its texts hide (see showPrint).
 *
 * Three layers: `under` (outlines, rings), the pieces, `over` (labels, buttons, badges). What a
 * renderer has not keyed yet it draws into `decor` (under the pieces) and `overlay` (above them),
 * emptied by every `begin`. A renderer that sets `ordered` has its kept labels, buttons and shapes
 * drawn in the order a render names them (as if drawn afresh), not in the order they were made.
 */
import type Phaser from 'phaser';
import { fitText, tapButton, type ButtonOpts } from './controls.js';

type Container = Phaser.GameObjects.Container;
type Shown = Phaser.GameObjects.GameObject & { destroy(): void };

export const MOVE_MS = 240;
/** A placed piece'''s slide (`place`): a board'''s cars and signs move a little slower than cards fly. */
export const SLIDE_MS = 260;

export interface Spot { x: number; y: number; angle?: number; alpha?: number }

/** Where `place` puts a piece: `from` is where a new one comes from (else it fades in where it belongs). */
export interface PiecePlace {
  x: number;
  y: number;
  from?: { x: number; y: number };
  depth?: number;
  alpha?: number;
}

export type Layer = 'under' | 'over';

export interface LabelStyle {
  size: number;
  colour?: string;
  bold?: boolean;
  /** Shrunk, then cut with an ellipsis, to stay within this width. */
  maxWidth?: number;
  /** Wrapped onto more lines at this width. */
  wrap?: number;
  origin?: [number, number];
  layer?: Layer;
}

interface Piece { obj: Container; face: string; size: string }
interface Kept { obj: Shown; look: string }

export class Stage {
  private scene: Phaser.Scene | null = null;
  private root: Container | null = null;
  private layers: Record<Layer | 'pieces', Container> | null = null;
  private pieces = new Map<string, Piece>();
  private kept = new Map<string, Kept>();
  private seen = new Set<string>();
  /** Drawn afresh on every render, under the pieces: what the renderer has not keyed. */
  decor!: Container;
  /** Drawn afresh on every render, above the pieces. */
  overlay!: Container;
  /**
   * Kept objects drawn in the order each render names them: a label remade over a box made before
   * it stays over it. Off by default: the renderers keyed first were written against making order.
   */
  ordered = false;

  /**
   * Makes sure the stage stands in `layer`; true when it was (re)built from nothing (the first
   * render, or a frame that cleared its layer, as the replay does when it has no renderer).
   */
  attach(scene: Phaser.Scene, layer: Container): boolean {
    if (this.root?.active && this.root.parentContainer === layer) return false;
    this.pieces.clear();
    this.kept.clear();
    this.scene = scene;
    this.root = scene.add.container(0, 0);
    this.layers = { under: scene.add.container(0, 0), pieces: scene.add.container(0, 0), over: scene.add.container(0, 0) };
    this.decor = scene.add.container(0, 0);
    this.overlay = scene.add.container(0, 0);
    this.layers.under.add(this.decor);
    this.layers.over.add(this.overlay);
    this.root.add([this.layers.under, this.layers.pieces, this.layers.over]);
    layer.add(this.root);
    return true;
  }

  /** Start a render: everything waits to be named again; `decor` and `overlay` are emptied. */
  begin(): void {
    this.seen.clear();
    this.decor.removeAll(true);
    this.overlay.removeAll(true);
  }

  get(key: string | number): Container | undefined {
    return this.pieces.get(String(key))?.obj;
  }

  /** The keys of the pieces on the stage now. */
  pieceKeys(): string[] {
    return [...this.pieces.keys()];
  }

  /** Is anything still on its way? */
  moving(): boolean {
    return [...this.pieces.values()].some((p) => this.scene!.tweens.isTweening(p.obj));
  }

  /**
   * Put the piece `key` at `to`. `face` names what it shows ("identity#look"): when the identity
   * changes the piece is redrawn by `draw` (children centred on 0,0, `w`×`h`) and turns over; a new
   * look or size alone redraws it quietly. A new piece comes from `from`, else fades in.
   */
  piece(id: string | number, face: string, w: number, h: number, draw: (c: Container) => void, to: Spot, from?: Spot): Container {
    const key = String(id);
    this.seen.add(key);
    const scene = this.scene!;
    const old = this.pieces.get(key);
    const size = `${w.toFixed(1)}x${h.toFixed(1)}`;
    const same = old !== undefined && old.face.split('#')[0] === face.split('#')[0];
    if (old && same && (old.face !== face || old.size !== size)) {
      // Same card, new size or look (a resize, a highlight, a card going from the table into a
      // train): redrawn where it stands, no flip, and it slides on from there.
      old.obj.removeAll(true);
      draw(old.obj);
      old.obj.setSize(w, h);
      old.face = face;
      if (old.size !== size) old.obj.setScale(1);
      old.size = size;
    }
    if (old && same) {
      if (old.obj.getData('dragging')) return old.obj; // under a finger: it goes where it is dropped
      this.slide(old.obj, to);
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
    this.layers!.pieces.add(obj);
    this.pieces.set(key, { obj, face, size });
    if (!old && !from) obj.alpha = 0;
    this.slide(obj, to);
    return obj;
  }

  /**
   * Place the piece `key`, made by `make` when new or when its `look` changed (then it is made again
   * where the old one stood, and slides on), at a depth among the pieces.
   */
  place(key: string, look: string, make: () => Container, at: PiecePlace): Container {
    this.seen.add(key);
    const scene = this.scene!;
    const old = this.pieces.get(key);
    let obj = old?.obj;
    if (!old || old.face !== look) {
      obj = make();
      if (old) {
        obj.setPosition(old.obj.x, old.obj.y).setAlpha(old.obj.alpha);
        scene.tweens.killTweensOf(old.obj);
        old.obj.destroy();
      } else {
        const from = at.from ?? at;
        obj.setPosition(from.x, from.y);
        if (!at.from) obj.setAlpha(0);
      }
      this.pieces.set(key, { obj, face: look, size: '' });
      this.layers!.pieces.add(obj);
    }
    obj!.setDepth(at.depth ?? 0);
    const alpha = at.alpha ?? 1;
    if (obj!.x !== at.x || obj!.y !== at.y || obj!.alpha !== alpha) {
      scene.tweens.killTweensOf(obj!);
      scene.tweens.add({ targets: obj, x: at.x, y: at.y, alpha, duration: SLIDE_MS, ease: 'Cubic.easeOut' });
    }
    return obj!;
  }

  /** A quick half-turn of a piece in place (a card being revealed). */
  flip(key: string, delay = 0): void {
    const obj = this.get(key);
    if (obj) this.scene!.tweens.add({ targets: obj, scaleX: { from: 0, to: 1 }, duration: 200, delay, ease: 'Sine.easeOut' });
  }

  /** A text kept by key: its words, place and style updated in place. */
  label(key: string, x: number, y: number, text: string, style: LabelStyle): Phaser.GameObjects.Text {
    const look = `${style.size}|${style.colour ?? ''}|${style.bold ?? false}|${style.wrap ?? 0}|${style.maxWidth ?? 0}`;
    const label = this.keep(key, look, style.layer ?? 'over', () => this.scene!.add.text(0, 0, '', {
      fontFamily: 'system-ui, sans-serif', fontSize: `${style.size}px`, color: style.colour ?? '#f2f2f2', fontStyle: style.bold ? 'bold' : 'normal',
    }));
    if (label.getData('text') !== text) {
      label.setData('text', text);
      // fitText may have shrunk it for the words before: start again from the asked size.
      label.setFontSize(style.size).setText(text);
      if (style.wrap) label.setWordWrapWidth(style.wrap);
      if (style.maxWidth) fitText(label, style.maxWidth);
    }
    label.setOrigin(...(style.origin ?? [0, 0])).setPosition(x, y);
    return label;
  }

  /**
   * A button kept by key (controls.ts tapButton: at least 44 px tall, a tap target while enabled).
   * What a tap does is read at tap time, so a kept button never runs a stale handler. Placed at
   * (0, 0) when new: the caller moves it once it knows the widths.
   */
  button(key: string, label: string, id: string, onTap: () => void, opts: ButtonOpts = {}, layer: Layer = 'over'): Phaser.GameObjects.Text {
    const look = `${label}|${id}|${JSON.stringify(opts)}`;
    const button = this.keep(key, look, layer, () => {
      const made: Phaser.GameObjects.Text = tapButton(this.scene!, 0, 0, label, id, () => (made.getData('onTap') as () => void)(), opts);
      return made;
    });
    button.setData('onTap', onTap);
    return button;
  }

  /** Any other drawn object kept by key, made again by `make` when its `look` (all it depends on, place included) changes. */
  shape<T extends Shown>(key: string, look: string, make: (scene: Phaser.Scene) => T, layer: Layer = 'under'): T {
    return this.keep(key, look, layer, () => make(this.scene!));
  }

  /**
   * Take a kept label, button or shape off the stage now (one named, then found not to fit): it
   * leaves the tap targets at once, not at `end`.
   */
  drop(key: string): void {
    this.seen.delete(key);
    this.kept.get(key)?.obj.destroy();
    this.kept.delete(key);
  }

  /**
   * Finish a render: pieces not named since `begin` leave, to `exit(key)` if it names a place
   * (the hand or train of whoever took them), else they fade; other things not named go at once.
   */
  end(exit?: (key: string) => Spot | null): void {
    const scene = this.scene!;
    this.layers!.pieces.sort('depth');
    for (const [key, piece] of this.pieces) {
      if (this.seen.has(key)) continue;
      this.pieces.delete(key);
      const obj = piece.obj;
      obj.disableInteractive();
      const to = exit?.(key) ?? null;
      scene.tweens.killTweensOf(obj);
      if (to) showPrint(obj, false);
      scene.tweens.add({
        targets: obj, ...(to ? { x: to.x, y: to.y, scaleX: 0.5, scaleY: 0.5 } : {}), alpha: 0, duration: MOVE_MS + 60,
        ease: 'Sine.easeIn', onComplete: () => obj.destroy(),
      });
    }
    for (const [key, kept] of this.kept) {
      if (this.seen.has(key)) continue;
      this.kept.delete(key);
      kept.obj.destroy();
    }
    if (this.ordered) this.sortKept();
  }

  /** `decor` and `overlay` first, then the kept objects as this render named them; untouched when already so. */
  private sortKept(): void {
    const rank = new Map<Phaser.GameObjects.GameObject, number>([[this.decor, -1], [this.overlay, -1]]);
    let n = 0;
    for (const key of this.seen) {
      const kept = this.kept.get(key);
      if (kept) rank.set(kept.obj, n++);
    }
    for (const layer of [this.layers!.under, this.layers!.over]) {
      const order = layer.list.map((o) => rank.get(o) ?? -1);
      if (order.every((r, i) => i === 0 || order[i - 1] <= r)) continue;
      // Phaser's sort wants a property name before it takes the handler; the handler alone decides.
      layer.sort('x', (a: Phaser.GameObjects.GameObject, b: Phaser.GameObjects.GameObject) => (rank.get(a) ?? -1) - (rank.get(b) ?? -1));
    }
  }

  destroy(): void {
    for (const piece of this.pieces.values()) this.scene?.tweens.killTweensOf(piece.obj);
    this.pieces.clear();
    this.kept.clear();
    this.root?.destroy();
    this.root = null;
    this.layers = null;
  }

  private keep<T extends Shown>(key: string, look: string, layer: Layer, make: () => T): T {
    this.seen.add(key);
    const old = this.kept.get(key);
    if (old && old.look === look && old.obj.active) return old.obj as T;
    old?.obj.destroy();
    const obj = make();
    this.layers![layer].add(obj);
    this.kept.set(key, { obj, look });
    return obj;
  }

  private slide(obj: Container, to: Spot): void {
    const scene = this.scene!;
    scene.tweens.killTweensOf(obj);
    const moving = travels(obj, to);
    if (moving) showPrint(obj, false);
    scene.tweens.add({
      targets: obj, x: to.x, y: to.y, angle: to.angle ?? 0, alpha: to.alpha ?? 1, scaleX: 1, scaleY: 1, duration: MOVE_MS, ease: 'Sine.easeInOut',
      onComplete: () => showPrint(obj, true),
    });
    if (!moving) showPrint(obj, true);
  }
}

/** Is the piece going somewhere else (more than a nudge)? */
function travels(obj: Container, to: Spot): boolean {
  return Math.hypot(obj.x - to.x, obj.y - to.y) > 6;
}

/**
 * A card's small print (its texts) hides while it flies across the table, so it never runs over
 * the labels it passes (names, counts) and reads only once it has landed.
 */
function showPrint(obj: Container, visible: boolean): void {
  if (!obj.active) return;
  for (const child of obj.list) {
    if (child.type === 'Text') (child as Phaser.GameObjects.Text).setVisible(visible);
    else if (child.type === 'Container') showPrint(child as Container, visible);
  }
}
