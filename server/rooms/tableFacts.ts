/**
 * What a table is, read by every part of its room: the game, its options and pace, whether it is
 * private, rated at the host's request or a tournament's, the seed and start of its game, and its
 * time (`now`, docs/architecture.md "Clocks: the time left is kept").
 */
import type { AnyGame } from '../../shared/games/contract.js';
import type { TableOptions } from './tableOptions.js';
import type { TournamentSeating } from './tournamentSeating.js';

export class TableFacts {
  options: TableOptions = { variant: '', players: 0 };
  /** Turn-based (issue 25): move clocks of hours, timeouts in a row counted, sleeps in the store with nobody connected. */
  turnBased = false;
  isPrivate = false;
  /** Private tables only: the host asked for a rated game at creation. */
  ratedPrivate = false;
  tournament: TournamentSeating | null = null;
  seed = 0;
  startedAt = 0;
  /**
   * The wall clock minus the table's time: 0 for a table that never moved; a reopened table's time
   * went on from where its journal stopped. Everything the room hands the engine, the pipeline, the
   * bots, the clocks and the clients' clock sync is the table's time (`now`); the world outside
   * (results, history, wake-ups) gets wall times.
   */
  clockOffset = 0;
  readonly now = (): number => Date.now() - this.clockOffset;

  constructor(readonly game: AnyGame) {}
}
