/**
 * The rules-engine contract every game implements (see docs/architecture.md).
 *
 * A game is a pure module: no Node or DOM APIs, no Math.random (use shared/random.ts with
 * the RNG state kept inside the game state), no Date.now (time comes in as `now`, in ms).
 * The server room, the client's prediction, the bots and the tests all run this same code.
 */
import type { ZodType, ZodTypeDef } from 'zod';
import type { RngState } from '../random.js';
import type { Msg, MsgParam } from '../i18n/msg.js';

/** A seat index, 0-based, in table order (clockwise). */
export type Seat = number;

/**
 * Errors are values, not exceptions. `code` is machine-readable; the player reads it formatted
 * by the client from `<game>:error.<code>` (shared/i18n/msg.ts), with `params`.
 */
export interface RuleError {
  code: string;
  params?: Record<string, MsgParam>;
}

/** Something that happened, for the "what just happened" line and animations. Public unless `to` is set. */
export interface GameEvent {
  type: string;
  /** Seats this event may be shown to; absent = everyone (spectators included). */
  to?: Seat[];
  /** What the players read, as a key and parameters (shared/i18n/msg.ts), e.g. `railway_madness:event.take`. */
  msg?: Msg;
  [key: string]: unknown;
}

export type Applied<S> = { ok: true; state: S; events: GameEvent[] } | { ok: false; error: RuleError };

export interface SeatResult {
  seat: Seat;
  /** 1 = winner; equal places are ties. */
  place: number;
  /** The game's own score (points, cards, penalty total...), as the rulebook counts it. */
  score: number;
}

export interface GameResult {
  seats: SeatResult[];
  /** One line for the result screen, e.g. "Bo wins with 4 penalty points", as a key and parameters. */
  summary: Msg;
}

/** A bot's decision: the action and how long a human would take to do it. */
export interface BotMove<A> {
  action: A;
  delayMs: number;
}

export type BotLevel = 'easy' | 'hard';

/** Common room options every game accepts besides its own. */
export interface BaseOptions {
  variant: string;
  /** Table size: number of seats. */
  players: number;
}

export interface GameDefinition<S, A, O extends BaseOptions = BaseOptions, P = unknown, V = unknown> {
  /** Room name, part of the public protocol (e.g. 'railway_madness'). */
  id: string;
  title: string;
  variants: readonly string[];
  defaultVariant: string;
  /** Seat range allowed for these options (variant may narrow it). */
  seatRange(options: O): { min: number; max: number };
  /** Validates and fills defaults for create/host options. Unknown keys are stripped. */
  optionsSchema: ZodType<O, ZodTypeDef, unknown>;
  /** Validates one client action. The room answers a failure with an `error` message. */
  actionSchema: ZodType<A, ZodTypeDef, unknown>;
  /**
   * True for actions that race other players' actions in real time (grabs, claims, interrupts).
   * The room orders these by compensated client time (shared/arbitration.ts) before applying.
   */
  isRace(action: A): boolean;

  setup(options: O, seats: number, seed: number, now: number): S;
  /** Apply one seat's action. Must not mutate `state`; the new state shares every unchanged part with it (shared/games/edit.ts). */
  apply(state: S, seat: Seat, action: A, now: number): Applied<S>;
  /** The earliest time at which `advance` has work to do (a clock running out, a window closing), or null. */
  nextDeadline(state: S): number | null;
  /** Apply everything that is due at `now` (time-outs with their default moves, windows closing). */
  advance(state: S, now: number): Applied<S>;

  /** What everybody at the table, spectators included, may see. Must never contain hidden information. */
  publicView(state: S, now: number): P;
  /** What only this seat may additionally see (its hand, its secret choice...). */
  seatView(state: S, seat: Seat, now: number): V;
  /** Whose move the UI should highlight (empty for simultaneous phases). */
  activeSeats(state: S): Seat[];

  /** Null while the game runs; the final standing once it is over. */
  result(state: S): GameResult | null;
  /** A bot's next action for this seat, or null if it has nothing to do now. Deterministic given rng. */
  bot(state: S, seat: Seat, level: BotLevel, rng: RngState, now: number): BotMove<A> | null;
  /**
   * A bot that sees only what a client sees (the public view and its own seat view): used by
   * load tests' real websocket clients. Returns the action to send, or null to wait.
   */
  viewBot?(publicView: P, seatView: V, seat: Seat, rng: RngState, now: number): A | null;
}

/** Erased form used by the platform's registry and rooms. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGame = GameDefinition<any, any, any, any, any>;

/** A refusal: the client shows `<game>:error.<code>` with these params. */
export function ruleError(code: string, params?: Record<string, MsgParam>): { ok: false; error: RuleError } {
  return { ok: false, error: params ? { code, params } : { code } };
}
