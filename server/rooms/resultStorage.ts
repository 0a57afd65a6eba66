/**
 * A finished table's result goes to the store before the room may dispose: one write at a time,
 * retried (5 attempts, growing pauses), the action log flushed first; then the tournament (or
 * whoever listens) hears of it. A failed write may be asked for again (dispose does).
 */
import type { GameRecord, Store } from '../store/index.js';
import type { TableResult } from '../../shared/wire/table.js';
import { logger } from '../ops/logger.js';

export interface ResultSeat { seat: number; name: string; bot: boolean; playerId: string | null; identityId: string | null }

export interface RecordInput {
  id: string; game: string; variant: string; seed: number; startedAt: number; finishedAt: number;
  seats: ResultSeat[]; result: TableResult;
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
    summary: input.result.summary,
    tournamentId: input.tournamentId, tableId: input.tableId, rated: input.rated, private: input.private,
  };
}

export interface StorageDeps {
  store: Pick<Store, 'saveGameResult'>;
  onStored(record: GameRecord): Promise<void>;
  /** Flush the action log before the result (a replay must be complete once the result exists). */
  flushLog(): Promise<void>;
  stored?(record: GameRecord): void;
  retryPauseMs?: number;
}

export class ResultStorage {
  private storing: Promise<void> | null = null;

  constructor(private readonly roomId: string, private readonly deps: StorageDeps) {}

  /** Stores the record `build` makes (once; a failed write is retried by the next call). */
  store(build: () => GameRecord | null): Promise<void> {
    if (this.storing) return this.storing;
    const record = build();
    if (!record) return Promise.resolve();
    this.storing = this.persist(record).catch((error: unknown) => {
      this.storing = null;
      throw error;
    });
    return this.storing;
  }

  private async persist(record: GameRecord): Promise<void> {
    await this.deps.flushLog();
    for (let attempt = 1; ; attempt++) {
      try {
        await this.deps.store.saveGameResult(record);
        this.deps.stored?.(record);
        await this.deps.onStored(record);
        return;
      } catch (error) {
        logger.error({ room: this.roomId, attempt, err: error }, 'storing a result failed');
        if (attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, (this.deps.retryPauseMs ?? 200) * attempt));
      }
    }
  }
}
