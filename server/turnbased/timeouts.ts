/**
 * Move clocks run out in a row (issue 25): a turn-based seat whose clock runs out three times in a
 * row is given up for good (a bot plays it, and it counts as a resignation for ratings). A clock
 * counts when the seat was to move for (nearly) the whole move clock: shorter deadlines that also
 * fall while a seat is to move (Traffic-Memory's reveal pause, a round pause) are not its clock.
 * The counts sleep with the table (TurnRecord) and go on when it wakes.
 */
import type { TurnRecord } from '../store/index.js';

export const TIMEOUTS_FOR_GOOD = 3;
/** Deadlines closer than this share of the move clock to the seat's turn start are not its clock. */
const CLOCK_SHARE = 0.9;

export class TurnTimeouts {
  private readonly timeouts: number[];
  private readonly activeSince: number[];

  constructor(seats: number, private readonly clockMs: number, from?: TurnRecord | null) {
    this.timeouts = Array.from({ length: seats }, (_, i) => from?.timeouts[i] ?? 0);
    this.activeSince = Array.from({ length: seats }, (_, i) => from?.activeSince[i] ?? 0);
  }

  /** The seats to move now: a seat that just became one starts its clock at `now`. */
  noteActive(active: Iterable<number>, now: number): void {
    const set = new Set(active);
    this.activeSince.forEach((since, seat) => {
      if (!set.has(seat)) this.activeSince[seat] = 0;
      else if (since === 0) this.activeSince[seat] = now;
    });
  }

  /** The seat moved itself: its run of timeouts ends. */
  moved(seat: number): void {
    if (seat >= 0 && seat < this.timeouts.length) this.timeouts[seat] = 0;
  }

  /**
   * The deadline at `deadline` passes with `late` (human seats) still to move: their clocks ran out.
   * Answers the seats that have now run out TIMEOUTS_FOR_GOOD times in a row.
   */
  ranOut(late: Iterable<number>, deadline: number): number[] {
    const out: number[] = [];
    for (const seat of late) {
      const since = this.activeSince[seat];
      if (since === undefined || since === 0 || deadline - since < this.clockMs * CLOCK_SHARE) continue;
      this.timeouts[seat] += 1;
      this.activeSince[seat] = 0;
      if (this.timeouts[seat] >= TIMEOUTS_FOR_GOOD) out.push(seat);
    }
    return out;
  }

  record(seats: number[], deadline: number | null): TurnRecord {
    return { seats, deadline, timeouts: [...this.timeouts], activeSince: [...this.activeSince] };
  }
}
