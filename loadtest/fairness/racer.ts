/**
 * A simulated Railway Madness player on a line with a given round trip, over a real websocket:
 * everything it receives (state, pongs, outcomes) reaches "the player" half a round trip late,
 * and everything it sends leaves half a round trip late. It answers the room's round-trip probes
 * like the browser client, so the room measures the simulated delay itself.
 */
import type { Room } from 'colyseus.js';
import { ActionStamper } from '../../shared/protocol/stamper.js';
import type { PongMessage } from '../../shared/protocol/messages.js';

export interface Synced { game: string; phase: string; version: number; changedAt: number; table?: unknown; players: Map<string, { secret?: unknown }> }

/** How this player stamps: honestly, or always as early as it likes (the server must clamp it). */
export type Stamping = 'honest' | 'earliest';

export class Racer {
  readonly stamper = new ActionStamper();
  wins = 0;
  /** Milliseconds from the player's grab to its outcome reaching the player, one per answered grab. */
  readonly outcomeMs: number[] = [];
  private acted = new Map<number, number>();
  private pingTimer: NodeJS.Timeout | undefined;

  constructor(readonly name: string, readonly rttMs: number, readonly room: Room<Synced>, readonly stamping: Stamping = 'honest') {
    room.onMessage('pong', (m: PongMessage) => this.receive(() => this.send('echo', { n: m.n })));
    room.onMessage('ack', (m: { id: number }) => this.receive(() => { this.wins++; this.settled(m.id); }));
    room.onMessage('error', (m: { id?: number }) => this.receive(() => { if (m.id !== undefined) this.settled(m.id); }));
    room.onMessage('events', () => undefined);
  }

  /** Probes like the browser client: four quickly, then every `everyMs`. */
  startProbes(everyMs = 2000): void {
    const ping = () => this.send('ping', { c: Date.now() });
    for (let i = 0; i < 4; i++) setTimeout(ping, i * 150);
    this.pingTimer = setInterval(ping, everyMs);
  }

  stop(): void {
    clearInterval(this.pingTimer);
  }

  /** Run `then` when a message received now reaches the player. */
  receive(then: () => void): void {
    setTimeout(then, this.rttMs / 2);
  }

  send(type: string, message: unknown): void {
    setTimeout(() => this.room.send(type, message), this.rttMs / 2);
  }

  /** The player grabs `slot` now, having seen version `version` (noted with noteState). */
  grab(id: number, slot: number, stamp = this.stamp()): void {
    this.acted.set(id, Date.now());
    this.send('action', { id, a: { type: 'take', slot }, t: stamp });
  }

  stamp(): number {
    const honest = this.stamper.stamp(Date.now(), Date.now());
    return this.stamping === 'earliest' ? Math.max(0, honest - 10_000) : honest;
  }

  private settled(id: number): void {
    const at = this.acted.get(id);
    if (at === undefined) return;
    this.acted.delete(id);
    this.outcomeMs.push(Date.now() - at);
  }
}
