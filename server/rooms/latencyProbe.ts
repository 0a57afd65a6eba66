/**
 * Round trips the room times itself: every `pong` carries a fresh random nonce, and the round
 * trip is measured when the client echoes it. A client cannot echo a nonce before it has
 * received it, so it cannot look faster than it is; it can only look slower, which earns it
 * no more than an honest player at that delay gets (its allowance, capped) and lengthens holds
 * at most to the cap. At most OUTSTANDING unanswered nonces per client (pings sent faster than
 * the round trip each stay answerable), so nothing a client sends grows memory.
 */
import { randomInt } from 'node:crypto';
import { DelayEstimate } from '../../shared/delayEstimate.js';

const OUTSTANDING = 4;

export class LatencyProbe {
  private outstanding = new Map<string, { nonce: number; sentAt: number }[]>();
  private estimates = new Map<string, DelayEstimate>();

  /** A nonce to send with the pong sent at `now`. */
  probe(clientId: string, now: number): number {
    const nonce = randomInt(0, 2 ** 47);
    const open = this.outstanding.get(clientId) ?? [];
    open.push({ nonce, sentAt: now });
    if (open.length > OUTSTANDING) open.shift();
    this.outstanding.set(clientId, open);
    return nonce;
  }

  /** True when `nonce` answers one of this client's open probes (the round trip is then recorded). */
  echo(clientId: string, nonce: number, now: number): boolean {
    const open = this.outstanding.get(clientId) ?? [];
    const at = open.findIndex((p) => p.nonce === nonce);
    if (at < 0) return false;
    const [probe] = open.splice(at, 1);
    let estimate = this.estimates.get(clientId);
    if (!estimate) this.estimates.set(clientId, estimate = new DelayEstimate());
    estimate.add(now - probe.sentAt);
    return true;
  }

  allowance(clientId: string | undefined, capMs: number): number {
    return clientId === undefined ? 0 : this.estimates.get(clientId)?.allowance(capMs) ?? 0;
  }

  plausible(clientId: string | undefined, capMs: number): number {
    return clientId === undefined ? 0 : this.estimates.get(clientId)?.plausible(capMs) ?? 0;
  }

  forget(clientId: string): void {
    this.outstanding.delete(clientId);
    this.estimates.delete(clientId);
  }
}
