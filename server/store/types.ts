/**
 * The records the store keeps (docs/store.md). Times are epoch milliseconds. These are plain data:
 * the tournament rules that produce them live in shared/tournament and server/tournament.
 */
import type { TournamentFormat } from '../../shared/tournament/types.js';
import type { LogEntry } from '../../shared/replay/log.js';
import type { Msg } from '../../shared/i18n/msg.js';
import type { SocialStore } from './socialStore.js';
import type { PushStore } from './pushStore.js';
import type { FriendsStore } from './friendsStore.js';

export type * from './socialStore.js';
export type * from './pushStore.js';
export type * from './friendsStore.js';

export interface GamePlayerRecord {
  seat: number;
  name: string;
  playerId: string | null;
  /** The guest identity seated here (server/identity); null for bots and seats nobody claimed. */
  identityId?: string | null;
  bot: boolean;
  score: number;
  place: number;
  /** The player resigned (Resign, or Leave during play): a bot finished the seat, placed last. */
  resigned?: boolean;
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
  /** The result screen's line as a message (server/store/summary.ts: JSON in the column; old rows are sentences). */
  summary: Msg;
  tournamentId: string | null;
  tableId: string | null;
  /** Whether ratings move (docs/architecture.md "Ratings"); kept in game_sessions, not in game_results. */
  rated?: boolean;
  /** A private table's game: its history line and replay are shown to its players only. */
  private?: boolean;
}

/** A lasting guest identity: the public id, a display name and the tag that tells two "Ana"s apart. */
export interface IdentityRecord {
  id: string;
  name: string;
  /** Four digits: shown as "Ana#4821". */
  tag: string;
  createdAt: number;
  updatedAt: number;
}

export interface SessionSeat {
  seat: number;
  name: string;
  identityId: string | null;
  bot: boolean;
}

/** What a started game needs to be rebuilt, written when it starts. */
export interface GameSessionRecord {
  id: string;
  game: string;
  variant: string;
  options: { variant: string; players: number } & Record<string, unknown>;
  seed: number;
  startedAt: number;
  seats: SessionSeat[];
  private: boolean;
  rated: boolean;
  /** Read back only (docs/store.md "Game sessions"): running until a result is stored or the sweep abandons it. */
  status?: GameSessionStatus;
  /** When it became finished or abandoned. */
  endedAt?: number | null;
  /** Read back only: a table process owns it through the journal (005_journal), so a restart can reopen it. */
  journaled?: boolean;
  /** Read only: the process that owns its journal (issue 24), when journaled. */
  owner?: string;
  /** Read back only: why the table was abandoned when a reason was given (e.g. its journal did not replay). */
  abandonReason?: string | null;
  /** Read back only (008_turn_based): a turn-based table asleep in the store, open on no process. */
  sleeping?: boolean;
  /** Read back only: the turn a turn-based table went to sleep on (null: never slept). */
  turn?: TurnRecord | null;
  /** A tournament table's seating (the room's `tournament` option), so a reopened table reports its result. */
  tournament?: SessionTournament | null;
  /**
   * Read back only (013_filling_queue): a public turn-based queue table still waiting for its seats;
   * `startedAt` is when it opened, `seed` means nothing yet, `seats` are the players seated so far.
   */
  filling?: boolean;
}

/** What a tournament table is told when it opens (server/rooms/tournamentSeating.ts), kept with its session. */
export interface SessionTournament {
  tournamentId: string;
  tableId: string;
  seats: { playerId: string; name: string; identityId?: string | null }[];
  checkInGraceSeconds: number;
}

/** A turn-based table's turn as it sleeps (issue 25): what the lobby shows and what the woken table goes on from. */
export interface TurnRecord {
  /** Seats whose move it is. */
  seats: number[];
  /** The next deadline (epoch ms; null: none): the table wakes then. */
  deadline: number | null;
  /** Per seat: move clocks run out in a row. */
  timeouts: number[];
  /** Per seat: since when (epoch ms) it has been to move, 0 when not. */
  activeSince: number[];
}

export type GameSessionStatus = 'running' | 'finished' | 'abandoned';

/** A table taken over: its new fencing token, the number of its next journal chunk, its private code. */
export interface SessionClaim { fence: number; chunks: number; code: string | null }

/** A table taken over with what reopening it needs: the claim, its session row as claimed, its whole log. */
export interface TakenTable { claim: SessionClaim; session: GameSessionRecord; log: LogEntry[] }

/**
 * One group commit of the tables' journals (server/journal/committer.ts): new sessions first (with
 * their owner and first fencing token), then chunks, each written only if its session row still
 * carries the chunk's fencing token (checked in the same statement).
 */
