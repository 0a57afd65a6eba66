/**
 * Touch-sized controls for the table renderers: buttons at least 44 px tall, taps on pieces, and
 * the tap-target registry (only what the rules allow now is interactive and registered).
 */
import type Phaser from 'phaser';
import { markTarget, unmarkTarget } from '../ui/tapTargets.js';
import { keyHinted } from '../ui/keyHints.js';

export const TAP = 44;

export interface ButtonOpts { enabled?: boolean; colour?: string; big?: boolean; width?: number; fontSize?: number }

/** A button; when enabled it is interactive and registered as tap target `id`. */
export function tapButton(scene: Phaser.Scene, x: number, y: number, label: string, id: string, onTap: () => void, opts: ButtonOpts = {}): Phaser.GameObjects.Text {
  const enabled = opts.enabled ?? true;
  const size = opts.fontSize ?? (opts.big ? 20 : 16);
  const padY = Math.max(8, Math.ceil((TAP - size) / 2));
  const b = scene.add.text(x, y, keyHinted(label), {
    fontFamily: 'system-ui, sans-serif', fontSize: `${size}px`, fontStyle: opts.big ? 'bold' : 'normal', align: 'center',
    color: enabled ? '#1d2330' : '#c7ccd6', backgroundColor: enabled ? (opts.colour ?? '#f2c14e') : '#4b5263',
    padding: { x: 12, y: padY },
  });
  if (opts.width) b.setFixedSize(opts.width, 0);
  if (enabled) {
    b.setInteractive({ useHandCursor: true }).on('pointerdown', onTap);
    markTarget(b, id);
  }
  return b;
}

/** Make a keyed piece tappable now (or not): its handler is replaced on every render. */
export function setTap(obj: Phaser.GameObjects.Container, id: string, onTap: (() => void) | null): void {
  obj.off('pointerdown');
  if (!onTap) {
    obj.disableInteractive();
    unmarkTarget(obj);
    return;
  }
  if (!obj.input) obj.setInteractive({ useHandCursor: true });
  else obj.setInteractive();
  obj.on('pointerdown', onTap);
  markTarget(obj, id);
}

/** A label that never runs past `maxWidth` (shrinks its font, then cuts with an ellipsis). */
export function fitText(text: Phaser.GameObjects.Text, maxWidth: number): Phaser.GameObjects.Text {
  let size = parseInt(String(text.style.fontSize), 10) || 14;
  while (text.width > maxWidth && size > 11) text.setFontSize(--size);
  if (text.width > maxWidth) {
    let s = text.text;
    while (s.length > 1 && text.width > maxWidth) text.setText((s = s.slice(0, -1)) + '…');
  }
  return text;
}

/**
 * Between sending a move and seeing its result the table still shows the old state, where the
 * next tap would be judged against a state the server has already left (a second card during the
 * pace, a flip with the hand already full). The gate closes on every move sent and opens when the
 * views change, when the move is refused, or after a safety delay.
 */
export class MoveGate {
  private busy = false;
  private seenViews: readonly unknown[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;

  /**
   * Call with the views at the start of each render. The table reads them once per patch, so the
   * same objects mean the same patch (a redraw), new ones a change.
   */
  seen(...views: unknown[]): void {
    if (views.length === this.seenViews.length && views.every((v, i) => v === this.seenViews[i])) return;
    this.seenViews = views;
    this.release();
  }

  get open(): boolean {
    return !this.busy;
  }

  /** A context whose `act` closes the gate; `redraw` runs when it opens again without new views. */
  wrap<A, C extends { act(action: A, predict?: () => () => void): void }>(ctx: C, redraw: () => void): C {
    return {
      ...ctx,
      act: (action: A, predict?: () => () => void) => {
        this.busy = true;
        if (this.timer) clearTimeout(this.timer);
        this.timer = setTimeout(() => { this.release(); redraw(); }, 2_000);
        ctx.act(action, () => {
          const undo = predict?.();
          return () => { undo?.(); this.release(); redraw(); };
        });
        setTimeout(redraw, 0);
      },
    };
  }

  release(): void {
    this.busy = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
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
export function tableButton(scene: Phaser.Scene, parent: Phaser.GameObjects.Container, x: number, y: number, label: string, id: string, onTap: (() => void) | null, opts: { w?: number; primary?: boolean; on?: boolean; font?: number } = {}): { w: number; h: number } {
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
