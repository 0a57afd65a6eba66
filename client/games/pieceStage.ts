/**
 * What a renderer keeps between renders: one container of its own inside the frame's layer, a
 * `decor` container redrawn on every render (labels, lanes, buttons) and the game's pieces keyed by
 * id (cards, cars), which survive renders and tween to where the new state puts them. A piece whose
 * look changes (size, face) is redrawn where it stood and then slides on, so a card can fly from a
 * hand to a row, or from a row to a penalty pile, instead of vanishing and reappearing.
 */
import type Phaser from 'phaser';
import { markTarget, unmarkTarget } from '../ui/tapTargets.js';
import { keyHinted } from '../ui/keyHints.js';
import type { RenderContext } from './renderer.js';
import { Pieces } from './pieces.js';
import { MoveGate } from './controls.js';

type Container = Phaser.GameObjects.Container;

export const SLIDE_MS = 260;

export interface PiecePlace {
  x: number;
  y: number;
  /** Where a new piece comes from (else it fades in where it belongs). */
  from?: { x: number; y: number };
  depth?: number;
  alpha?: number;
}

interface Piece { obj: Container; look: string; seen: boolean }

export class PieceStage {
  private scene: Phaser.Scene | null = null;
  private root: Container | null = null;
  /** Redrawn on every render: everything that is not a piece. */
  decor!: Container;
  /** Above the pieces: overlays redrawn on every render (rings, badges). */
  over!: Container;
  private pieceLayer!: Container;
  private pieces = new Map<string, Piece>();

  /**
   * Makes sure the stage lives in this layer; true when it was (re)built from nothing (first render,
   * or a frame that cleared its layer, as the replay screen does between frames).
   */
  attach(scene: Phaser.Scene, layer: Container): boolean {
    if (this.root?.active && this.root.parentContainer === layer) return false;
    this.pieces.clear();
    this.scene = scene;
    this.root = scene.add.container(0, 0);
    this.decor = scene.add.container(0, 0);
    this.pieceLayer = scene.add.container(0, 0);
    this.over = scene.add.container(0, 0);
    this.root.add([this.decor, this.pieceLayer, this.over]);
    layer.add(this.root);
    return true;
  }

  /** Start a render: decor and overlays are drawn afresh, pieces wait to be placed. */
  begin(): void {
    this.decor.removeAll(true);
    this.over.removeAll(true);
    for (const p of this.pieces.values()) p.seen = false;
  }

  has(key: string): boolean {
    return this.pieces.has(key);
  }

  get(key: string): Container | undefined {
    return this.pieces.get(key)?.obj;
  }

  /** Place the piece `key` (drawn by `make` when new or when its `look` changed) and slide it there. */
  place(key: string, look: string, make: () => Container, at: PiecePlace): Container {
    const scene = this.scene!;
    let piece = this.pieces.get(key);
    if (piece && piece.look !== look) {
      const old = piece.obj;
      const obj = make();
      obj.setPosition(old.x, old.y).setAlpha(old.alpha);
      scene.tweens.killTweensOf(old);
      old.destroy();
      piece = { obj, look, seen: true };
      this.pieces.set(key, piece);
      this.pieceLayer.add(obj);
    } else if (!piece) {
      const obj = make();
      const from = at.from ?? { x: at.x, y: at.y };
      obj.setPosition(from.x, from.y);
      if (!at.from) obj.setAlpha(0);
      piece = { obj, look, seen: true };
      this.pieces.set(key, piece);
      this.pieceLayer.add(obj);
    }
    piece.seen = true;
    const obj = piece.obj;
    obj.setDepth(at.depth ?? 0);
    const alpha = at.alpha ?? 1;
    if (obj.x !== at.x || obj.y !== at.y || obj.alpha !== alpha) {
      scene.tweens.killTweensOf(obj);
      scene.tweens.add({ targets: obj, x: at.x, y: at.y, alpha, duration: SLIDE_MS, ease: 'Cubic.easeOut' });
    }
    return obj;
  }

  /** Finish a render: pieces not placed this time fade out (or fly to `leaveTo` first). */
  end(leaveTo?: (key: string) => { x: number; y: number } | null): void {
    const scene = this.scene!;
    this.pieceLayer.sort('depth');
    for (const [key, p] of this.pieces) {
      if (p.seen) continue;
      this.pieces.delete(key);
      const to = leaveTo?.(key) ?? null;
      scene.tweens.killTweensOf(p.obj);
      scene.tweens.add({
        targets: p.obj, alpha: 0, duration: SLIDE_MS, ease: 'Cubic.easeIn',
        ...(to ? { x: to.x, y: to.y, scale: 0.4 } : {}),
        onComplete: () => p.obj.destroy(),
      });
    }
  }

  /** A quick half-turn of a piece in place (a card being revealed). */
  flip(key: string, delay = 0): void {
    const obj = this.get(key);
    if (!obj || !this.scene) return;
    this.scene.tweens.add({ targets: obj, scaleX: { from: 0, to: 1 }, duration: 200, delay, ease: 'Sine.easeOut' });
  }

