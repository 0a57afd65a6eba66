/**
 * A turn-based table nobody is connected to leaves memory after TURN_SLEEP_AFTER_MS with nothing
 * happening (issue 25): the journal is flushed, the turn and the next deadline go to the store
 * under this copy's fencing token, and the room closes (its id is kept: server/turnbased/wake.ts
 * reopens it when a player opens it or the deadline comes).
 */
import type { TableState } from '../state/TableState.js';
import type { Store } from '../store/index.js';
import type { TurnTimeouts } from '../turnbased/timeouts.js';
import { logger } from '../ops/logger.js';
import type { ActionLogWriter } from './actionLog.js';
import type { TableClocks } from './tableClocks.js';

export interface SleepingTable {
  state: TableState;
  clocks: TableClocks;
  roomId: string;
  game: string;
  store: Pick<Store, 'sleepGameSession'>;
  sleepAfterMs: number;
  turnBased(): boolean;
  /** Clients connected to the room (players and spectators). */
  connected(): number;
  /** Seats reserved for a socket on its way (a player the table was woken for). */
  reserved(): number;
  journal(): ActionLogWriter | null;
  turns(): TurnTimeouts | null;
  /** The wall clock minus the table's time (TableFacts `clockOffset`). */
  clockOffset(): number;
  now(): number;
  lock(): Promise<void>;
  unlock(): Promise<void>;
  /** Stops the timers and bots and closes the room. */
  close(): Promise<void>;
}

export class TableSleep {
  /** Going to sleep: joins are refused (the client wakes the table again and retries). */
  sleeping = false;
  /** Asleep in the store (the sleep was written), until this wall time (null: no deadline): the private code stays with the table. */
  asleepUntil: number | null | undefined = undefined;

  constructor(private readonly table: SleepingTable) {}

  /** After every change: the sleep is set for a table nobody is connected to, cleared otherwise. */
  plan(now: number): void {
    const { table } = this;
    if (!table.turnBased() || this.sleeping || table.state.phase !== 'playing' || table.connected() > 0) return table.clocks.clear('sleep');
    table.clocks.at('sleep', now + table.sleepAfterMs, () => void this.sleep());
  }

  private async sleep(): Promise<void> {
    const { table } = this;
    const journal = table.journal();
    const turns = table.turns();
    if (!table.turnBased() || this.sleeping || table.state.phase !== 'playing' || table.connected() > 0 || !journal || !turns) return;
    // A bot still to move moves first (bots do not play while the table sleeps); a player whose seat
    // is reserved (woken for them, their socket on its way) is as good as there.
    const botToMove = [...table.state.players.values()].some((p) => p.bot && table.state.active.includes(p.seat));
    if (botToMove || table.reserved() > 0) return this.plan(table.now());
    this.sleeping = true;
    await table.lock();
    try {
      await journal.flush();
      // The wake-up is a wall time; the table's time runs on while it sleeps (resume.ts `ran`).
      const turn = turns.record([...table.state.active], table.state.deadline > 0 ? table.state.deadline + table.clockOffset() : null);
      const asleep = await table.store.sleepGameSession(table.roomId, journal.fence, turn);
      if (asleep) {
        this.asleepUntil = turn.deadline;
        logger.info({ room: table.roomId, game: table.game, wakeAt: turn.deadline }, 'turn-based: table asleep in the store');
      }
    } catch (error) {
      // The store is away: stay awake and try again later.
      logger.warn({ room: table.roomId, err: error }, 'turn-based: going to sleep failed; the table stays open');
      this.sleeping = false;
      await table.unlock();
      return this.plan(table.now());
    }
    await table.close();
  }
}
