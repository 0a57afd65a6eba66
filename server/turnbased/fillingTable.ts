/**
 * A public turn-based queue table while it fills (issue 25; docs/architecture.md "The turn-based
 * queue"): players sit down over minutes or hours, so the table must outlive its process before its
 * game exists. Its session row (013_filling_queue) holds the seats taken so far under the table's
 * fencing token; a restart or a surviving process reopens it from that row with the same id
 * (server/journal/resume.ts). Writes go one at a time, the latest seats only; a write refused because
 * the token moved on means another process holds the table now (`onLost`).
 */
import type { GameSessionRecord, Store } from '../store/index.js';
import { PROCESS_OWNER } from '../journal/committer.js';
import { logger } from '../ops/logger.js';

type Seats = GameSessionRecord['seats'];
type FillingStore = Pick<Store, 'openFillingSession' | 'updateFillingSeats' | 'dropFillingSession' | 'sessionFences'>;

const RETRY_MS = 2_000;

export class FillingTable {
  private writing: Promise<void> | null = null;
  private dirty = false;
  private stopped = false;
  /** Another process claimed the table (its token moved on): this copy writes nothing more. */
  lost = false;

  private constructor(
    private readonly store: FillingStore,
    private readonly id: string,
    /** The fencing token this copy holds: its first journal commit, when the game starts, is written under it. */
    readonly fence: number,
    private readonly seats: () => Seats,
    private readonly onLost: () => void,
  ) {}

  /** A new queue table: its row is written before anyone is seated. */
  static async open(store: FillingStore, session: GameSessionRecord, seats: () => Seats, onLost: () => void): Promise<FillingTable> {
    await store.openFillingSession(session, PROCESS_OWNER);
    return new FillingTable(store, session.id, 1, seats, onLost);
  }

  /** A queue table reopened here under the token `fence` this process claimed. */
  static reopened(store: FillingStore, id: string, fence: number, seats: () => Seats, onLost: () => void): FillingTable {
    return new FillingTable(store, id, fence, seats, onLost);
  }

  /** The seats changed: written after the write in flight, if any (only the latest seats). */
  changed(): void {
    if (this.stopped) return;
    this.dirty = true;
    this.writing ??= this.writeLoop().finally(() => { this.writing = null; });
  }

  /** Resolves once the seats as they are now are in the store (or could not be written). */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
  }

  /** The game starts (its journal takes over the row) or the table moves away: no more seat writes. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.flush();
  }

  /** The last player left: the row goes with the table (nothing was played). */
  async drop(): Promise<void> {
    // Stopped: the game started, or the table is on its way to another process or the next start.
    if (this.stopped) return;
    await this.stop();
    if (this.lost) return;
    await this.store.dropFillingSession(this.id, this.fence)
      .catch((error: unknown) => logger.warn({ room: this.id, err: error }, 'turn-based queue: removing the empty table\'s row failed'));
  }

  private async writeLoop(): Promise<void> {
    while (this.dirty && !this.lost) {
      this.dirty = false;
      try {
        if (await this.store.updateFillingSeats(this.id, this.fence, this.seats())) continue;
        // Not written: the token moved on (another process holds the table), or the row is no longer filling.
        const fence = (await this.store.sessionFences([this.id])).get(this.id);
        if (fence !== undefined && fence !== this.fence) this.movedAway();
      } catch (error) {
        // The store is away: tried again in a moment (a flush meanwhile does not wait for it).
        logger.warn({ room: this.id, err: error }, 'turn-based queue: storing the seats failed; tried again');
        setTimeout(() => this.changed(), RETRY_MS).unref();
        return;
      }
    }
  }

  /** Found moved (a refused write, or a check after this process lost its lease). */
  movedAway(): void {
    if (this.lost) return;
    this.lost = true;
    this.stopped = true;
    this.onLost();
  }
}
