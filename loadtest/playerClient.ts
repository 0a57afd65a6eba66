/**
 * A load-test player: a real colyseus.js client on a real socket that plays with the game's
 * view bot (it sees only what any client sees), stamps actions like the browser client does,
 * and measures action → outcome (ack or refusal) latency at the client.
 */
import { Client, Protocol, Room } from 'colyseus.js';
import type { AnyGame } from '../shared/games/contract.js';
import { ActionStamper } from '../shared/protocol/stamper.js';
import { Rng } from '../shared/random.js';
import { readTableViews } from '../shared/wire/registry.js';

interface SyncedState {
  game: string; phase: string; version: number; changedAt: number; table?: unknown;
  players: Map<string, { seat: number; secret?: unknown }>;
}

export interface PlayerStats {
  latencies: number[];
  messages: number;
  /** Errors that are not rule refusals (bad messages, rate limits, disconnections). */
  errors: string[];
  refusals: number;
  actions: number;
}

const LEAVE_TIMEOUT_MS = 5_000;
const PLATFORM_ERRORS = new Set(['bad_message', 'rate_limited', 'unknown_message', 'not_seated']);

/** State patches this process's clients could not decode (@colyseus/schema reports them on the console): counted, not hidden. */
export const decodeFailures = { count: 0 };
for (const method of ['warn', 'error'] as const) {
  const original = console[method].bind(console);
  console[method] = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith('@colyseus/schema: definition mismatch')) decodeFailures.count++;
    original(...args);
  };
}

/** Bytes this process's clients received: state patches and everything (messages included). */
export const wireCounters = { patches: 0, patchBytes: 0, messages: 0, bytes: 0 };
{
  const proto = Room.prototype as unknown as { onMessageCallback(this: Room, event: { data: ArrayBuffer }): void };
  const original = proto.onMessageCallback;
  proto.onMessageCallback = function (this: Room, event: { data: ArrayBuffer }) {
    const bytes = event.data.byteLength;
    wireCounters.messages++;
    wireCounters.bytes += bytes;
    if (new Uint8Array(event.data, 0, 1)[0] === Protocol.ROOM_STATE_PATCH) {
      wireCounters.patches++;
      wireCounters.patchBytes += bytes;
    }
    original.call(this, event);
  };
}

export class LoadPlayer {
  // Set once joined; a failed join leaves it unset, which leave() tolerates.
  room!: Room<SyncedState>;
  readonly stats: PlayerStats = { latencies: [], messages: 0, errors: [], refusals: 0, actions: 0 };
  private readonly stamper = new ActionStamper();
  private readonly sent = new Map<number, number>();
  private nextId = 1;
  private thinking = false;
  /** One pending "look again" per player (never a growing number of timers). */
  private lookAgain: NodeJS.Timeout | null = null;
  private readonly rng: Rng;
  private left = false;
  private finishedResolve!: () => void;
  readonly finished = new Promise<void>((resolve) => { this.finishedResolve = resolve; });

  constructor(private readonly endpoint: string, private readonly game: AnyGame, seed: number, private readonly thinkMs: [number, number] = [150, 600]) {
    this.rng = new Rng(seed);
  }

  async create(options: Record<string, unknown>): Promise<void> {
    this.attach(await new Client(this.endpoint).create<SyncedState>(this.game.id, { ...options, private: true }));
  }

  /** `extra`: more join options, e.g. `{ token: '' }` to be issued a guest identity as a browser is. */
  async joinById(roomId: string, name: string, extra: Record<string, unknown> = {}): Promise<void> {
    this.attach(await new Client(this.endpoint).joinById<SyncedState>(roomId, { ...extra, name }));
  }

  async joinReserved(roomId: string, playerId: string, name: string): Promise<void> {
    this.attach(await new Client(this.endpoint).joinById<SyncedState>(roomId, { name, playerId }));
  }

  leave(): Promise<unknown> {
    if (this.lookAgain) clearTimeout(this.lookAgain);
    // colyseus.js' leave() waits for its onLeave, which never comes once the server has closed the
    // socket (a finished table disposes): a closed room is left already, and no leave waits forever.
    if (!this.room || this.left) return Promise.resolve();
    return Promise.race([this.room.leave(true).catch(() => undefined), new Promise((r) => setTimeout(r, LEAVE_TIMEOUT_MS).unref())]);
  }

  private attach(room: Room<SyncedState>): void {
    this.room = room;
    const outcome = (m: { id?: number; code?: string }) => {
      this.stats.messages++;
      if (m.id !== undefined) {
        const at = this.sent.get(m.id);
        if (at !== undefined) this.stats.latencies.push(performance.now() - at);
        this.sent.delete(m.id);
      }
      if (m.code !== undefined) {
        if (PLATFORM_ERRORS.has(m.code)) this.stats.errors.push(m.code);
        else this.stats.refusals++;
      }
    };
    room.onMessage('ack', outcome);
    room.onMessage('error', outcome);
    room.onMessage('events', () => { this.stats.messages++; });
    room.onMessage('*', () => { this.stats.messages++; });
    room.onLeave((code) => {
      this.left = true;
      if (code !== 1000 && code !== 4000 && room.state.phase !== 'finished') this.stats.errors.push(`left:${code}`);
      this.finishedResolve();
    });
    room.onStateChange((state) => {
      this.stats.messages++;
      this.stamper.noteState(state.version, state.changedAt, Date.now());
      if (state.phase === 'finished') this.finishedResolve();
      else if (state.phase === 'playing') this.considerMove();
    });
  }

  private considerMove(): void {
    if (this.thinking || !this.game.viewBot) return;
    this.thinking = true;
    const [lo, hi] = this.thinkMs;
    setTimeout(() => {
      this.thinking = false;
      const state = this.room.state;
      if (state.phase !== 'playing' || !state.table) return;
      const me = state.players.get(this.room.sessionId);
      // A seat's own view can be missing for a moment (or after a patch that failed to decode): look again.
      if (!me?.secret) {
        this.scheduleLook(2 * hi);
        return;
      }
      const views = readTableViews(state, this.room.sessionId)!;
      const action = this.game.viewBot!(views.publicView, views.seatView, me.seat, this.rng.state, Date.now());
      this.rng.next();
      // Nothing to do now; a clock may change that without a state change (e.g. Bip! Bip!'s move freeze ending).
      if (action === null) {
        this.scheduleLook(2 * hi);
        return;
      }
      const id = this.nextId++;
      this.sent.set(id, performance.now());
      this.stats.actions++;
      this.room.send('action', { id, a: action, t: this.stamper.stamp(Date.now(), Date.now()), v: state.version });
      // Keep playing even if nothing changes (e.g. a refused move): look again shortly.
      this.scheduleLook(hi);
    }, lo + this.rng.int(Math.max(1, hi - lo)));
  }

  private scheduleLook(ms: number): void {
    if (this.lookAgain) clearTimeout(this.lookAgain);
    this.lookAgain = setTimeout(() => { this.lookAgain = null; this.considerMove(); }, ms);
  }
}
