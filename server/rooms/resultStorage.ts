/**
 * A finished table's record: built once, the action log flushed first, then handed to the
 * process's results outbox (server/results/outbox.ts), which stores it, rates it and reports it
 * to its tournament however long the store takes. The room does not wait for the store.
 */
import type { GameRecord } from '../store/index.js';
import type { GameResult } from '../../shared/games/contract.js';
import { msg, type Msg } from '../../shared/i18n/msg.js';
import type { PlayerState } from '../state/TableState.js';
import type { Seating } from './seating.js';
import type { TournamentSeating } from './tournamentSeating.js';
import { markResigned } from './resignation.js';

export interface ResultSeat { seat: number; name: string; bot: boolean; playerId: string | null; identityId: string | null }

export interface RecordInput {
  id: string; game: string; variant: string; seed: number; startedAt: number; finishedAt: number;
  /** The engine's result, as the room wrote it for the players (TableProjector `result`). */
  seats: ResultSeat[]; result: GameResult;
  tournamentId: string | null; tableId: string | null; rated: boolean; private: boolean;
}

/** The stored record of a finished table: each seat with its place and score, in seat order. */
export function gameRecord(input: RecordInput): GameRecord {
  return {
    id: input.id, game: input.game, variant: input.variant, seed: input.seed, startedAt: input.startedAt,
    finishedAt: input.finishedAt, durationMs: input.finishedAt - input.startedAt,
    players: input.seats.map((p) => {
      const r = input.result.seats.find((s) => s.seat === p.seat);
      return { seat: p.seat, name: p.name, playerId: p.playerId, identityId: p.identityId, bot: p.bot, score: r?.score ?? 0, place: r?.place ?? 0 };
    }).sort((a, b) => a.seat - b.seat),
    summary: storedSummary(input.result.summary),
    tournamentId: input.tournamentId, tableId: input.tableId, rated: input.rated, private: input.private,
  };
}

/** A finished table as the room holds it. */
export interface FinishedTable {
  id: string; game: string; variant: string; seed: number; startedAt: number;
  tournament: TournamentSeating | null; rated: boolean; private: boolean;
  players: Iterable<PlayerState>; seating: Seating;
  /** The engine's result as the room wrote it (TableProjector `result`). */
  result: GameResult;
}

/** The record of a finished table: each seat's registrant and identity, resigned seats marked. */
export function tableRecord(table: FinishedTable, finishedAt: number): GameRecord {
  const { tournament, seating } = table;
  const record = gameRecord({
    id: table.id, game: table.game, variant: table.variant, seed: table.seed, startedAt: table.startedAt, finishedAt,
    seats: [...table.players].map((p) => ({
      seat: p.seat, name: p.name, bot: p.bot, playerId: tournament?.seats[p.seat]?.playerId ?? null, identityId: seating.identities.of(p)?.id ?? null,
    })),
    result: table.result, tournamentId: tournament?.tournamentId ?? null, tableId: tournament?.tableId ?? null, rated: table.rated, private: table.private,
  });
  return { ...record, players: markResigned(record.players, seating.resignedSeats()) };
}

/**
 * Rated (docs/architecture.md "Ratings"): tournament tables, private tables whose host asked for
 * it, and quick-play tables with at least two players who carry an identity. Bots are never rated.
 */
export function isRated(table: { tournament: boolean; isPrivate: boolean; ratedPrivate: boolean; linkedSeats: number }): boolean {
  if (table.tournament) return true;
  if (table.isPrivate) return table.ratedPrivate;
  return table.linkedSeats >= 2;
}

/** The summary as a message, in the form the table's players read it (no empty parameter map). */
function storedSummary(summary: GameResult['summary']): Msg {
  return msg(summary.key, summary.params && Object.keys(summary.params).length > 0 ? summary.params : undefined);
}

export interface StorageDeps {
  /** The process's outbox (server/results): it stores, rates and reports, retrying until the store takes it. */
  outbox: { enqueue(record: GameRecord): void };
  /** Flush the action log before the result (a replay must be complete once the result exists). */
  flushLog(): Promise<void>;
}

export class ResultStorage {
  private handing: Promise<void> | null = null;

  constructor(private readonly deps: StorageDeps) {}

  /** Hands the record `build` makes to the outbox, once; the table may close while it waits there. */
  store(build: () => GameRecord | null): Promise<void> {
    if (this.handing) return this.handing;
    const record = build();
    if (!record) return Promise.resolve();
    this.handing = this.deps.flushLog().then(() => this.deps.outbox.enqueue(record));
    return this.handing;
  }
}
