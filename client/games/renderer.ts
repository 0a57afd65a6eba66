/**
 * What a game's table drawing implements. The TableScene owns the frame (players, whose turn,
 * clocks, what just happened, refusals, results); a renderer draws the game itself inside the
 * area it is given, redrawing from the synchronised views each time they change.
 */
import type Phaser from 'phaser';
import type { Rollback } from '../net/connection.js';
import type { SeatCue } from '../table/playersPanel.js';

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

/**
 * Typed per game: `GameRenderer<RailwayPublicView, RailwaySeatView>` (the engine's view types from
 * shared/games/<game>; the seat view is null for spectators). Renderers keep their Phaser objects
 * keyed by piece between calls and tween them to their new place, rather than rebuilding.
 *
 * The frame never clears `ctx.layer`: a renderer owns the children it adds there (creates them once,
 * updates them on each `render`, and destroys all of them in `destroy()`). Everything a player may
 * tap now is registered with `markTarget` (client/ui/tapTargets.ts), and nothing else is.
 */
export interface GameRenderer<PublicView = unknown, SeatView = unknown> {
  /** Called on every state change (and on resize): bring the drawing up to these views. */
  render(ctx: RenderContext, publicView: PublicView, seatView: SeatView | null): void;
  /** Keyboard shortcuts, if any ("1–9 grab a card", ...), shown in the help line. */
  readonly keysHelp?: string;
  /** Key presses routed from the scene while this renderer is shown. */
  onKey?(ctx: RenderContext, key: string): void;
  destroy?(): void;
  /**
   * Active seats that are not the one to play, with the game's cue for them (Took Over!'s taker):
   * the players panel shows that cue instead of ▶ "to play".
   */
  seatCues?(publicView: PublicView): Map<number, SeatCue>;
  /**
   * What this player has chosen on the table and not sent yet, in words (Traffic Tango's signs of
   * the day, a route being drawn): the text view lists it and says it when it changes.
   */
  unsent?(): string[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRenderer = GameRenderer<any, any>;
export type RendererFactory = () => AnyRenderer;
