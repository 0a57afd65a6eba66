/** Colyseus' own clock, stepped by the test instead of by real time (timers fire on `step`, as on a room's tick). */
import { Clock } from '@colyseus/core';

export class SteppedClock extends Clock {
  at = 0;
  constructor() {
    super();
    this.now = () => this.at;
    this.currentTime = 0;
  }

  step(ms: number): void {
    this.at += ms;
    this.tick();
  }
}
