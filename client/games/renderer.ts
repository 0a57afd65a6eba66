/**
 * What a game's table drawing implements. The TableScene owns the frame (players, whose turn,
 * clocks, what just happened, refusals, results); a renderer draws the game itself inside the
 * area it is given, from the views read once per patch and the events that patch brought.
 */
import type Phaser from 'phaser';
import type { Rollback } from '../net/connection.js';
import type { SeatCue } from '../table/playersPanel.js';
import type { Happened } from './happened.js';

export type { Happened } from './happened.js';

export interface SeatInfo { seat: number; name: string; bot: boolean; connected: boolean; me: boolean }

/** `Action`: the game's own action type (shared/games/<game>/actions.ts), checked from the renderer to the socket. */
export interface RenderContext<Action = unknown> {
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
  act(action: Action, predict?: () => Rollback): void;
  /**
   * True when the frame's top bar shows the running deadline with its purpose ("Your turn — 12 s",
   * "Reveal in 3 s"): the renderer should not draw a second clock that could disagree with it.
   */
  frameClock?: boolean;
  /** Short message in the frame's status line (e.g. "Pick a card"). */
  hint(text: string): void;
}

/**
 * Typed per game: `GameRenderer<RailwayPublicView, RailwaySeatView, RailwayAction>` (the engine's
 * view and action types from shared/games/<game>; the seat view is null for spectators). Renderers
 * keep their Phaser objects keyed by piece between calls and tween them to their new place, rather
 * than rebuilding; what moved, and from where to where, they take from `events`, not from a diff.
 *
 * The frame never clears `ctx.layer`: a renderer owns the children it adds there (creates them once,
 * updates them on each `render`, and destroys all of them in `destroy()`). Everything a player may
 * tap now is registered with `markTarget` (client/ui/tapTargets.ts), and nothing else is.
 */
export interface GameRenderer<PublicView = unknown, SeatView = unknown, Action = unknown> {
  /**
   * Called once per patch with the views it left and the engine events it brought, oldest first
   * (and again on resize or after a local choice, with no events): bring the drawing up to them.
   */
  render(ctx: RenderContext<Action>, view: PublicView, myView: SeatView | null, events: readonly Happened[]): void;
  /** Keyboard shortcuts, if any ("1–9 grab a card", ...), shown in the help line. */
  readonly keysHelp?: string;
  /** Key presses routed from the scene while this renderer is shown. */
  onKey?(ctx: RenderContext<Action>, key: string): void;
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
export type AnyRenderer = GameRenderer<any, any, any>;
export type RendererFactory = () => AnyRenderer;
