/**
 * Replays as the public may watch them (issue 18): the stored log is re-run with the engine and
 * each step is shown through `publicView` with its public events only, so a replay reveals what
 * the table saw at that moment and nothing more (the seed and the raw log, which would reveal
 * every hidden card, never leave the server). A player of the game may also get their own seat's
 * view. Rebuilt public replays are kept in a small cache.
 */
import type { AnyGame, GameEvent, Seat } from '../../shared/games/contract.js';
import { rebuild } from '../../shared/replay/rebuild.js';
import type { GameSessionRecord, Store } from '../store/index.js';
import type { LogEntry } from '../../shared/replay/log.js';
import { logger } from '../ops/logger.js';

export interface ReplayFrame {
  /** Milliseconds since the game started. */
  t: number;
  view: unknown;
  events: GameEvent[];
  active: Seat[];
  /** What caused this frame: an action by a seat, the clock, or the start. */
  cause: { kind: 'start' } | { kind: 'action'; seat: Seat } | { kind: 'clock' } | { kind: 'lost_race'; seat: Seat };
}

export interface Replay {
  frames: ReplayFrame[];
  /** Only for a player of the game: their own seat's view at each frame. */
  seat?: { seat: Seat; views: unknown[] };
}

/** Public replays run to 1.5 MB (an 8-seat Car Exchange game, docs/benchmarks.md): keep a few. */
const CACHE_SIZE = 8;

export class ReplayBuilder {
  private cache = new Map<string, ReplayFrame[]>();

  constructor(private readonly store: Store) {}

  async build(game: AnyGame, session: GameSessionRecord, ownSeat: Seat | null): Promise<Replay | null> {
    const cached = this.cache.get(session.id);
    if (cached && ownSeat === null) return { frames: cached };
    const log = await this.store.readGameLog(session.id);
    if (log.length === 0) return null;
    const frames: ReplayFrame[] = [];
    const views: unknown[] = [];
    try {
      this.rebuildInto(game, session, log, ownSeat, frames, views);
    } catch (error) {
      // A log the engine does not replay (a table abandoned because of it, docs/architecture.md
      // "Tables outlive their process"): no replay rather than a wrong one or a failed answer.
      logger.warn({ game: session.id, err: error }, 'replay: the stored log does not replay; none is shown');
      return null;
    }
    this.remember(session.id, frames);
    return ownSeat === null ? { frames } : { frames, seat: { seat: ownSeat, views } };
  }

  private rebuildInto(game: AnyGame, session: GameSessionRecord, log: LogEntry[], ownSeat: Seat | null, frames: ReplayFrame[], views: unknown[]): void {
    rebuild(game, { options: session.options, seats: session.options.players, seed: session.seed, startedAt: session.startedAt }, log, (step) => {
      const entry = step.entry;
      frames.push({
        t: step.now - session.startedAt,
        view: game.publicView(step.state, step.now),
        events: step.events.filter((e) => e.to === undefined),
        active: game.activeSeats(step.state),
        cause: entry === null ? { kind: 'start' } : entry.k === 'x' ? { kind: 'clock' } : entry.k === 'l' ? { kind: 'lost_race', seat: entry.s } : { kind: 'action', seat: entry.s },
      });
      if (ownSeat !== null) views.push(game.seatView(step.state, ownSeat, step.now));
    });
  }

  private remember(id: string, frames: ReplayFrame[]): void {
    this.cache.delete(id);
    this.cache.set(id, frames);
    if (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as string);
  }
}
