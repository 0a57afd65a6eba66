/**
 * What a game's table drawing implements. The TableScene owns the frame (players, whose turn,
 * clocks, what just happened, refusals, results); a renderer draws the game itself inside the
 * area it is given, redrawing from the synchronised views each time they change.
 */
import type Phaser from 'phaser';
import type { Rollback } from '../net/connection.js';

export interface SeatInfo { seat: number; name: string; bot: boolean; connected: boolean; me: boolean }

export interface RenderContext {
  scene: Phaser.Scene;
  /** Draw inside this container; its (0,0) is the top-left of the game area. */
  layer: Phaser.GameObjects.Container;
  width: number;
  height: number;
  /** My seat, or null when spectating. */
  mySeat: number | null;
  seats: SeatInfo[];
  /** Server-time estimate (ms) for countdowns. */
  serverNow(): number;
  /** Send an action; `predict` shows it at once and returns the visible undo. */
  act(action: unknown, predict?: () => Rollback): void;
  /**
   * True when the frame's top bar shows the running deadline with its purpose ("Your turn — 12 s",
   * "Reveal in 3 s"): the renderer should not draw a second clock that could disagree with it.
   */
  frameClock?: boolean;
  /** Short message in the frame's status line (e.g. "Pick a card"). */
  hint(text: string): void;
}

export interface GameRenderer {
  /** Called on every state change (and on resize): redraw from these views. */
  render(ctx: RenderContext, publicView: unknown, seatView: unknown): void;
  /** Keyboard shortcuts, if any ("1–9 grab a card", ...), shown in the help line. */
  readonly keysHelp?: string;
  /** Key presses routed from the scene while this renderer is shown. */
  onKey?(ctx: RenderContext, key: string): void;
  destroy?(): void;
}

export type RendererFactory = () => GameRenderer;
