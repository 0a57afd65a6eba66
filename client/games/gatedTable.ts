/**
 * The render prologue Car Exchange and Took Over! share: a MoveGate around the frame's context
 * (no second move offered while one is in flight) and the stage (client/games/stage.ts) the
 * renderer draws on, its `decor` (`chrome` here) redrawn on every render under the keyed pieces.
 */
import type Phaser from 'phaser';
import type { RenderContext } from './renderer.js';
import { MoveGate } from './controls.js';
import { Stage } from './stage.js';

export class GatedTable<Action = unknown> {
  readonly gate = new MoveGate();
  ctx: RenderContext<Action> | null = null;
  pieces: Stage | null = null;

  get chrome(): Phaser.GameObjects.Container | null {
    return this.pieces?.decor ?? null;
  }

  get over(): Phaser.GameObjects.Container | null {
    return this.pieces?.overlay ?? null;
  }

  /**
   * Start a render: note the views (a change reopens the gate), wrap the frame so a move closes
   * it (`redraw` runs when it reopens with no new views) and build the stage the first time.
   * Returns the gated context and whether the stage was just built.
   */
  open(frame: RenderContext<Action>, redraw: () => void, ...views: unknown[]): { ctx: RenderContext<Action>; fresh: boolean } {
    this.gate.seen(...views);
    const ctx = this.gate.wrap(frame, redraw);
    this.ctx = ctx;
    this.pieces ??= new Stage();
    const fresh = this.pieces.attach(ctx.scene, ctx.layer);
    return { ctx, fresh };
  }

  /** Start drawing: the chrome is emptied and every piece waits to be placed again (it stays, to slide to its next place). */
  clear(): void {
    this.pieces?.begin();
  }

  destroy(): void {
    this.gate.release();
    this.pieces?.destroy();
    this.pieces = null;
  }
}
