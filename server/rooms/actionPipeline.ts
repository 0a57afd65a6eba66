/**
 * Every action, human or bot, on its way to the engine: validate (the envelope, the seat, the
 * phase, the game's own action schema) → the race queue (shared/arbitration.ts: races ordered by
 * compensated time, held for the other seats' allowance, ties by the room's seeded coin) → the
 * engine. The pipeline owns the engine state between those steps and returns what it did, one
 * outcome at a time (an applied change, a refusal, a settled race): the room shows each before the
 * next action is applied, and releases held races at `nextReleaseAt` (`release`). Clock expiries
 * take the same road into the engine (`advance`).
 */
import type { AnyGame, GameEvent, Seat } from '../../shared/games/contract.js';
import { RaceQueue, type Claim } from '../../shared/arbitration.js';
import { holdFor } from '../../shared/delayEstimate.js';
import { Rng } from '../../shared/random.js';
import { actionEnvelope, ErrorCodes } from '../../shared/protocol/messages.js';
import type { ActionLogWriter } from './actionLog.js';
import { holdsNul } from '../journal/storable.js';
import type { LatencyProbe } from './latencyProbe.js';
import { ruleErrorMsg } from '../state/messages.js';
import { actionLatency, raceStampsClamped, raceTies } from '../ops/metrics.js';

/** Salt so the tie coin's stream is not the engine's own stream from the same game seed. */
const TIE_COIN_SALT = 0x7ac0c011;

/** The room's tie coin for a game seed (and a reopened table's fence, so a resumed game draws a new stream). */
export function tieCoin(seed: number, fence = 0): Rng {
  return new Rng((seed ^ TIE_COIN_SALT ^ fence) >>> 0);
}

export interface QueuedAction<C = unknown> {
  seat: Seat;
  action: unknown;
  /** The client that sent it (absent for bots): answered with `ack` or `error`. */
  client?: C;
  sessionId?: string;
  id?: number;
  arrival: number;
}

/**
 * A contested grab, settled: `first` won it, `second` lost it. Times are milliseconds from the
 * moment the table the winner acted on went out (the last change before the win) to each action's
 * time as the arbitration applied it (compensated for latency, as the journal records it).
 */
export interface RaceMargin<C> {
  first: { seat: Seat; ms: number; client?: C };
  second: { seat: Seat; ms: number; client?: C };
}

/** A refusal on its way to a client: `key` is the full i18n key. */
export interface PipelineRefusal { code: string; key: string; params?: Record<string, string | number>; id?: number }

/** What one step of the pipeline did, for the room to show. */
export type PipelineOutcome<C> =
  /** The engine state changed: mirror it, then answer the client (ack) if any. */
  | { kind: 'applied'; events: GameEvent[]; answer?: { client: C; id: number } }
  | { kind: 'refused'; client: C; refusal: PipelineRefusal }
  /** A race was lost to another seat's action, the last change to the table: tell both by how much. */
  | { kind: 'raceSettled'; margin: RaceMargin<C> };

/** What the pipeline reads of the table (it changes nothing there). */
export interface PipelineTable {
  playing(): boolean;
  /** The sender's seat, or null for a spectator or a seat a bot now plays. */
  seatOf(sessionId: string): Seat | null;
  /** Session ids of the other connected human seats (their allowances hold a race). */
  otherHumans(sessionId: string | undefined): string[];
  raceWindowMs(): number;
  actionLog(): ActionLogWriter | null;
}

/** The last race action applied, while it is still the last change to the table. */
interface RaceWin<C> { seat: Seat; at: number; openedAt: number; client?: C }

export class ActionPipeline<C> {
  engine: unknown = null;
  private queue: RaceQueue<QueuedAction<C>> | null = null;
  private lastAppliedAt = 0;
  /** When the table last changed (an action applied, a clock step): what a racer reacts to. */
  private changedAt = 0;
  private lastRaceWin: RaceWin<C> | null = null;

  constructor(
    private readonly game: AnyGame,
    private readonly table: PipelineTable,
    private readonly latency: LatencyProbe,
    /** The table's time (GameRoom `now`: the wall clock minus a reopened table's offset). */
    private readonly now: () => number = Date.now,
  ) {}

  /** The game begins: the engine's first state, and the tie coin seeded from the game seed. */
  start(options: Record<string, unknown> & { variant: string; players: number }, seed: number, now: number): void {
    this.queue = new RaceQueue(tieCoin(seed));
    this.lastAppliedAt = now;
    this.changedAt = now;
    this.engine = this.game.setup(options, options.players, seed, now);
  }

  /** A table reopened from its journal (issue 24): the rebuilt state, its times going on from `lastAt`. */
  resume(engine: unknown, seed: number, lastAt: number, fence: number): void {
    this.queue = new RaceQueue(tieCoin(seed, fence));
    this.lastAppliedAt = lastAt;
    this.changedAt = lastAt;
    this.engine = engine;
  }