  destroy(): void {
    for (const p of this.pieces.values()) this.scene?.tweens.killTweensOf(p.obj);
    this.pieces.clear();
    this.root?.destroy();
    this.root = null;
  }
}

type Tappable = Phaser.GameObjects.Rectangle;

/**
 * Wires a piece's hit rectangle once; what a tap does is read at tap time, so a piece kept across
 * renders never calls a stale handler. `enable` (re)registers it as a tap target only while the
 * rules allow the move; otherwise it is not interactive at all. `pressed` marks one of a set of
 * choices (true: the chosen one, which stays listed for the text view even with no tap).
 */
export function tapArea(hit: Tappable, id: string, onTap: (() => void) | null, pressed?: boolean): void {
  hit.setData('onTap', onTap);
  if (!hit.getData('wired')) {
    hit.setData('wired', true);
    hit.on('pointerdown', (p: Phaser.Input.Pointer, _x: number, _y: number, ev: Phaser.Types.Input.EventData) => {
      const fn = hit.getData('onTap') as (() => void) | null;
      if (fn) { ev?.stopPropagation?.(); fn(); }
      void p;
    });
  }
  if (onTap) {
    hit.setInteractive({ useHandCursor: true });
    markTarget(hit, id, pressed);
  } else {
    if (hit.input) hit.disableInteractive();
    if (pressed) markTarget(hit, id, true);
    else unmarkTarget(hit);
  }
}

/** An invisible hit rectangle of at least 44 × 44 px centred on (cx, cy). */
export function hitBox(scene: Phaser.Scene, cx: number, cy: number, w: number, h: number): Phaser.GameObjects.Rectangle {
  return scene.add.rectangle(cx, cy, Math.max(44, w), Math.max(44, h), 0xffffff, 0.001);
}

/** A text button drawn on the table: at least 44 px high, registered as a tap target while enabled. */
export function tableButton(scene: Phaser.Scene, parent: Container, x: number, y: number, label: string, id: string, onTap: (() => void) | null, opts: { w?: number; primary?: boolean; on?: boolean; font?: number } = {}): { w: number; h: number } {
  const font = opts.font ?? 15;
  const t = scene.add.text(0, 0, keyHinted(label), { fontFamily: 'system-ui, sans-serif', fontSize: `${font}px`, color: onTap || opts.on ? '#1d2330' : '#cfd6e6', fontStyle: 'bold', align: 'center' });
  const w = Math.max(44, opts.w ?? t.width + 20);
  if (t.width > w - 8) t.setWordWrapWidth(w - 8);
  const h = Math.max(44, t.height + 16);
  const fill = opts.on ? 0x9fe29f : onTap ? (opts.primary ? 0xf2c14e : 0xdfe6f5) : 0x4a5267;
  const bg = scene.add.rectangle(x, y, w, h, fill).setOrigin(0).setStrokeStyle(opts.on ? 3 : 1, opts.on ? 0xffffff : 0x1d2330);
  t.setPosition(x + w / 2, y + h / 2).setOrigin(0.5);
  parent.add([bg, t]);
  tapArea(bg, id, onTap, opts.on);
  return { w, h };
}

/**
 * The render prologue Car Exchange, Took Over! and Railway Madness share: a MoveGate around the
 * frame's context (no second move offered while one is in flight), a `chrome` container redrawn on
 * every render under the keyed `pieces`, and an `over` container above them (badges, buttons).
 */
export class GatedTable<K> {
  readonly gate = new MoveGate();
  ctx: RenderContext | null = null;
  pieces: Pieces<K> | null = null;
  chrome: Container | null = null;
  over: Container | null = null;

  /**
   * Start a render: note the views (a change reopens the gate), wrap the frame so a move closes
   * it (`redraw` runs when it reopens with no new views) and build the containers the first time.
   * Returns the gated context and whether the containers were just built.
   */
  open(frame: RenderContext, redraw: () => void, ...views: unknown[]): { ctx: RenderContext; fresh: boolean } {
    this.gate.seen(...views);
    const ctx = this.gate.wrap(frame, redraw);
    this.ctx = ctx;
    const fresh = !this.pieces;
    if (fresh) {
      this.chrome = ctx.scene.add.container(0, 0);
      ctx.layer.add(this.chrome);
      this.pieces = new Pieces<K>(ctx.scene, ctx.layer);
      this.over = ctx.scene.add.container(0, 0);
      ctx.layer.add(this.over);
    }
    return { ctx, fresh };
  }

  /** Empty the per-render containers (pieces stay, to slide to their next place). */
  clear(): void {
    this.chrome?.removeAll(true);
    this.over?.removeAll(true);
  }

  /** Keep the `over` container above pieces that were added since it was built. */
  raise(): void {
    if (this.over && this.ctx) this.ctx.layer.bringToTop(this.over);
  }

  destroy(): void {
    this.gate.release();
    this.pieces?.destroy();
    this.chrome?.destroy();
    this.over?.destroy();
    this.pieces = null;
    this.chrome = null;
    this.over = null;
  }
}
