/**
 * When a joining client's acknowledgement (Colyseus' JOIN_ROOM answer) is taken in. Colyseus
 * answers it with the full state, and the next patch carries every change not yet sent, so a
 * client acknowledged while changes wait (for the patch tick, or for the journal: GameRoom shows
 * nothing that is not durable) would receive those changes twice: once in its full state, then
 * again in the patch. @colyseus/schema's decoder reads an ADD at index 0 of a list that already
 * has a first item as an insertion at the front (how it decodes `unshift`), so a repeated change
 * whose value moved on since shifts the client's list by one (issue 31: tournament tables whose
 * players were refused every grab from then on). The acknowledgement waits for the patch instead:
 * the client stays joining, which patches skip, and its full state starts where the patch ended.
 */
export class JoinAcknowledgements {
  private waiting: (() => void)[] = [];

  /** Takes `ack` in now, or right after the next patch when the state holds changes not yet sent (in order). */
  receive(changesUnsent: boolean, ack: () => void): void {
    if (!changesUnsent && this.waiting.length === 0) ack();
    else this.waiting.push(ack);
  }

  /** A patch went out (or there was nothing to send): the acknowledgements waiting for it are taken in. */
  afterPatch(): void {
    if (this.waiting.length === 0) return;
    const ready = this.waiting;
    this.waiting = [];
    for (const ack of ready) ack();
  }

  get size(): number {
    return this.waiting.length;
  }
}
