/**
 * A tournament table's seats (docs/tournaments.md "Check-in at the table"): every seat reserved
 * for its registrant, and the first clock held until every registrant has sat down or the check-in
 * grace ends (the seats still empty are no-shows, played by a bot). Nobody can time out before they
 * could arrive. Once started, a registrant's seat id takes their seat back as their token would.
 */
import type { TableState, PlayerState } from '../state/TableState.js';
import { syncValues } from '../state/sync.js';
import { logger } from '../ops/logger.js';
import type { Seating } from './seating.js';
import type { TableClocks } from './tableClocks.js';
import type { TournamentSeating } from './tournamentSeating.js';

export interface CheckInTable {
  state: TableState;
  seating: Seating;
  clocks: TableClocks;
  roomId: string;
  now(): number;
  /** Every registrant is here, or the grace ended: the game begins. */
  start(): void;
  /** Told which registrants never came (server/tournament: their seats are played by a bot). */
  noShows?: (tableId: string, roomId: string, playerIds: string[]) => Promise<void> | void;
}

export class TournamentCheckIn {
  constructor(readonly seating: TournamentSeating, private readonly table: CheckInTable) {}

  /** A new table: every seat reserved, the check-in clock running. */
  open(): void {
    const { state, seating, clocks } = this.table;
    const now = this.table.now();
    seating.reserveTournament(this.seating, now);
    state.seats = this.seating.seats.length;
    state.checkInDeadline = now + this.seating.checkInGraceSeconds * 1000;
    this.syncWaiting();
    clocks.at('autoStart', state.checkInDeadline, () => this.close());
  }

  /** A registrant sat down: start once nobody is missing. */
  arrived(): void {
    if (this.table.state.phase !== 'waiting') return;
    this.syncWaiting();
    if (this.table.state.waitingFor.length === 0) this.close();
  }

  /** A registrant left before the start: the seat is still theirs, reserved again and awaited again. */
  leftWaiting(sessionId: string, player: PlayerState): void {
    const playerId = this.seating.seats[player.seat]?.playerId;
    if (playerId) this.table.seating.reserveAgain(sessionId, playerId, this.table.now());
    this.syncWaiting();
  }

  /**
   * A registrant's seat, once the table has started: their seat id takes it back as their token
   * would (after a reload, on another device, at a table reopened on another process).
   */
  seatOf(playerId: string): number | null {
    const seat = playerId === '' ? -1 : this.seating.seats.findIndex((s) => s.playerId === playerId);
    const held = seat >= 0 ? this.table.seating.humanAtSeat(seat) : null;
    // A seat still reserved (a late registrant) is sat down as a reservation: its token links it then.
    return held && !this.table.seating.hasReservation(playerId) ? seat : null;
  }

  private close(): void {
    const { state, seating, roomId } = this.table;
    if (state.phase !== 'waiting') return;
    const noShows = seating.closeCheckIn();
    state.checkInDeadline = 0;
    syncValues(state.waitingFor, []);
    if (noShows.length > 0) {
      const { tableId } = this.seating;
      logger.info({ room: roomId, table: tableId, noShows: noShows.map((s) => s.seat) }, 'tournament check-in closed with no-shows');
      void Promise.resolve(this.table.noShows?.(tableId, roomId, noShows.map((s) => s.playerId)))
        .catch((error: unknown) => logger.warn({ room: roomId, err: error }, 'recording no-shows failed'));
    }
    this.table.start();
  }

  private syncWaiting(): void {
    syncValues(this.table.state.waitingFor, this.table.seating.reservedSeats().map((s) => s.seat));
  }
}
