/**
 * The rule tests' three moves, for any engine: an action that must be accepted, one that must be
 * refused, and the clock. Actions go through the game's own `actionSchema` first, as the room does.
 */
import type { GameDefinition, GameEvent, RuleError, Seat } from '../contract.js';

/** An accepted step: the new state and what happened. */
export interface Step<S> { state: S; events: GameEvent[] }

export interface EngineHarness<S> {
  /** `seat` plays `action` at `now`; throws with the refusal's code and parameters if the rules refuse it. */
  act(state: S, seat: Seat, action: unknown, now?: number): Step<S>;
  /** The rules' refusal of `seat` playing `action` at `now`; throws if they accept it. */
  refusal(state: S, seat: Seat, action: unknown, now?: number): RuleError;
  /** Everything due at `now` (time-outs, windows closing); throws if the engine refuses. */
  advance(state: S, now: number): Step<S>;
}

/** Rule tests' actions are at 100 ms unless a test says otherwise: after setup's 0, before any clock. */
const AT = 100;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function engineHarness<S>(engine: GameDefinition<S, any, any, any, any>): EngineHarness<S> {
  return {
    act(state, seat, action, now = AT) {
      const r = engine.apply(state, seat, engine.actionSchema.parse(action), now);
      if (!r.ok) throw new Error(`${r.error.code}: ${JSON.stringify(r.error.params ?? {})}`);
      return { state: r.state, events: r.events };
    },
    refusal(state, seat, action, now = AT) {
      const r = engine.apply(state, seat, engine.actionSchema.parse(action), now);
      if (r.ok) throw new Error(`expected a refusal of ${JSON.stringify(action)}`);
      return r.error;
    },
    advance(state, now) {
      const r = engine.advance(state, now);
      if (!r.ok) throw new Error(`${r.error.code}: ${JSON.stringify(r.error.params ?? {})}`);
      return { state: r.state, events: r.events };
    },
  };
}
