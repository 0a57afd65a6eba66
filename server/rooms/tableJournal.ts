/**
 * The table in the store and between processes: outcomes shown only once the journal holds them,
 * the journal opened at the start (taking over a queue table's row), a queue table kept in the store
 * while it fills, the heartbeat a reopening gives the time left from, the listing kept, and this
 * copy closed when another process takes the table or handed over on SIGTERM.
 */
import type { Room } from '@colyseus/core';
import type { TableState } from '../state/TableState.js';
import { notice } from '../i18n/serverMessages.js';
import { CLOSE_TABLE_MOVED } from '../../shared/protocol/messages.js';
import { localTables, type MovableTable } from '../journal/localTables.js';
import { FillingTable } from '../turnbased/fillingTable.js';
import type { GameSessionRecord } from '../store/index.js';
import { logger } from '../ops/logger.js';
import { ActionLogWriter } from './actionLog.js';
import type { BotDriver } from './BotDriver.js';
import type { RoomTimers } from './roomTimers.js';
import type { Seating } from './seating.js';
import type { RoomServices } from './services.js';
import type { TableEnd } from './tableEnd.js';
import type { TableFacts } from './tableFacts.js';
import { detachListing, keepListed } from './tableListing.js';

/**
 * A table with a running deadline records that it is alive this often (journal `h` entries): a
 * table reopened after its process died gives back the time left as of its last record, so at most
 * this much (plus one commit) of the time the old process ran is given again.
 */
const CLOCK_HEARTBEAT_MS = 1_000;
/** How often a reopened table checks that the shared listing still has it (`keepListed`). */
const LISTING_CHECK_MS = 2_000;

/** The room (GameRoom) and the parts of it the journal reads and sets. */
export type JournaledTable = Room<TableState> & {
  actionLog: ActionLogWriter | null;
  filling: FillingTable | null;
  readonly facts: TableFacts;
  readonly services: RoomServices;
  readonly seating: Seating;
  readonly timers: RoomTimers;
  readonly bots: BotDriver;
  readonly end: TableEnd;
};

/** The table as the process's take-over and hand-over see it (server/journal/localTables.ts). */
export class TableJournal implements MovableTable {
  constructor(private readonly table: JournaledTable) {}

  get roomId(): string {
    return this.table.roomId;
  }

  /**
   * Runs `show` once everything the journal recorded is in the store (at once when it is): no
   * outcome is shown that a crash could take back (docs/architecture.md "The journal").
   */
  whenDurable(show: () => void): void {
    const journal = this.table.actionLog;
    if (!journal || journal.durable) return show();
    journal.whenDurable().then(() => this.whenDurable(show), () => undefined);
  }

  /** Nothing shown waits for the journal. */
  get durable(): boolean {
    return !this.table.actionLog || this.table.actionLog.durable;
  }

  /** A new table of the public turn-based queue: durable from the start, like its game will be. */
  async openFilling(): Promise<void> {
    const { table } = this;
    const { facts } = table;
    table.autoDispose = false;
    // `startedAt` while it fills: when its wait for players began (bots take the free seats QUICKPLAY_TURN_FILL_MS later).
    const session: GameSessionRecord = {
      id: table.roomId, game: facts.game.id, variant: facts.options.variant, options: facts.options, seed: 0,
      startedAt: table.state.autoStartAt - table.services.config.QUICKPLAY_TURN_FILL_MS, seats: [], private: false, rated: false,
    };
    table.filling = await FillingTable.open(table.services.store, session, () => this.fillingSeats(), () => this.takenOver());
    localTables.add(this);
  }

  /** A queue table reopened before its game started, under the fencing token it was reopened with. */
  reopenFilling(fence: number): void {
    const { table } = this;
    table.filling = FillingTable.reopened(table.services.store, table.roomId, fence, () => this.fillingSeats(), () => this.takenOver());
  }

