/**
 * Keeps N Junction clients playing with raw seats (rawSeat.ts), so the generator costs far less
 * than the server it measures:
 * - each table has ONE decoding seat (the host): it applies every state frame to a schema decoder,
 *   as colyseus.js does, and holds the table state the browser would hold;
 * - the other seats read only `ack` / `error` frames. They still play: every seat, decoding or
 *   not, acts at its own think time (150–600 ms) with the game's view bot, on the public view the
 *   table's decoding seat holds. A game whose view bot needs the seat's own secret (a hand) lists
 *   every seat in DECODE_EVERY_SEAT: there each seat decodes its own frames (a bare schema
 *   decoder, still far cheaper than colyseus.js with its callbacks).
 * A table whose game ends is replaced by a new one, so the load stays at N clients (the new
 * tables' joins are part of the load, as in a real arena).
 */
import type { AnyGame } from '../../shared/games/contract.js';
import { ActionStamper } from '../../shared/protocol/stamper.js';
import { Rng } from '../../shared/random.js';
import { readerFor } from '../../shared/wire/registry.js';
import { joinRaw, type RawSeat } from './rawSeat.js';

export interface SeatStats { latencies: number[]; actions: number; errors: string[]; refusals: number }

/** Railway Madness' bot plays from the public view (its seat view only refines the train's last car). */
export const PUBLIC_VIEW_GAMES = new Set(['railway_madness']);
const PLATFORM_ERRORS = new Set(['bad_message', 'rate_limited', 'unknown_message', 'not_seated']);

export interface DecodedTable {
  phase: string; version: number; changedAt: number; game: string; table?: unknown;
  players: Map<string, { seat: number; secret?: unknown }>;
}

export class PlayingSeat {
  readonly stats: SeatStats = { latencies: [], actions: 0, errors: [], refusals: 0 };
  seat!: RawSeat;
  private readonly sent = new Map<number, number>();
  private nextId = 1;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(private readonly rng: Rng, private readonly thinkMs: [number, number]) {}

  outcome(type: string | number, message: unknown): void {
    if (type !== 'ack' && type !== 'error' && type !== '__error') return;
    const m = (message ?? {}) as { id?: number; code?: string | number };
    if (typeof m.id === 'number') {
      const at = this.sent.get(m.id);
      if (at !== undefined) this.stats.latencies.push(performance.now() - at);
      this.sent.delete(m.id);
    }
    if (type === '__error') this.stats.errors.push(`protocol:${String(m.code)}`);
    else if (m.code !== undefined) {
      if (PLATFORM_ERRORS.has(String(m.code))) this.stats.errors.push(String(m.code));
      else this.stats.refusals++;
    }
  }

  /** Every think time: decide (null: nothing to do now) and send. */
  play(decide: (rng: Rng) => unknown, stamp: () => { t: number; v: number }): void {
    const [lo, hi] = this.thinkMs;
    this.timer = setTimeout(() => {
      if (this.stopped) return;
      try {
        const action = decide(this.rng);
        this.rng.next();
        if (action !== null && action !== undefined) {
          const id = this.nextId++;
          this.sent.set(id, performance.now());
          this.stats.actions++;
          this.seat.send('action', { id, a: action, ...stamp() });
        }
      } catch (error) {
        this.stats.errors.push(`generator:${error instanceof Error ? error.message : String(error)}`);
      }
      this.play(decide, stamp);
    }, lo + this.rng.int(Math.max(1, hi - lo)));
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }
}

export class RawTables {
  /** Every seat this run made, finished tables too (their stats are read after the window). */
  readonly seats: PlayingSeat[] = [];
  /** Tables that could not be created or joined. */
  readonly joinErrors: string[] = [];
  /** Tables whose game finished (and were replaced). */
  finishedTables = 0;
  private stopped = false;
  private stopResolve!: () => void;
  private readonly stopping = new Promise<void>((resolve) => { this.stopResolve = resolve; });
  private readonly loops: Promise<void>[] = [];
  private seed = 1;

  constructor(private readonly httpBase: string, private readonly game: AnyGame, private readonly perTable = 4, private readonly thinkMs: [number, number] = [150, 600]) {}

  /** Resolves when every first table has started (or failed once). */
  start(clients: number, concurrency = 50): Promise<void> {
    const tables = Math.ceil(clients / this.perTable);
    const ready: Promise<void>[] = [];
    // Joins go out `concurrency` tables at a time: a burst of thousands of HTTP reservations at once only measures the join path.
    let gate = Promise.resolve();
    for (let t = 0; t < tables; t++) {
      let started!: () => void;
      const first = new Promise<void>((resolve) => { started = resolve; });
      ready.push(first);
      const myGate = gate;
      if ((t + 1) % concurrency === 0) gate = Promise.all(ready).then(() => undefined);
      this.loops.push(myGate.then(() => this.keepTable(t, started)));
    }
    return Promise.all(ready).then(() => undefined);
  }

