/**
 * The tournament organiser (docs/tournaments.md), independent of Colyseus: rooms are opened
 * through a TableLauncher, results come back through `reportTableResult`. Every decision is
 * written to the Store before it is acted on, and every step is re-derivable from what is stored,
 * so `resume()` after a restart (or a second process) carries on without losing a result:
 *  - a round exists once (its primary key), a table closes once (conditional update);
 *  - `advance` looks at the stored rounds and tables and does whatever the next step is.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { z } from 'zod';
import { makeCode } from '../../shared/protocol/codes.js';
import { fieldRefusal, type FieldLabel } from '../../shared/i18n/fieldRefusal.js';
import {
  DEFAULT_PLACEMENT_POINTS, advancers, computeStandings, defaultByePoints, lot, normalisePlaces, pairRound,
  pointsForPlaces, type PlayerRoundResult, type SeatRange, type Standing,
} from '../../shared/tournament/index.js';
import { CHECK_IN_GRACE_MAX_SECONDS, CHECK_IN_GRACE_MIN_SECONDS, DEFAULT_CHECK_IN_GRACE_SECONDS } from '../rooms/tournamentSeating.js';
import type {
  GameRecord, NoShowRecord, RegistrationRecord, RoundRecord, Store, TableRecord, TableResultRecord, TournamentRecord,
} from '../store/index.js';
import { inParallel } from '../inParallel.js';

export interface TableLauncher {
  launch(t: {
    tournamentId: string; tableId: string; game: string; variant: string; seats: { playerId: string; name: string; identityId?: string | null }[];
    /** How long the table waits for its registrants before it starts without them. */
    checkInGraceSeconds: number;
  }): Promise<{ roomId: string }>;
  /** Which of these rooms still exist on some process (one look-up for a whole round). */
  openRooms(roomIds: readonly string[]): Promise<Set<string>>;
  /** Closes a room opened for a table that another launch got first. */
  discard(roomId: string): Promise<void>;
}

export type TournamentErrorCode = 'not_found' | 'bad_request' | 'wrong_state' | 'forbidden';

/**
 * `code` is the kind (the HTTP status follows it); `reason` is what the client shows
 * (server:error.<reason>, with `params`); `message` stays English for API users.
 */
export class TournamentError extends Error {
  constructor(readonly code: TournamentErrorCode, message: string, readonly reason: string = code, readonly params?: Record<string, string | number>) {
    super(message);
    this.name = 'TournamentError';
  }
}

const nameSchema = z.string().trim().min(1).max(40);

export const createTournamentSchema = z.object({
  name: nameSchema.default('Tournament night'),
  game: z.string().min(1).max(40),
  variant: z.string().min(1).max(40),
  tableSize: z.number().int().min(2).max(16),
  rounds: z.number().int().min(1).max(50).default(3),
  format: z.enum(['swiss', 'elimination']).default('swiss'),
  /** Points by place for a table of `placementPoints.length` seats (scaled to other sizes). */
  placementPoints: z.array(z.number().min(0).max(1000)).min(1).max(16).default([...DEFAULT_PLACEMENT_POINTS]),
  byePoints: z.number().min(0).max(1000).nullable().default(null),
  /** Elimination: how many of each table go through; default half the target table size. */
  advancePerTable: z.number().int().min(1).max(15).optional(),
  startsAt: z.number().int().min(0),
  /** A private tournament: registering needs the code (`true` = generate one). */
  privateCode: z.union([z.literal(true), z.string().trim().toUpperCase().regex(/^[A-Z0-9]{4,12}$/)]).optional(),
  /** How long each round's table waits for its registrants before a bot plays the empty seats. */
  checkInGraceSeconds: z.number().int().min(CHECK_IN_GRACE_MIN_SECONDS).max(CHECK_IN_GRACE_MAX_SECONDS).default(DEFAULT_CHECK_IN_GRACE_SECONDS),
});
export type CreateTournamentInput = z.input<typeof createTournamentSchema>;

