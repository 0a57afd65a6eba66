/**
 * A renderer's redraw asked for by an input handler or a timer (a car picked, a card chosen, a
 * replay step). It runs once however often it was asked for, after the handler that asked has
 * returned (the redraw replaces the object that was tapped), and before the next frame: Phaser
 * handles a tap inside the DOM event, so what the tap lights up (a car's neighbours, Bip!) is on
 * the table, and tappable, at once. Waiting for the next game step instead made a tap answer
 * only a frame or two later, which on a slow phone is the difference between a drag that lands
 * on a lit neighbour and one that falls on nothing.
 */
export class DeferredRedraw {
  private queued = false;
  private running = false;

  /** `redraw` draws the latest views again (and checks that its layer still stands). */
  constructor(private readonly redraw: () => void) {}

  request(): void {
    // A request made by the redraw itself is already answered by it (and would never end).
    if (this.queued || this.running) return;
    this.queued = true;
    queueMicrotask(() => {
      this.queued = false;
      this.running = true;
      try {
        this.redraw();
      } finally {
        this.running = false;
      }
    });
  }
}