  private async keepTable(t: number, firstStarted: () => void): Promise<void> {
    for (let round = 0; !this.stopped; round++) {
      const players: PlayingSeat[] = [];
      let ended!: () => void;
      const over = new Promise<void>((resolve) => { ended = resolve; });
      try {
        const stamper = new ActionStamper();
        const everySeatDecodes = !PUBLIC_VIEW_GAMES.has(this.game.id);
        let tableState: DecodedTable | null = null;
        const host = new PlayingSeat(new Rng(this.seed++), this.thinkMs);
        const onTableState = () => {
          const s = tableState!;
          stamper.noteState(s.version, s.changedAt, Date.now());
          if (s.phase === 'finished') ended();
        };
        const closed = (p: PlayingSeat) => (code: number) => {
          if (tableState?.phase !== 'finished') p.stats.errors.push(`left:${code}`);
          ended();
        };
        host.seat = await joinRaw(this.httpBase, 'create', this.game.id, { name: `host${t}`, private: true, variant: this.game.defaultVariant, players: this.perTable },
          true, (type, m) => host.outcome(type, m), onTableState, closed(host));
        tableState = host.seat.decoder!.state as unknown as DecodedTable;
        players.push(host);
        for (let s = 1; s < this.perTable; s++) {
          const p = new PlayingSeat(new Rng(this.seed++), this.thinkMs);
          p.seat = await joinRaw(this.httpBase, 'joinById', host.seat.roomId, { name: `p${t}.${round}.${s}` }, everySeatDecodes, (type, m) => p.outcome(type, m), undefined, closed(p));
          players.push(p);
        }
        host.seat.send('start', {});
        this.seats.push(...players);
        firstStarted();
        const views = new TableViews(this.game, tableState, stamper);
        for (const p of players) p.play(views.deciderFor(p.seat), views.stamp);
        await Promise.race([over, this.stopping]);
        if (tableState.phase === 'finished') this.finishedTables++;
      } catch (error) {
        if (!this.stopped) this.joinErrors.push(`join:${error instanceof Error ? error.message : String(error)}`);
        firstStarted();
        await Promise.race([new Promise((r) => setTimeout(r, 1000)), this.stopping]);
      } finally {
        for (const p of players) p.stop();
        await Promise.all(players.map((p) => p.seat?.leave()));
      }
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopResolve();
    await Promise.all(this.loops);
  }
}

/**
 * What the seats of one table play from: the table's decoded state (its decoding seat's), the
 * views read once per state version (the public view once per version for the table, a seat's
 * own view once per version of its own state), and the stamps its actions carry.
 */
export class TableViews {
  private readonly reader: ReturnType<typeof readerFor>;
  private publicAt = -1;
  private publicView: unknown = null;

  constructor(private readonly game: AnyGame, private readonly table: DecodedTable, private readonly stamper: ActionStamper) {
    this.reader = readerFor(game.id);
  }

  readonly stamp = () => ({ t: this.stamper.stamp(Date.now(), Date.now()), v: this.table.version });

  private tablePublicView(): unknown {
    if (this.publicAt !== this.table.version) { this.publicView = this.reader.publicView(this.table.table); this.publicAt = this.table.version; }
    return this.publicView;
  }

  /** The view bot's next action for this seat (null: nothing to do now). */
  deciderFor(seat: RawSeat): (rng: Rng) => unknown {
    // Its own decoded state when it has one (its secret), else the table's (public view only).
    const own = (seat.decoder?.state ?? this.table) as unknown as DecodedTable;
    let seatAt = -1;
    let seatView: unknown = null;
    let ownPublic: unknown = null;
    return (rng) => {
      const s = this.table;
      if (s.phase !== 'playing' || !s.table) return null;
      // A seat's own decoder holds nothing until its first full state arrives.
      const me = own.players?.get(seat.sessionId);
      if (!me || !own.table) return null;
      if (seatAt !== own.version) {
        seatView = me.secret === undefined ? null : this.reader.seatView(me.secret, own.table);
        ownPublic = own === s ? null : this.reader.publicView(own.table);
        seatAt = own.version;
      }
      if (seatView === null && !PUBLIC_VIEW_GAMES.has(this.game.id)) return null;
      const pub = own === s ? this.tablePublicView() : ownPublic;
      return this.game.viewBot!(pub, seatView, me.seat, rng.state, Date.now());
    };
  }
}