  /** Validate a client's `action` message; a valid one joins the queue. */
  *receive(client: C, sessionId: string, message: unknown): Generator<PipelineOutcome<C>> {
    const envelope = actionEnvelope.safeParse(message);
    if (!envelope.success) { yield refused(client, serverRefusal(ErrorCodes.badMessage)); return; }
    const { id } = envelope.data;
    const seat = this.table.seatOf(sessionId);
    if (seat === null) { yield refused(client, serverRefusal(ErrorCodes.notSeated, id)); return; }
    if (!this.table.playing()) { yield refused(client, serverRefusal(ErrorCodes.wrongPhase, id)); return; }
    const action = this.game.actionSchema.safeParse(envelope.data.a);
    // The journal could not store it (server/journal/storable.ts): refused, never dropped later.
    if (!action.success || holdsNul(action.data)) { yield refused(client, serverRefusal('bad_action', id)); return; }
    yield* this.submit({ seat, action: action.data, client, sessionId, id, arrival: this.now() }, envelope.data.t);
  }

  /** Every action, human or bot, enters here: races are ordered by compensated time. */
  *submit(queued: QueuedAction<C>, stamp: number | undefined): Generator<PipelineOutcome<C>> {
    if (!this.queue) return;
    const cap = this.table.raceWindowMs();
    const self = queued.sessionId;
    const others = this.table.otherHumans(self).map((id) => this.latency.allowance(id, cap));
    const claim = this.queue.submit(queued, {
      arrival: queued.arrival, stamp, race: this.game.isRace(queued.action),
      allowanceMs: this.latency.allowance(self, cap), plausibleMs: this.latency.plausible(self, cap), holdMs: holdFor(others),
    });
    if (claim.clamped) raceStampsClamped.inc({ game: this.game.id, bound: claim.clamped });
    yield* this.release();
  }

  /** When the next held race action is due (`release` then), or null. */
  nextReleaseAt(): number | null {
    return this.queue?.nextReleaseAt() ?? null;
  }

  /** The engine's clock ran out at `deadline`: apply everything due, and say what happened. */
  advance(deadline: number): { ok: true; events: GameEvent[] } | { ok: false; error: unknown } {
    const at = Math.max(this.now(), deadline);
    const outcome = this.game.advance(this.engine, at);
    if (!outcome.ok) return { ok: false, error: outcome.error };
    this.table.actionLog()?.advanced(at);
    this.engine = outcome.state;
    this.changedAt = at;
    this.lastRaceWin = null;
    return { ok: true, events: outcome.events };
  }

  /** Applies every held action now due, in the race queue's order. */
  *release(): Generator<PipelineOutcome<C>> {
    if (!this.queue) return;
    for (const claim of this.queue.release(this.now())) {
      if (claim.tie?.rank === 0) raceTies.inc({ game: this.game.id, won_by: claim.tie.arrived === 0 ? 'first_arrival' : 'later_arrival' });
      yield* this.apply(claim);
    }
  }

  /** `claim.tie` says how an exact tie was settled by the room's coin (for the action record). */
  private *apply(claim: Claim<QueuedAction<C>>): Generator<PipelineOutcome<C>> {
    const { item: queued, compensated: actedAt } = claim;
    if (!this.table.playing()) {
      if (queued.client) yield refused(queued.client, serverRefusal('game_over', queued.id));
      return;
    }
    const at = Math.max(actedAt, this.lastAppliedAt);
    const race = this.game.isRace(queued.action);
    const outcome = this.game.apply(this.engine, queued.seat, queued.action, at);
    if (!outcome.ok) {
      if (race) this.table.actionLog()?.lostRace(queued.seat, queued.action, at, outcome.error.code, claim.tie);
      const win = this.lastRaceWin;
      if (race && win && win.seat !== queued.seat) {
        yield {
          kind: 'raceSettled',
          margin: {
            first: { seat: win.seat, ms: win.at - win.openedAt, client: win.client },
            second: { seat: queued.seat, ms: at - win.openedAt, client: queued.client },
          },
        };
      }
      if (queued.client) {
        const m = ruleErrorMsg(this.game.id, outcome.error);
        yield refused(queued.client, withId({ code: outcome.error.code, key: m.key, ...(m.params ? { params: m.params } : {}) }, queued.id));
      }
      return;
    }
    this.table.actionLog()?.applied(queued.seat, queued.action, at, race, claim.tie);
    this.lastRaceWin = race ? { seat: queued.seat, at, openedAt: Math.min(this.changedAt, at), client: queued.client } : null;
    this.changedAt = at;
    this.lastAppliedAt = Math.max(actedAt, this.lastAppliedAt);
    this.engine = outcome.state;
    const { client, id } = queued;
    yield { kind: 'applied', events: outcome.events, ...(client !== undefined && id !== undefined ? { answer: { client, id } } : {}) };
    actionLatency.observe({ game: this.game.id, race: String(race) }, (this.now() - queued.arrival) / 1000);
  }
}

function refused<C>(client: C, refusal: PipelineRefusal): PipelineOutcome<C> {
  return { kind: 'refused', client, refusal };
}

function withId(refusal: PipelineRefusal, id: number | undefined): PipelineRefusal {
  return id === undefined ? refusal : { ...refusal, id };
}

function serverRefusal(code: string, id?: number): PipelineRefusal {
  return withId({ code, key: `server:error.${code}` }, id);
}
