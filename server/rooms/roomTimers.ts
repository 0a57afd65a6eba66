/**
 * A room's own timers on Node's event loop, each scheduled for its own moment: the engine's next
 * deadline, race releases, bot reactions, absence wake-ups and the auto start fire when they are
 * due instead of on a fixed room tick (a 10 ms interval per room cost every table 100 wake-ups a
 * second, played or idle, and rounded every deadline up to the next tick). They die with the
 * room (`clearAll` on dispose), and an exception in one is reported like any room exception
 * instead of ending the process.
 */
import type { TimerClock } from './tableClocks.js';

export class RoomTimers implements TimerClock {
  private readonly live = new Set<NodeJS.Timeout>();
  private disposed = false;

  constructor(private readonly report: (error: unknown) => void) {}

  setTimeout(fn: () => void, ms: number): { clear(): void } {
    if (this.disposed) return { clear: () => undefined };
    const handle = setTimeout(() => {
      this.live.delete(handle);
      try {
        fn();
      } catch (error) {
        this.report(error);
      }
    }, Math.max(0, ms));
    this.live.add(handle);
    return {
      clear: () => {
        clearTimeout(handle);
        this.live.delete(handle);
      },
    };
  }

  /** Timers still pending (tests). */
  get pending(): number {
    return this.live.size;
  }

  /** The room is going: nothing it scheduled may fire any more. */
  clearAll(): void {
    this.disposed = true;
    for (const handle of this.live) clearTimeout(handle);
    this.live.clear();
  }
}