export interface JournalCommit {
  sessions: { session: GameSessionRecord; owner: string; fence: number; code: string | null }[];
  chunks: { gameId: string; chunk: number; fence: number; entries: LogEntry[] }[];
}

/** One identity's line in one finished game (history; `ordinalAfter` is the rating trend). */
export interface PlayerGameRecord {
  identityId: string;
  gameId: string;
  game: string;
  ratingKey: string;
  finishedAt: number;
  seat: number;
  place: number;
  score: number;
  seats: number;
  rated: boolean;
  private: boolean;
  ordinalAfter: number | null;
  /** An abandoned game's line has place and score 0 and moves no rating. */
  status: 'finished' | 'abandoned';
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
  /** How long a round's table waits for its registrants before it starts without them (docs/tournaments.md). */
  checkInGraceSeconds: number;
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
  /** The guest identity that registered (ratings and history); absent in registrations made before identities. */
  identityId?: string | null;
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
  /** The registrant's guest identity: the room links the seat to it even if they never join. */
  identityId?: string | null;
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

/** A registrant who had not sat down at their table when its check-in closed (a bot played the seat). */
export interface NoShowRecord {
  tournamentId: string;
  tableId: string;
  playerId: string;
  /** The room whose check-in closed without them. */
  roomId: string;
  at: number;
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
  /** Mutes, reports, sanctions, leavers, table chat (issue 29). */
  readonly social: SocialStore;
  /** Web Push subscriptions per identity (issue 25). */
  readonly push: PushStore;
  /** Follows, blocks, invitations to a private table (issue 29, friends). */
  readonly friends: FriendsStore;

  /**
   * Idempotent on `r.id`: a second save of the same room id changes nothing. Marks the game's
   * session finished in the same transaction (a result arriving after the sweep abandoned the
   * game wins: the session and the history lines become finished).
   */
  saveGameResult(r: GameRecord): Promise<void>;
  getGameResult(id: string): Promise<GameRecord | null>;
  /** Newest first. `limit` defaults to 50. `publicOnly` leaves out private tables' games. */
  listGameResults(q: { game?: string; limit?: number; tournamentId?: string; publicOnly?: boolean }): Promise<GameRecord[]>;

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
  /** One player's registration (check-in and drop read one row, not the whole list). */
  getRegistration(tournamentId: string, playerId: string): Promise<RegistrationRecord | null>;
  countRegistrations(tournamentId: string): Promise<number>;

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
  /** How many tables of that round are still pending or playing (one count, not every table's seats). */
  countOpenTables(tournamentId: string, round: number): Promise<number>;
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
  /** Records no-shows once per table and player (a second report of the same one changes nothing). */
  addNoShows(records: NoShowRecord[]): Promise<void>;
  listNoShows(tournamentId: string): Promise<NoShowRecord[]>;

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

  // ---- identities (server/identity)
  /** False when the (name, tag) pair is taken: pick another tag. */
  createIdentity(i: IdentityRecord, deviceTokenHash: string): Promise<boolean>;
  getIdentity(id: string): Promise<IdentityRecord | null>;
  /** The identities of these ids that exist, in one read (any order). */
  getIdentities(ids: readonly string[]): Promise<IdentityRecord[]>;
  identityByDeviceToken(hash: string): Promise<IdentityRecord | null>;
  /** False when the (name, tag) pair is taken by someone else. */
  renameIdentity(id: string, name: string, tag: string, now: number): Promise<boolean>;
  addIdentityToken(hash: string, identityId: string, kind: 'device' | 'transfer', now: number, expiresAt: number | null): Promise<void>;
  /** Uses up a transfer code (once): the identity it moves, or null when unknown or expired. */
  takeTransferCode(hash: string, now: number): Promise<string | null>;