const FORM_LABELS: Record<string, string> = { name: 'name', game: 'game', variant: 'variant', tableSize: 'table_size', rounds: 'rounds', format: 'format', checkInGraceSeconds: 'check_in_grace' };

/** The tournament form's label of a field (client/i18n/locales/<lang>/tournament.json `form.*`); other fields have none. */
export const tournamentFieldLabel: FieldLabel = (field) => (FORM_LABELS[field] ? `tournament:form.${FORM_LABELS[field]}` : null);

export interface TournamentServiceOptions {
  store: Store;
  launcher: TableLauncher;
  now?: () => number;
  seed: number;
  /** Seats the game allows for a variant; null = unknown game. Default: 2 to tableSize + 1. */
  seatRange?: (game: string, variant: string) => SeatRange | null;
  /** Failures the service survives (a launch that threw): for the log. */
  onError?: (error: unknown, context: string) => void;
}

export interface RoundView extends RoundRecord {
  tables: TableRecord[];
  byes: string[];
}

export interface TournamentView {
  tournament: TournamentRecord;
  players: RegistrationRecord[];
  rounds: RoundView[];
  standings: Standing[];
  /** Registrants who had not sat down when their table's check-in closed. */
  noShows: NoShowRecord[];
  /** Every stored place and bye, read with the rest (public views show each seat's place). */
  results: TableResultRecord[];
}

const LAUNCH_BATCH = 16;

export class TournamentService {
  private readonly store: Store;
  private readonly launcher: TableLauncher;
  private readonly now: () => number;
  private readonly seed: number;
  private readonly seatRangeOf: (game: string, variant: string, tableSize: number) => SeatRange | null;
  private readonly onError: (error: unknown, context: string) => void;
  private readonly listeners = new Set<(tournamentId: string) => void>();
  private readonly locks = new Map<string, Promise<unknown>>();
  /** Launches of a tournament's tables run one batch after another, never two at once. */
  private readonly launching = new Map<string, Promise<unknown>>();

  constructor(opts: TournamentServiceOptions) {
    this.store = opts.store;
    this.launcher = opts.launcher;
    this.now = opts.now ?? Date.now;
    this.seed = opts.seed >>> 0;
    this.seatRangeOf = (game, variant, tableSize) => (opts.seatRange ? opts.seatRange(game, variant) : { min: 2, max: tableSize + 1 });
    this.onError = opts.onError ?? (() => undefined);
  }

