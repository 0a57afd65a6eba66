/**
 * Plays the seats that bots hold. A bot decides, then "reacts" after its human-like delay; when
 * the delay is over it decides again on the state as it is then (the table may have moved on)
 * and acts. One pending decision per seat; timers go through the room's timers so they die with it.
 */
import type { BotLevel, BotMove, Seat } from '../../shared/games/contract.js';
import type { Rng, RngState } from '../../shared/random.js';
import type { TimerClock } from './tableClocks.js';

type Decide = (seat: Seat, level: BotLevel) => BotMove<unknown> | null;
type Act = (seat: Seat, action: unknown) => void;

export class BotDriver {
  private pending = new Map<Seat, { clear(): void }>();

  constructor(private readonly clock: TimerClock, private readonly rng: Rng) {}

  /** A fresh RNG state for each decision, so bots are varied yet reproducible from the room's bot seed. */
  rngState(): RngState {
    this.rng.next();
    return this.rng.state;
  }

  private last: { seats: Map<Seat, BotLevel>; decide: Decide; act: Act } | null = null;

  plan(seats: Map<Seat, BotLevel>, decide: Decide, act: Act): void {
    this.last = { seats, decide, act };
    for (const seat of [...this.pending.keys()]) {
      if (!seats.has(seat)) this.cancel(seat);
    }
    for (const [seat, level] of seats) {
      if (this.pending.has(seat)) continue;
      const move = decide(seat, level);
      if (!move) continue;
      const timer = this.clock.setTimeout(() => {
        this.pending.delete(seat);
        const now = decide(seat, level);
        if (now) act(seat, now.action);
        // If the action was refused or changed nothing, nobody re-planned this seat: do it here.
        if (!this.pending.has(seat) && this.last) this.plan(this.last.seats, this.last.decide, this.last.act);
      }, Math.max(50, move.delayMs));
      this.pending.set(seat, timer);
    }
  }

  cancel(seat: Seat): void {
    this.pending.get(seat)?.clear();
    this.pending.delete(seat);
  }

  stopAll(): void {
    this.last = null;
    for (const seat of [...this.pending.keys()]) this.cancel(seat);
  }
}