  /** The game's journal, from its start: a queue table's row becomes the game's in its first commit, under the token it holds. */
  begin(): void {
    const { table } = this;
    const { facts } = table;
    const filling = table.filling;
    table.filling = null;
    void filling?.stop();
    table.actionLog = new ActionLogWriter(table.services.store, {
      id: table.roomId, game: facts.game.id, variant: facts.options.variant, options: facts.options, seed: facts.seed,
      startedAt: facts.startedAt, seats: table.seating.sessionSeats(), private: facts.isPrivate, rated: table.end.isRated(), tournament: facts.tournament,
    }, undefined, () => this.takenOver(), table.state.code || null, filling?.fence ?? 1);
    localTables.add(this);
    this.startHeartbeat();
  }

  /** While a deadline runs, the journal learns the table is alive (what a reopening gives back the time left from). */
  startHeartbeat(): void {
    const { table } = this;
    table.clock.setInterval(() => {
      if (table.state.phase === 'playing' && table.state.deadline > 0) table.actionLog?.alive(table.facts.now(), CLOCK_HEARTBEAT_MS - 100);
    }, CLOCK_HEARTBEAT_MS);
  }

  /** A reopened table lists itself again whenever the shared listing lost it (tableListing.ts). */
  watchListing(): void {
    const { table } = this;
    table.clock.setInterval(() => void keepListed(table, () => Boolean(table.actionLog?.lost || table.filling?.lost)), LISTING_CHECK_MS);
  }

  /** Another process claimed this table (its fencing token moved on): this copy stops at once, its clients go there. */
  takenOver(): void {
    const { table } = this;
    logger.warn({ room: table.roomId }, 'table taken over by another process: closing this copy');
    table.timers.clearAll();
    table.bots.stopAll();
    detachListing(table);
    void table.disconnect(CLOSE_TABLE_MOVED);
  }

  journalFence(): number {
    return this.table.actionLog?.fence ?? this.table.filling?.fence ?? 0;
  }

  /** Found moved by a check after this process lost its lease (no commit of ours was refused yet). */
  movedAway(): void {
    this.table.actionLog?.fenced();
    this.table.filling?.movedAway();
  }

  /** SIGTERM, other processes alive: the journal made durable, then nothing more written here, the clients sent on. */
  async handOver(): Promise<void> {
    const { table } = this;
    table.timers.clearAll();
    table.bots.stopAll();
    table.actionLog?.alive(table.facts.now(), 0); // its clocks stop here, and go on from here elsewhere
    await table.actionLog?.flush().catch(() => undefined);
    table.actionLog?.release();
    await table.filling?.stop();
    detachListing(table);
    table.broadcast('notice', notice('table_moving'));
    await table.disconnect(CLOSE_TABLE_MOVED);
  }

  /** SIGTERM: let a running game finish if it can within the grace period; finished results are stored first. */
  shutdown(): void {
    const { table } = this;
    // A queue table still filling keeps its seats for the next start: none is given up on the way out.
    if (table.filling) {
      const filling = table.filling;
      void filling.stop().then(() => table.disconnect(CLOSE_TABLE_MOVED));
      return;
    }
    if (table.state.phase !== 'playing') {
      void table.disconnect();
      return;
    }
    table.broadcast('notice', notice('restarting'));
    // A journaled game outlasts any grace: its journal made durable, its players keep their seats and
    // come back by id after the restart (4011), where a consented close would resign them.
    const close = table.actionLog ? () => this.handOver() : () => table.disconnect();
    table.clock.setTimeout(() => void close(), table.services.config.SHUTDOWN_GRACE_MS);
  }

  /** The seats a reopened queue table gives back: those of players with an identity (an anonymous seat cannot be retaken). */
  private fillingSeats(): GameSessionRecord['seats'] {
    return this.table.seating.sessionSeats().filter((s) => !s.bot && s.identityId !== null);
  }
}