  // ---- game sessions and action logs (server/rooms/actionLog.ts)
  startGameSession(s: GameSessionRecord): Promise<void>;
  getGameSession(id: string): Promise<GameSessionRecord | null>;
  /** Running sessions (no result, not abandoned) whose seats hold this identity, newest first (`limit` defaults to 20). */
  listUnfinishedSessions(identityId: string, q?: { limit?: number }): Promise<GameSessionRecord[]>;
  /** Chunks are numbered from 0; writing the same chunk twice keeps the first. */
  appendGameLog(gameId: string, chunk: number, entries: LogEntry[]): Promise<void>;
  readGameLog(gameId: string): Promise<LogEntry[]>;
  /** Writes one group commit (chunks in one statement); answers the games whose fencing token moved on (nothing of theirs written). */
  commitJournal(commit: JournalCommit): Promise<{ fenced: string[] }>;
  /**
   * Takes a table over: a new fencing token (the old owner's writes fail from now on) and the owner;
   * null if no such session, or (with `expectFence`) if its token is no longer that one (another
   * process claimed it first).
   */
  claimGameSession(id: string, owner: string, expectFence?: number): Promise<SessionClaim | null>;
  /**
   * claimGameSession and the reads a takeover needs, in two statements (the claim, then the whole
   * log): the session row as the claim left it and every entry written under the tokens before it.
   */
  takeOverSession(id: string, owner: string, expectFence?: number): Promise<TakenTable | null>;
  /** The current fencing token of each of these sessions (absent: no such session). */
  sessionFences(ids: readonly string[]): Promise<Map<string, number>>;
  /**
   * Turn-based sleep (issue 25): the table leaves memory while it holds the fencing token `fence`.
   * False when the token moved on or the session is no longer running.
   */
  sleepGameSession(id: string, fence: number, turn: TurnRecord): Promise<boolean>;
  /**
   * Claims a sleeping table to wake it (a new fencing token, like claimGameSession) and holds it
   * until `leaseUntil`; null when it is not asleep, another waker's lease holds, or (`due`) its
   * deadline has not come. Exactly one of several concurrent callers gets it.
   */
  claimSleepingSession(id: string, owner: string, now: number, leaseUntil: number, due: boolean): Promise<{ fence: number; chunks: number; code: string | null; game: string } | null>;
  /** The running table asleep in the store that holds this private code (issue 25: a code outlives the sleep). */
  findSleepingSessionByCode(code: string): Promise<{ id: string; game: string } | null>;
  /** The woken table is open: no longer asleep (while it still holds `fence`). */
  markAwake(id: string, fence: number): Promise<void>;
  /** Sleeping tables whose deadline has come and that nobody is waking, soonest first. */
  listDueSleepingSessions(now: number, limit: number): Promise<{ id: string; game: string }[]>;
  /**
   * A public turn-based queue table opens (013_filling_queue): its row, `filling`, owned by `owner`
   * under fencing token 1. Its first journal commit when it starts (commitJournal) rewrites the row.
   */
  openFillingSession(session: GameSessionRecord, owner: string): Promise<void>;
  /** The seats of a filling queue table, while it holds `fence`; false when it does not (or it started). */
  updateFillingSeats(id: string, fence: number, seats: GameSessionRecord['seats']): Promise<boolean>;
  /** A filling queue table whose last player left: its row goes (no game was played); false when it does not hold `fence`. */
  dropFillingSession(id: string, fence: number): Promise<boolean>;
  /** Sessions still `running` that have a journal owner and are not asleep (a restart or a survivor reopens them), oldest first. */
  listResumableSessions(): Promise<{ id: string; game: string; owner: string; fence: number }[]>;
  /** Whether this one session is among listResumableSessions (a join by id waits for such a table to reopen). */
  isResumable(id: string): Promise<boolean>;
  /** Total stored log bytes (JSON text) of one game: for docs/benchmarks.md. */
  gameLogBytes(gameId: string): Promise<number>;
  /**
   * Sessions still `running` and not asleep started before `startedBefore`, oldest first (then by id), after the
   * `after` session when given (the abandoned sweep pages through them).
   */
  listRunningSessions(q: { startedBefore: number; limit: number; after?: { startedAt: number; id: string } }): Promise<GameSessionRecord[]>;
  /**
   * Ends a running session as abandoned (and adds an abandoned line to each seated identity's
   * history) in one transaction. False when it was no longer running or its result exists.
   * `reason` is kept in the session's `abandoned` column (005_journal), e.g. why its journal did not replay.
   */
  abandonGameSession(id: string, at: number, reason?: string): Promise<boolean>;
  /** Deletes sessions (and their logs) started before `before`; the results stay. Returns how many. */
  pruneGameLogs(before: number): Promise<number>;
  /**
   * Deletes up to `limit` guests (oldest first) created and last renamed before `before` that never
   * finished a game, hold no tournament registration and sit in no session started since. Returns how many.
   */
  pruneIdleGuests(before: number, limit: number): Promise<number>;

  // ---- history
  /** Newest first; `limit` defaults to 50. */
  listPlayerGames(identityId: string, q?: { limit?: number; ratingKey?: string }): Promise<PlayerGameRecord[]>;
  /** `publicOnly` leaves out private tables' games. */
  countPlayerGames(identityId: string, q?: { publicOnly?: boolean }): Promise<number>;
  /** Every rating this identity has, one per rating key. */
  ratingsOf(identityId: string): Promise<RatingRecord[]>;
  /** 1-based place on the leaderboard of `game` (by ordinal), or null when unrated there. */
  rankOf(game: string, playerId: string): Promise<number | null>;

  close(): Promise<void>;
}