  /** Called after any change to a tournament (for live updates). Returns the unsubscribe. */
  onChange(listener: (tournamentId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // ------------------------------------------------------------------ organiser

  async create(input: CreateTournamentInput): Promise<TournamentRecord> {
    const parsed = createTournamentSchema.safeParse(input);
    if (!parsed.success) {
      const refusal = fieldRefusal(parsed.error, tournamentFieldLabel, 'bad_request');
      throw new TournamentError('bad_request', parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '), refusal.code, refusal.params);
    }
    const o = parsed.data;
    const range = this.seatRangeOf(o.game, o.variant, o.tableSize);
    if (!range) throw new TournamentError('bad_request', `Unknown game or variant: ${o.game} / ${o.variant}`, 'unknown_game');
    if (o.tableSize < range.min || o.tableSize > range.max) {
      throw new TournamentError('bad_request', `Tables of ${o.tableSize} are not possible: ${o.game} seats ${range.min}–${range.max}.`, 'bad_table_size', { size: o.tableSize, min: range.min, max: range.max });
    }
    const id = `t_${randomBytes(6).toString('base64url')}`;
    const at = this.now();
    const t: TournamentRecord = {
      id, name: o.name, game: o.game, variant: o.variant, format: o.format,
      tableSize: o.tableSize, seatMin: range.min, seatMax: range.max, rounds: o.rounds,
      advancePerTable: o.advancePerTable ?? Math.max(1, Math.floor(o.tableSize / 2)),
      placementPoints: o.placementPoints, byePoints: o.byePoints, startsAt: o.startsAt,
      privateCode: o.privateCode === true ? newCode() : o.privateCode ?? null,
      status: 'registration', currentRound: 0, seed: lot(this.seed, id), createdAt: at, updatedAt: at,
      checkInGraceSeconds: o.checkInGraceSeconds,
    };
    await this.store.createTournament(t);
    this.emit(id);
    return t;
  }

  /** Registers a player; a guest (no `playerId`) gets a fresh id. Registering twice returns the first registration. */
  async register(tournamentId: string, who: { name: string; playerId?: string; code?: string; identityId?: string }): Promise<RegistrationRecord> {
    return this.locked(tournamentId, async () => {
      const t = await this.mustGet(tournamentId);
      if (t.status !== 'registration') throw new TournamentError('wrong_state', 'Registration is closed.', 'registration_closed');
      if (t.privateCode !== null && who.code?.trim().toUpperCase() !== t.privateCode) {
        throw new TournamentError('forbidden', 'This tournament is private: the code is wrong.', 'wrong_tournament_code');
      }
      const name = nameSchema.safeParse(who.name);
      if (!name.success) throw new TournamentError('bad_request', 'A name of 1 to 40 characters is needed.', 'bad_tournament_name');
      const guest = who.playerId === undefined;
      const r: RegistrationRecord = {
        tournamentId, playerId: who.playerId ?? `g_${randomBytes(9).toString('base64url')}`, name: name.data, guest,
        registeredAt: this.now(), checkedInAt: null, droppedAt: null, eliminatedRound: null,
        ...(who.identityId !== undefined ? { identityId: who.identityId } : {}),
      };
      if (!(await this.store.addRegistration(r))) {
        const existing = await this.store.getRegistration(tournamentId, r.playerId);
        if (existing) return existing;
      }
      this.emit(tournamentId);
      return r;
    });
  }

  /** Before the start; in a running Swiss tournament a late check-in is seated from the next round. */
  async checkIn(tournamentId: string, playerId: string): Promise<void> {
    await this.locked(tournamentId, async () => {
      // Both reads at once: check-ins queue behind this lock when a night's players arrive together.
      const [t, found] = await Promise.all([this.mustGet(tournamentId), this.store.getRegistration(tournamentId, playerId)]);
      const reg = registered(found);
      if (t.status === 'finished') throw new TournamentError('wrong_state', 'The tournament is over.', 'tournament_over');
      if (t.status !== 'registration' && t.format === 'elimination') throw new TournamentError('wrong_state', 'Check-in closed when the elimination started.', 'check_in_closed');
      if (reg.droppedAt !== null) throw new TournamentError('wrong_state', 'This player has left the tournament.', 'player_left');
      if (reg.checkedInAt !== null) return;
      await this.store.updateRegistration(tournamentId, playerId, { checkedInAt: this.now() });
      this.emit(tournamentId);
    });
  }

  /** Starts round 1 with everybody checked in (registered but not checked in = no-show, never seated). */
  async start(tournamentId: string): Promise<void> {
    await this.locked(tournamentId, async () => {
      const t = await this.mustGet(tournamentId);
      if (t.status !== 'registration') throw new TournamentError('wrong_state', 'The tournament has already started.', 'tournament_started');
      const ready = (await this.store.listRegistrations(tournamentId)).filter((r) => r.checkedInAt !== null && r.droppedAt === null);
      if (ready.length < t.seatMin) {
        throw new TournamentError('wrong_state', `At least ${t.seatMin} checked-in players are needed (${ready.length} so far).`, 'not_enough_players', { min: t.seatMin, count: ready.length });
      }
      await this.store.updateTournament(tournamentId, { status: 'running', updatedAt: this.now() });
      await this.advanceLocked(tournamentId);
    });
    await this.launchPending(tournamentId);
  }

  /** Starts every tournament in registration whose start time has come; returns their ids. */
  async startDue(): Promise<string[]> {
    // Only tournaments whose time has come are read, so far-future entries cannot crowd them out;
    // how many can be open at once is bounded at creation (TOURNAMENTS_OPEN_MAX).
    const due = await this.store.listTournaments({ status: ['registration'], startsBefore: this.now(), limit: 10_000 });
    const started: string[] = [];
    for (const t of due) {
      try {
        await this.start(t.id);
        started.push(t.id);
      } catch (error) {
        this.onError(error, `starting tournament ${t.id}`);
      }
    }
    return started;
  }

  /** Results still come in while paused; the next round waits for `unpause`. */
  async pause(tournamentId: string): Promise<void> {
    await this.locked(tournamentId, async () => {
      const t = await this.mustGet(tournamentId);
      if (t.status !== 'running') throw new TournamentError('wrong_state', 'Only a running tournament can be paused.', 'not_running');
      await this.store.updateTournament(tournamentId, { status: 'paused', updatedAt: this.now() });
      this.emit(tournamentId);
    });
  }

  async unpause(tournamentId: string): Promise<void> {
    await this.locked(tournamentId, async () => {
      const t = await this.mustGet(tournamentId);
      if (t.status !== 'paused') throw new TournamentError('wrong_state', 'The tournament is not paused.', 'not_paused');
      await this.store.updateTournament(tournamentId, { status: 'running', updatedAt: this.now() });
      this.emit(tournamentId);
      await this.advanceLocked(tournamentId);
    });
    await this.launchPending(tournamentId);
  }

  /** The player is not seated again; a table they sit at now plays on (a bot takes an empty seat). */
  async dropPlayer(tournamentId: string, playerId: string): Promise<void> {
    await this.locked(tournamentId, async () => {
      const reg = await this.mustGetRegistration(await this.mustGet(tournamentId), playerId);
      if (reg.droppedAt !== null) return;
      await this.store.updateRegistration(tournamentId, playerId, { droppedAt: this.now() });
      this.emit(tournamentId);
    });
  }

  /**
   * Adjudication: every table of the current round still open is closed with all its players tied
   * (each gets the average placement points of that table). A result arriving later for such a
   * table is stored as a game record but does not change the standings.
   */
  async endRoundEarly(tournamentId: string): Promise<number> {
    const closed = await this.locked(tournamentId, async () => {
      const t = await this.mustGet(tournamentId);
      if (t.status !== 'running' && t.status !== 'paused') throw new TournamentError('wrong_state', 'No round is being played.', 'no_round');
      let count = 0;
      for (const table of await this.store.listTables(tournamentId, t.currentRound)) {
        if (table.status !== 'pending' && table.status !== 'playing') continue;
        const places = table.seats.map(() => 1);
        const ok = await this.store.finishTable(table.id, {
          status: 'adjudicated', gameId: null, finishedAt: this.now(), results: this.tableResults(t, table, places),
        });
        if (ok) count++;
      }
      this.emit(tournamentId);
      await this.advanceLocked(tournamentId);
      return count;
    });
    await this.launchPending(tournamentId);
    return closed;
  }

  // ------------------------------------------------------------------ results

  /**
   * A table's game is over; its record is already stored (the results outbox stores it first;
   * `resume` reads it from the store). Idempotent: the first result for a table counts, later ones
   * (and results for unknown tables) return false. Seated players missing from the record share
   * last place. Every result of a round but its last only closes its table: the round is read (to
   * start the next one, and open its tables) only once no table of it is left open. A tournament
   * night's tables end together, and each process reports its results one at a time (issue 31).
   */
  async reportTableResult(tableId: string, record: GameRecord): Promise<boolean> {
    const table = await this.store.getTable(tableId);
    if (!table) return false;
    if (record.tableId !== null && record.tableId !== tableId) {
      throw new TournamentError('bad_request', `Result ${record.id} is for table ${record.tableId}, not ${tableId}.`, 'wrong_table');
    }
    // Only the table's own room decides it (not a room left over from a launch that lost).
    if (table.roomId !== null && table.roomId !== record.id) return false;
    const outcome = await this.locked(table.tournamentId, async () => {
      const t = await this.mustGet(table.tournamentId);
      const reported = new Map(record.players.filter((p) => p.playerId !== null).map((p) => [p.playerId as string, p.place]));
      const places = table.seats.map((s) => {
        const place = reported.get(s.playerId);
        return place !== undefined && place > 0 ? place : Number.MAX_SAFE_INTEGER;
      });
      const ok = await this.store.finishTable(tableId, {
        status: 'done', gameId: record.id, finishedAt: this.now(), results: this.tableResults(t, table, places),
      });
      if (!ok) return 'not_recorded';
      this.emit(t.id);
      // Counted after this table's close is committed: of two last tables closed at once (on two
      // processes), the later count sees none open.
      if (table.round === t.currentRound && await this.store.countOpenTables(t.id, table.round) > 0) return 'recorded';
      await this.advanceLocked(t.id);
      return 'round_closed';
    });
    if (outcome === 'round_closed') await this.launchPending(table.tournamentId);
    return outcome !== 'not_recorded';
  }

  /**
   * A table's check-in closed with these registrants absent (the room reports it; a bot plays
   * their seats). Only the table's own room counts, and only its seated players; idempotent.
   * Null while the table's room is not stored yet (a grace shorter than the launch's store write):
   * the caller asks again.
   */
  async recordNoShows(tableId: string, roomId: string, playerIds: readonly string[]): Promise<number | null> {
    const table = await this.store.getTable(tableId);
    if (table?.status === 'pending') return null;
    if (!table || table.roomId !== roomId) return 0;
    const seated = new Set(table.seats.map((s) => s.playerId));
    const at = this.now();
    const records = [...new Set(playerIds)].filter((id) => seated.has(id))
      .map((playerId) => ({ tournamentId: table.tournamentId, tableId, playerId, roomId, at }));
    await this.store.addNoShows(records);
    if (records.length > 0) this.emit(table.tournamentId);
    return records.length;
  }

  /**
   * After a restart, and every so often on every process: for every unfinished tournament, picks up
   * results that were stored but not reported, takes any step that is due, opens tables that were
   * planned but not launched (a launch that failed is retried), and reopens tables whose room is
   * gone (its process stopped before the game ended and left no journal to reopen it from): that
   * game restarts with the same seats.
   */
  async resume(): Promise<void> {
    for (const t of await this.store.listTournaments({ status: ['running', 'paused'], limit: 10_000 })) {
      const open = new Map((await this.store.listTables(t.id)).filter((x) => x.status === 'pending' || x.status === 'playing').map((x) => [x.id, x]));
      if (open.size > 0) {
        for (const record of await this.store.listGameResults({ tournamentId: t.id, limit: 100_000 })) {
          if (record.tableId !== null && open.has(record.tableId)) await this.reportTableResult(record.tableId, record);
        }
      }
      await this.locked(t.id, () => this.advanceLocked(t.id));
      await this.launchPending(t.id);
      await this.reopenLostTables(t.id);
    }
  }

  private async reopenLostTables(tournamentId: string): Promise<void> {
    const t = await this.store.getTournament(tournamentId);
    if (!t || t.status !== 'running') return;
    const playing = (await this.store.listTables(tournamentId, t.currentRound)).filter((x) => x.status === 'playing');
    const open = await this.launcher.openRooms(playing.flatMap((x) => (x.roomId ? [x.roomId] : [])));
    for (const table of playing) {
      if (table.roomId !== null && open.has(table.roomId)) continue;
      try {
        // The room may have stored its result and closed since the results were read: report it, do not replay.
        const stored = table.roomId === null ? null : await this.store.getGameResult(table.roomId);
        if (stored) {
          await this.reportTableResult(table.id, stored);
          continue;
        }
        // A journaled game still running is reopened from its journal by a survivor (server/journal/
        // takeover.ts, resume.ts), with its seating: restarting it here would throw its moves away.
        const session = table.roomId === null ? null : await this.store.getGameSession(table.roomId);
        if (session?.status === 'running' && session.journaled === true) continue;
        const { roomId } = await this.launcher.launch({
          tournamentId, tableId: table.id, game: t.game, variant: t.variant, seats: table.seats, checkInGraceSeconds: t.checkInGraceSeconds,
        });
        if (await this.store.relaunchTable(table.id, roomId, table.roomId)) this.emit(tournamentId);
        else await this.launcher.discard(roomId);
      } catch (error) {
        this.onError(error, `reopening table ${table.id}`);
      }
    }
  }

  // ------------------------------------------------------------------ reading

  async get(tournamentId: string): Promise<TournamentView | null> {
    const tournament = await this.store.getTournament(tournamentId);
    if (!tournament) return null;
    const [players, rounds, tables, results, noShows] = await Promise.all([
      this.store.listRegistrations(tournamentId), this.store.listRounds(tournamentId),
      this.store.listTables(tournamentId), this.store.listTableResults(tournamentId), this.store.listNoShows(tournamentId),
    ]);
    return {
      tournament,
      players,
      rounds: rounds.map((r) => ({
        ...r,
        tables: tables.filter((x) => x.round === r.number),
        byes: results.filter((x) => x.round === r.number && x.bye).map((x) => x.playerId),
      })),
      standings: this.standingsFrom(tournament, players, results),
      noShows,
      results,
    };
  }

  async standings(tournamentId: string): Promise<Standing[]> {
    const t = await this.mustGet(tournamentId);
    const [players, results] = await Promise.all([this.store.listRegistrations(tournamentId), this.store.listTableResults(tournamentId)]);
    return this.standingsFrom(t, players, results);
  }

  // ------------------------------------------------------------------ internals

  private standingsFrom(t: TournamentRecord, players: RegistrationRecord[], results: TableResultRecord[], beforeRound = Infinity): Standing[] {
    const withResults = new Set(results.map((r) => r.playerId));
    return computeStandings({
      players: players
        .filter((p) => p.checkedInAt !== null || withResults.has(p.playerId))
        .map((p) => ({ playerId: p.playerId, dropped: p.droppedAt !== null, eliminatedRound: p.eliminatedRound })),
      results: results.filter((r) => r.round < beforeRound).map(toRoundResult),
      seed: t.seed,
      format: t.format,
    });
  }

  private tableResults(t: TournamentRecord, table: TableRecord, rawPlaces: number[]): TableResultRecord[] {
    const places = normalisePlaces(rawPlaces);
    const points = pointsForPlaces(places, t.placementPoints);
    return table.seats.map((s, i) => ({
      tournamentId: t.id, round: table.round, tableId: table.id, playerId: s.playerId,
      place: places[i], tableSize: table.seats.length, points: points[i], bye: false,
    }));
  }

  /** Takes whatever step the stored state calls for: close a finished round, seat the next, or finish. */
  private async advanceLocked(tournamentId: string): Promise<void> {
    const t = await this.mustGet(tournamentId);
    if (t.status !== 'running') return;
    const rounds = await this.store.listRounds(tournamentId);
    const last = rounds.at(-1);
    if (!last) {
      await this.startRound(t, 1);
      return;
    }
    const tables = await this.store.listTables(tournamentId, last.number);
    if (tables.some((x) => x.status === 'pending' || x.status === 'playing')) return;

    if (last.status === 'playing') {
      const adjudicated = tables.some((x) => x.status === 'adjudicated');
      await this.store.updateRound(tournamentId, last.number, { status: adjudicated ? 'adjudicated' : 'done', finishedAt: this.now() });
    }
    let finished: boolean;
    if (t.format === 'elimination') {
      // The final is a round of one table and no byes: its places are the final order.
      const hadByes = (await this.store.listTableResults(tournamentId)).some((r) => r.round === last.number && r.bye);
      finished = (tables.length <= 1 && !hadByes) || (await this.eliminate(t, last.number, tables)) <= 1;
    } else {
      finished = last.number >= t.rounds;
    }
    if (!finished) finished = !(await this.startRound(t, last.number + 1));
    if (finished) {
      await this.store.updateTournament(tournamentId, { status: 'finished', updatedAt: this.now() });
    }
    this.emit(tournamentId);
  }

  /** Marks who went out in this round; returns how many are still in. */
  private async eliminate(t: TournamentRecord, round: number, tables: TableRecord[]): Promise<number> {
    const [players, results] = await Promise.all([this.store.listRegistrations(t.id), this.store.listTableResults(t.id)]);
    const prior = this.standingsFrom(t, players, results, round).map((s) => s.playerId);
    const through = new Set<string>();
    for (const table of tables) {
      const here = results.filter((r) => r.tableId === table.id).map((r) => ({ playerId: r.playerId, place: r.place }));
      for (const id of advancers(here, t.advancePerTable, prior)) through.add(id);
    }
    for (const r of results) if (r.round === round && r.bye) through.add(r.playerId);
    let alive = 0;
    for (const p of players) {
      const playedThisRound = results.some((r) => r.round === round && r.playerId === p.playerId);
      if (!playedThisRound || p.eliminatedRound !== null) continue;
      if (through.has(p.playerId) && p.droppedAt === null) alive++;
      else if (!through.has(p.playerId)) await this.store.updateRegistration(t.id, p.playerId, { eliminatedRound: round });
    }
    return alive;
  }

  /** Seats round `number`. False when nobody can be seated (the tournament is then over). */
  private async startRound(t: TournamentRecord, number: number): Promise<boolean> {
    const [players, results, previous] = await Promise.all([
      this.store.listRegistrations(t.id), this.store.listTableResults(t.id), this.store.listTables(t.id),
    ]);
    const eligible = new Set(players
      .filter((p) => p.checkedInAt !== null && p.droppedAt === null && p.eliminatedRound === null)
      .filter((p) => t.format === 'swiss' || number === 1 || results.some((r) => r.round === number - 1 && r.playerId === p.playerId))
      .map((p) => p.playerId));
    const order = this.standingsFrom(t, players, results).map((s) => s.playerId).filter((id) => eligible.has(id));
    const byeCounts = new Map<string, number>();
    for (const r of results) if (r.bye) byeCounts.set(r.playerId, (byeCounts.get(r.playerId) ?? 0) + 1);
    const pairing = pairRound({
      players: order, tableSize: t.tableSize, seatRange: { min: t.seatMin, max: t.seatMax },
      seed: t.seed, round: number, random: number === 1,
      previousTables: previous.map((x) => x.seats.map((s) => s.playerId)), byeCounts,
    });
    if (pairing.tables.length === 0) return false;

    const names = new Map(players.map((p) => [p.playerId, p.name]));
    const identities = new Map(players.map((p) => [p.playerId, p.identityId ?? null]));
    const at = this.now();
    const tables: TableRecord[] = pairing.tables.map((seats, i) => ({
      id: `${t.id}-r${number}-t${i + 1}`, tournamentId: t.id, round: number, number: i + 1,
      seats: seats.map((playerId) => ({ playerId, name: names.get(playerId) ?? playerId, identityId: identities.get(playerId) ?? null })),
      roomId: null, status: 'pending', gameId: null, createdAt: at, finishedAt: null,
    }));
    const byePoints = t.byePoints ?? defaultByePoints(t.placementPoints, t.tableSize);
    const byes: TableResultRecord[] = pairing.byes.map((playerId) => ({
      tournamentId: t.id, round: number, tableId: null, playerId, place: 0, tableSize: 1, points: byePoints, bye: true,
    }));
    await this.store.createRound({ tournamentId: t.id, number, status: 'playing', startedAt: at, finishedAt: null, repeats: pairing.repeats }, tables, byes);
    await this.store.updateTournament(t.id, { currentRound: number, updatedAt: at });
    this.emit(t.id);
    return true;
  }

  /** Opens every planned table of the current round (outside the lock: a launcher may report at once). */
  private launchPending(tournamentId: string): Promise<void> {
    return oneAtATime(this.launching, tournamentId, () => this.launchPendingNow(tournamentId));
  }

  private async launchPendingNow(tournamentId: string): Promise<void> {
    const t = await this.store.getTournament(tournamentId);
    if (!t || t.status !== 'running') return;
    const pending = (await this.store.listTables(tournamentId, t.currentRound)).filter((x) => x.status === 'pending');
    // LAUNCH_BATCH launches in flight, the next one as soon as one ends; each table's players are
    // told as soon as it is open (issue 31): told all at once after the last table, a round of
    // 1,024 players all joined in the same second, after every table had waited for the slowest.
    await inParallel(pending, LAUNCH_BATCH, async (table) => {
      try {
        const { roomId } = await this.launcher.launch({
          tournamentId, tableId: table.id, game: t.game, variant: t.variant, seats: table.seats, checkInGraceSeconds: t.checkInGraceSeconds,
        });
        // Another process may have launched it meanwhile: the first recorded room is the table's.
        if (await this.store.markTableLaunched(table.id, roomId)) this.emit(tournamentId);
        else await this.launcher.discard(roomId);
      } catch (error) {
        this.onError(error, `launching table ${table.id}`);
      }
    });
  }

  private async mustGet(id: string): Promise<TournamentRecord> {
    const t = await this.store.getTournament(id);
    if (!t) throw new TournamentError('not_found', 'No such tournament.', 'no_such_tournament');
    return t;
  }

  /** `t`: the tournament, read by the caller (so it exists). */
  private async mustGetRegistration(t: TournamentRecord, playerId: string): Promise<RegistrationRecord> {
    return registered(await this.store.getRegistration(t.id, playerId));
  }

  /** One operation per tournament at a time in this process (the store guards across processes). */
  private locked<T>(tournamentId: string, fn: () => Promise<T>): Promise<T> {
    return oneAtATime(this.locks, tournamentId, fn);
  }

  private emit(tournamentId: string): void {
    for (const listener of this.listeners) {
      try {
        listener(tournamentId);
      } catch (error) {
        this.onError(error, 'change listener');
      }
    }
  }
}

/** The registration, or the refusal every player action gives when there is none. */
function registered(reg: RegistrationRecord | null): RegistrationRecord {
  if (!reg) throw new TournamentError('not_found', 'This player is not registered.', 'not_registered');
  return reg;
}

function toRoundResult(r: TableResultRecord): PlayerRoundResult {
  return { round: r.round, playerId: r.playerId, tableId: r.tableId, place: r.place, tableSize: r.tableSize, points: r.points, bye: r.bye };
}

function newCode(): string {
  return makeCode(randomInt);
}

/** Runs `fn` after everything queued under `key` in `queues` has settled (whatever its outcome). */
function oneAtATime<T>(queues: Map<string, Promise<unknown>>, key: string, fn: () => Promise<T>): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve();
  const run = previous.then(fn, fn);
  const tail = run.catch(() => undefined);
  queues.set(key, tail);
  void tail.then(() => { if (queues.get(key) === tail) queues.delete(key); });
  return run;
}
