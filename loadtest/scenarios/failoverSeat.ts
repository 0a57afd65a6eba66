/**
 * The failover bench's players (loadtest/scenarios/failover.ts): one seat each, playing with the
 * game's view bot and, when its connection drops, taking its seat back wherever the table now lives.
 */
import { Client, type Room } from 'colyseus.js';
import type { AnyGame } from '../../shared/games/contract.js';
import { readTableViews } from '../../shared/wire/registry.js';
import { Rng } from '../../shared/random.js';

export interface Synced {
  game: string; phase: string; version: number; table?: unknown;
  players: Map<string, { seat: number; connected: boolean; secret?: unknown }>;
}

export const WAIT_LIMIT_MS = 180_000;
const RETRY_MS = 100;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function until<T>(check: () => T | undefined | false | Promise<T | undefined | false>, ms: number, what: string): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** Set-up requests on a loaded machine: a process stalled past its socket's patience is tried again on the next one. */
export async function attempt<T>(what: string, run: (i: number) => Promise<T>, tries = 5): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await run(i);
    } catch (error) {
      if (i + 1 >= tries) throw new Error(`${what} failed ${tries} times: ${String(error)}`);
      await sleep(500 * (i + 1));
    }
  }
}

/** One seat: plays, and when its connection drops, takes its seat back wherever the table now lives. */
export class Seat {
  room: Room<Synced> | undefined;
  seat = -1;
  acked = 0;
  refused = 0;
  sent = 0;
  inFlightAtDrop = 0;
  away = false;
  backAt = 0;
  leftAt = 0;
  joinedAt = 0;
  attempts = 0;
  private pending: number | null = null;
  private nextId = 1;
  private stopped = false;
  private readonly rng: Rng;
  private timer: NodeJS.Timeout | undefined;

  constructor(readonly roomId: string, private readonly token: string, private readonly name: string, private readonly game: AnyGame,
    seed: number, private readonly thinkMs: [number, number], private readonly livePorts: () => number[]) {
    this.rng = new Rng(seed);
  }

  attach(room: Room<Synced>): void {
    this.room = room;
    room.onMessage('ack', (m: { id?: number }) => {
      if (m.id !== undefined && m.id === this.pending) { this.pending = null; this.acked++; }
    });
    room.onMessage('error', (m: { id?: number }) => {
      if (m.id !== undefined && m.id === this.pending) { this.pending = null; this.refused++; }
    });
    room.onMessage('*', () => undefined);
    room.onLeave((code) => {
      if (this.stopped || room !== this.room || code === 1000 || room.state.phase === 'finished') return;
      this.inFlightAtDrop += this.pending === null ? 0 : 1;
      this.pending = null;
      this.away = true;
      this.leftAt = Date.now();
      this.attempts = 0;
      void this.comeBack();
    });
    this.schedule();
  }

  /** Seated and connected at the table, as the synchronised state says. */
  seated(): boolean {
    const me = this.room?.state.players?.get(this.room.sessionId);
    return !this.away && Boolean(me?.connected);
  }

  playing(): boolean {
    return this.room?.state.phase === 'playing';
  }

  /** Stops playing and waits (bounded) for the answer to the action in flight. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await until(() => this.pending === null || this.away, 30_000, 'the last action answered').catch(() => undefined);
    if (this.pending !== null) this.inFlightAtDrop++;
    if (this.room && !this.away) await Promise.race([this.room.leave(true).catch(() => undefined), sleep(5_000)]);
  }

  private async comeBack(): Promise<void> {
    while (!this.stopped) {
      const ports = this.livePorts();
      const port = ports[Math.floor(Math.random() * ports.length)];
      try {
        this.attempts++;
        const room = await new Client(`ws://127.0.0.1:${port}`).joinById<Synced>(this.roomId, { token: this.token, name: this.name });
        this.joinedAt = Date.now();
        await until(() => room.state.players?.get(room.sessionId)?.connected, 30_000, 'seat retaken');
        this.away = false;
        this.backAt = Date.now();
        this.attach(room);
        return;
      } catch {
        await sleep(RETRY_MS);
      }
    }
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    const [lo, hi] = this.thinkMs;
    this.timer = setTimeout(() => this.play(), lo + Math.random() * (hi - lo));
  }

  private play(): void {
    const room = this.room;
    if (this.stopped || this.away || !room) return;
    if (this.pending === null && room.state.phase === 'playing' && this.game.viewBot) {
      const me = room.state.players.get(room.sessionId);
      const views = me?.secret ? readTableViews(room.state as never, room.sessionId) : undefined;
      if (me && views) {
        this.seat = me.seat;
        const action = this.game.viewBot(views.publicView, views.seatView, me.seat, this.rng.state, Date.now());
        this.rng.next();
        if (action) {
          this.pending = this.nextId++;
          this.sent++;
          room.send('action', { id: this.pending, a: action, t: Date.now() });
        }
      }
    }
    if (room.state.phase !== 'finished') this.schedule();
  }
}

