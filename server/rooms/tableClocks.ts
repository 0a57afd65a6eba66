/**
 * The table's timers, one per purpose, on the room's timers (roomTimers.ts: each fires at its own
 * moment, and they die with the room): the engine's next deadline, the quick-play auto start, the
 * wake-up when an away seat passes its grace period, and the release of held race actions.
 * Setting one replaces the previous one.
 */
export type TimerName = 'deadline' | 'autoStart' | 'absence' | 'release' | 'sleep';

interface Timer { clear(): void }
export interface TimerClock { setTimeout(fn: () => void, ms: number): Timer }

export class TableClocks {
  private readonly timers = new Map<TimerName, Timer>();

  constructor(private readonly clock: TimerClock, private readonly now: () => number = Date.now) {}

  /** Runs `fire` at epoch ms `when` (at once when past); null only clears. */
  at(name: TimerName, when: number | null, fire: () => void): void {
    this.clear(name);
    if (when === null) return;
    const timer = this.clock.setTimeout(() => {
      if (this.timers.get(name) === timer) this.timers.delete(name);
      fire();
    }, Math.max(0, when - this.now()));
    this.timers.set(name, timer);
  }

  isSet(name: TimerName): boolean {
    return this.timers.has(name);
  }

  clear(name: TimerName): void {
    this.timers.get(name)?.clear();
    this.timers.delete(name);
  }
}
