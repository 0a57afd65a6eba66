/**
 * Replays one seeded bot game through a game's mirror exactly as a room sends it: one table state,
 * one client per seat with its own StateView, every state change encoded as Colyseus does
 * (shared patch + that client's view part) and decoded by that client's own decoder. Used by the
 * mirror round-trip tests and `npm run bench -- wire` (bytes per state change).
 */
import { pack } from '@colyseus/msgpackr';
import { Decoder, Encoder, StateView } from '@colyseus/schema';
import type { AnyGame, GameEvent } from '../../shared/games/contract.js';
import { botProposals, simulate } from '../../shared/games/testing/simulate.js';
import { Rng } from '../../shared/random.js';
import { PlayerState, TableState } from './TableState.js';
import type { GameMirror } from './mirror.js';
import { appendLog } from './tableMirror.js';
import { eventMsg } from './messages.js';

export interface DecodedChange {
  now: number;
  state: unknown;
  /** What each seat's client decoded after this change. */
  clients: TableState[];
}

export interface WireReplayResult {
  changes: number;
  /** The game reached its result within maxSteps. */
  finished: boolean;
  /** Bytes each client received, summed over the game (index = seat). */
  bytesPerSeat: number[];
  /** Mean bytes one client receives per state change. */
  bytesPerChangePerClient: number;
  /** Server work per state change: views → schema (the mirror) and encoding every client's patch, in µs. */
  serverMicrosPerChange: number;
  /**
   * The same work as CPU time of this process (user + system, process.cpuUsage), in µs: unlike the
   * wall-clock figure it does not count the time other processes of a loaded machine hold the CPU.
   */
  serverCpuMicrosPerChange: number;
  /**
   * Socket writes per state change, all clients together: one patch per client, plus an `events`
   * message per seat a private event is for (public events travel in the patch's `log`). With
   * `eventsBroadcast` (before issue 16), public events were also broadcast to every client.
   */
  writesPerChange: number;
}

const EVENTS_TYPE_BYTES = pack('events').length;

export function replayWire(game: AnyGame, mirror: GameMirror, o: {
  seed: number; seats: number; options?: Record<string, unknown>; maxSteps?: number;
  /** False: encode only (timing the server's side without the clients' decoding in the same process). */
  decode?: boolean;
  /** Count a separate `events` broadcast of public events to every client (how rooms sent them before). */
  eventsBroadcast?: boolean;
  check?(change: DecodedChange): void;
}): WireReplayResult {
  const options = game.optionsSchema.parse({ players: o.seats, ...o.options });
  const state = new TableState();
  state.game = game.id;
  const encoder = new Encoder(state);
  const seats = Array.from({ length: o.seats }, (_, seat) => seat);
  const players = seats.map((seat) => {
    const p = new PlayerState();
    p.seat = seat;
    state.players.set(`seat${seat}`, p);
    return p;
  });
  const views = players.map((p) => { const v = new StateView(); v.add(p); return v; });
  const decoders = seats.map(() => new Decoder(new TableState()));
  const bytesPerSeat = seats.map(() => 0);
  let changes = 0;
  let writes = 0;
  let serverNanos = 0n;
  let serverCpuMicros = 0;
  const cpuNow = (): number => { const u = process.cpuUsage(); return u.user + u.system; };

  const sendAll = (): void => {
    const started = process.hrtime.bigint();
    const cpuStarted = cpuNow();
    const it = { offset: 1 };
    encoder.encode(it);
    const shared = it.offset;
    const patches = seats.map((seat) => encoder.encodeView(views[seat], shared, it));
    encoder.discardChanges();
    serverNanos += process.hrtime.bigint() - started;
    serverCpuMicros += cpuNow() - cpuStarted;
    patches.forEach((bytes, seat) => {
      bytesPerSeat[seat] += bytes.length;
      if (o.decode !== false) decoders[seat].decode(bytes, { offset: 1 });
    });
  };
  const write = (engine: unknown, now: number, events: GameEvent[]): void => {
    state.version++;
    const publicEvents = events.filter((e) => e.to === undefined);
    if (!o.eventsBroadcast) appendLog(state, publicEvents.map(eventMsg).filter((m) => m !== null));
    writes += o.seats;
    if (o.eventsBroadcast && publicEvents.length > 0) {
      writes += o.seats;
      // What each client received for it: a ROOM_DATA frame (code, type, msgpack body). Today's
      // events carry keys and parameters where the old ones carried English sentences, so this
      // is a lower bound of what the broadcast weighed.
      const frame = 1 + EVENTS_TYPE_BYTES + pack(publicEvents).length;
      seats.forEach((seat) => { bytesPerSeat[seat] += frame; });
    }
    for (const e of events) if (e.to) writes += e.to.length;
    state.table ??= mirror.createTable();
    mirror.writeTable(state.table, game.publicView(engine, now));
    players.forEach((p, seat) => {
      if (!p.secret) { p.secret = mirror.createSeat(); views[seat].add(p.secret); }
      mirror.writeSeat(p.secret, game.seatView(engine, seat, now), (added) => views[seat].add(added));
    });
  };

  // Joined before the game starts (as on a private table), so every later byte is a patch.
  const first = { offset: 1 };
  encoder.encodeAll(first);
  seats.forEach((seat) => decoders[seat].decode(encoder.encodeAllView(views[seat], first.offset, { ...first }), { offset: 1 }));
  encoder.discardChanges();

  const rng = new Rng(o.seed);
  const start = game.setup(options, o.seats, o.seed, 0);
  const afterChange = (engine: unknown, now: number, events: GameEvent[]) => {
    const started = process.hrtime.bigint();
    const cpuStarted = cpuNow();
    write(engine, now, events);
    serverNanos += process.hrtime.bigint() - started;
    serverCpuMicros += cpuNow() - cpuStarted;
    sendAll();
    changes++;
    o.check?.({ now, state: engine, clients: decoders.map((d) => d.state) });
  };
  afterChange(start, 0, [{ type: 'start', msg: { key: 'server:event.start' } }]);
  const end = simulate(game, start, {
    propose: botProposals(game.bot, seats, () => 'easy', rng),
    done: (s) => game.result(s) !== null,
    maxSteps: o.maxSteps ?? 3000,
    refusals: 'ignore',
    check: ({ state: engine, now, events }) => afterChange(engine, now, events),
  });
  const total = bytesPerSeat.reduce((a, b) => a + b, 0);
  return {
    changes, finished: game.result(end.state) !== null, bytesPerSeat, bytesPerChangePerClient: total / o.seats / Math.max(1, changes),
    serverMicrosPerChange: Number(serverNanos / 1000n) / Math.max(1, changes),
    serverCpuMicrosPerChange: serverCpuMicros / Math.max(1, changes),
    writesPerChange: writes / Math.max(1, changes),
  };
}
