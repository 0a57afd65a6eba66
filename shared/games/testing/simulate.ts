/**
 * Test-only: plays a game on a virtual clock. At each step every proposal (a bot's move with its
 * delay) competes with the game's next deadline; the soonest happens. Engine property tests use it
 * to play seeded games to the end and check their invariants after every step.
 */
import type { BotLevel, GameEvent, RuleError } from '../contract.js';
import type { Rng, RngState } from '../../random.js';

export interface Proposal<A> {
  seat: number;
  action: A;
  delayMs: number;
  /** A deliberately sloppy move (a random claim, a random card): a refusal is expected and skipped. */
  careless?: boolean;
}

export interface Step<S> {
  state: S;
  /** The state before this step. */
  previous: S;
  events: GameEvent[];
  now: number;
  step: number;
  /** The proposal that was applied, or null when the clock advanced the game. */
  applied: Proposal<unknown> | null;
}

interface Engine<S, A> {
  apply(state: S, seat: number, action: A, now: number): { ok: true; state: S; events: GameEvent[] } | { ok: false; error: RuleError };
  advance(state: S, now: number): { ok: true; state: S; events: GameEvent[] } | { ok: false; error: RuleError };
  nextDeadline(state: S): number | null;
}

export interface SimulateOptions<S, A> {
  /** What each seat would do now (bots, random players); an empty list lets the clock run. */
  propose(state: S, now: number): Proposal<A>[];
  done(state: S): boolean;
  maxSteps: number;
  /** Called after every step: throw to fail the game. */
  check?(step: Step<S>): void;
  /** What a refused, not careless proposal does: throw (default, a bot must never be refused) or be ignored. */
  refusals?: 'throw' | 'ignore';
  /** Every so many steps, prove that apply/advance left their input untouched. */
  immutabilityEvery?: number;
  /** Named in errors, e.g. the seed. */
  label?: string;
}

export function simulate<S, A>(game: Engine<S, A>, start: S, o: SimulateOptions<S, A>): { state: S; now: number; steps: number } {
  let state = start;
  let now = 0;
  let step = 0;
  const where = () => `${o.label ?? 'game'} step ${step}`;
  for (; step < o.maxSteps && !o.done(state); step++) {
    const soonest = o.propose(state, now).sort((a, b) => a.delayMs - b.delayMs)[0];
    const deadline = game.nextDeadline(state) ?? Infinity;
    const previous = state;
    const snapshot = o.immutabilityEvery && step % o.immutabilityEvery === 0 ? JSON.stringify(state) : null;
    let events: GameEvent[] = [];
    let applied: Proposal<A> | null = null;
    if (!soonest || now + soonest.delayMs >= deadline) {
      if (deadline === Infinity) throw new Error(`${where()}: stuck with no move and no deadline`);
      now = deadline;
      const r = game.advance(state, now);
      if (!r.ok) throw new Error(`${where()}: advance failed: ${r.error.code}`);
      ({ state, events } = r);
    } else {
      now += soonest.delayMs;
      const r = game.apply(state, soonest.seat, soonest.action, now);
      if (r.ok) {
        ({ state, events } = r);
        applied = soonest;
      } else if (!soonest.careless && o.refusals !== 'ignore') {
        throw new Error(`${where()}: ${JSON.stringify(soonest.action)} by seat ${soonest.seat} refused: ${r.error.code}`);
      }
    }
    if (snapshot !== null && JSON.stringify(previous) !== snapshot) throw new Error(`${where()}: the input state was mutated`);
    o.check?.({ state, previous, events, now, step, applied });
  }
  return { state, now, steps: step };
}

/** Proposals from the game's own bots for the given seats. */
export function botProposals<S, A>(
  bot: (s: S, seat: number, level: BotLevel, rng: RngState, now: number) => { action: A; delayMs: number } | null,
  seats: readonly number[], level: (seat: number) => BotLevel, rng: Rng,
): (s: S, now: number) => Proposal<A>[] {
  return (s, now) => {
    const out = seats.flatMap((seat) => {
      const move = bot(s, seat, level(seat), rng.state, now);
      return move ? [{ seat, action: move.action, delayMs: move.delayMs }] : [];
    });
    rng.next();
    return out;
  };
}
