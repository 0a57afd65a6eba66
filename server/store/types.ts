/**
 * The records the store keeps (docs/store.md). Times are epoch milliseconds. These are plain data:
 * the tournament rules that produce them live in shared/tournament and server/tournament.
 */
import type { TournamentFormat } from '../../shared/tournament/types.js';

export interface GamePlayerRecord {
  seat: number;
  name: string;
  playerId: string | null;
  bot: boolean;
  score: number;
  place: number;
}

export interface GameRecord {
  /** The Colyseus room id: one record per played table. */
  id: string;
  game: string;
  variant: string;
  seed: number;
  startedAt: number;
  finishedAt: number;
  durationMs: number;
  players: GamePlayerRecord[];
  summary: string;
  tournamentId: string | null;
  tableId: string | null;
}

export type TournamentStatus = 'registration' | 'running' | 'paused' | 'finished';

export interface TournamentRecord {
  id: string;
  name: string;
  game: string;
  variant: string;
  format: TournamentFormat;
  /** Target seats per table; the seat range bounds the T-1 / T+1 tables (docs/tournaments.md). */
  tableSize: number;
  seatMin: number;
  seatMax: number;
  /** Swiss: rounds to play. Elimination: ignored (played until one table remains). */
  rounds: number;
  /** Elimination: how many of each table go through. */
  advancePerTable: number;
  /** Points by place for a table of `placementPoints.length` seats, interpolated to other sizes. */
  placementPoints: number[];
  /** Points for a bye; null = the average of a full table's placement points. */
  byePoints: number | null;
  startsAt: number;
  /** Private tournaments: registering needs this code. */
  privateCode: string | null;
  status: TournamentStatus;
  /** 0 before the first round. */
  currentRound: number;
  seed: number;
  createdAt: number;
  updatedAt: number;
}

export interface RegistrationRecord {
  tournamentId: string;
  playerId: string;
  name: string;
  guest: boolean;
  registeredAt: number;
  checkedInAt: number | null;
  droppedAt: number | null;
  /** Elimination: the round this player went out in. */
  eliminatedRound: number | null;
}

export type RoundStatus = 'playing' | 'done' | 'adjudicated';

export interface RoundRecord {
  tournamentId: string;
  number: number;
  status: RoundStatus;
  startedAt: number;
  finishedAt: number | null;
  /** Pairs seated together who had already met (Swiss quality measure). */
  repeats: number;
}

export type TableStatus = 'pending' | 'playing' | 'done' | 'adjudicated';

export interface TableSeat {
  playerId: string;
  name: string;
}

export interface TableRecord {
  id: string;
  tournamentId: string;
  round: number;
  /** 1 = top table. */
  number: number;
  seats: TableSeat[];
  roomId: string | null;
  status: TableStatus;
  /** The game_results id that settled this table (null while open or when adjudicated). */
  gameId: string | null;
  createdAt: number;
  finishedAt: number | null;
}

/** One player's outcome in one round: a place at a table, or a bye (tableId null). */
export interface TableResultRecord {
  tournamentId: string;
  round: number;
  tableId: string | null;
  playerId: string;
  place: number;
  tableSize: number;
  points: number;
  bye: boolean;
}

export interface RatingRecord {
  game: string;
  playerId: string;
  name: string;
  mu: number;
  sigma: number;
  /** Conservative skill estimate (mu - 3 sigma, OpenSkill's ordinal): the leaderboard order. */
  ordinal: number;
  games: number;
  updatedAt: number;
}

export interface Store {
  kind: 'embedded' | 'postgres';

  /** Idempotent on `r.id`: a second save of the same room id changes nothing. */
  saveGameResult(r: GameRecord): Promise<void>;
  getGameResult(id: string): Promise<GameRecord | null>;
  /** Newest first. `limit` defaults to 50. */
  listGameResults(q: { game?: string; limit?: number; tournamentId?: string }): Promise<GameRecord[]>;

  createTournament(t: TournamentRecord): Promise<void>;
  getTournament(id: string): Promise<TournamentRecord | null>;
  findTournamentByCode(code: string): Promise<TournamentRecord | null>;
  /** Soonest start first. */
  listTournaments(q?: { status?: TournamentStatus[]; startsBefore?: number; limit?: number }): Promise<TournamentRecord[]>;
  updateTournament(id: string, patch: Partial<Pick<TournamentRecord, 'status' | 'currentRound' | 'updatedAt'>>): Promise<void>;

  /** False when this player is already registered. */
  addRegistration(r: RegistrationRecord): Promise<boolean>;
  updateRegistration(tournamentId: string, playerId: string,
    patch: Partial<Pick<RegistrationRecord, 'name' | 'checkedInAt' | 'droppedAt' | 'eliminatedRound'>>): Promise<void>;
  /** In registration order. */
  listRegistrations(tournamentId: string): Promise<RegistrationRecord[]>;

  /**
   * Writes a round, its tables and its byes in one transaction. False (and nothing written) when
   * that round already exists: this is what keeps two processes from starting the same round twice.
   */
  createRound(round: RoundRecord, tables: TableRecord[], byes: TableResultRecord[]): Promise<boolean>;
  updateRound(tournamentId: string, number: number, patch: Partial<Pick<RoundRecord, 'status' | 'finishedAt'>>): Promise<void>;
  listRounds(tournamentId: string): Promise<RoundRecord[]>;

  getTable(id: string): Promise<TableRecord | null>;
  /** By round, then table number. */
  listTables(tournamentId: string, round?: number): Promise<TableRecord[]>;
  /** Records the room a pending table was opened in. False when it was no longer pending (another launch won). */
  markTableLaunched(id: string, roomId: string): Promise<boolean>;
  /**
   * Moves a playing table from a room that was lost (its process stopped) to a new one. False when the
   * table is no longer playing in `previousRoomId` (finished, or another process reopened it first).
   */
  relaunchTable(id: string, roomId: string, previousRoomId: string | null): Promise<boolean>;
  /**
   * Closes an open table with its per-player results in one transaction. False (and nothing
   * written) when the table was already closed: reporting a result twice is harmless.
   */
  finishTable(id: string, close: { status: 'done' | 'adjudicated'; gameId: string | null; finishedAt: number; results: TableResultRecord[] }): Promise<boolean>;
  listTableResults(tournamentId: string): Promise<TableResultRecord[]>;

  /**
   * Rates one game once: inside one transaction (serialised per game), reads the current ratings
   * of `playerIds`, asks `compute` for the new ones and writes them. False when `gameResultId`
   * was already rated (then `compute` is not called).
   */
  rateGame(gameResultId: string, game: string, playerIds: string[],
    compute: (current: RatingRecord[]) => RatingRecord[]): Promise<boolean>;
  getRatings(game: string, playerIds: string[]): Promise<RatingRecord[]>;
  /** Best ordinal first. */
  leaderboard(game: string, q?: { limit?: number; minGames?: number }): Promise<RatingRecord[]>;

  close(): Promise<void>;
}
