/**
 * The store's part for players together (issue 29; migration 008_social): mutes, reports,
 * sanctions, rated games left for good and each table's public chat. Same queries on PGlite and
 * PostgreSQL; the caps live with the callers (server/chat), the store only counts.
 */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from './schema.js';
import type { ChatLine } from '../../shared/chat/catalogue.js';
import type { LogEntry } from '../../shared/replay/log.js';
import { storable } from '../journal/storable.js';

export type SanctionKind = 'silence' | 'ban';

export interface SanctionRecord { identityId: string; kind: SanctionKind; until: number; reason: string; createdAt: number }

export interface ReportRecord {
  id: string;
  reporterId: string | null;
  reportedId: string | null;
  reportedName: string;
  gameId: string;
  game: string;
  reason: string;
  chat: ChatLine[];
  moves: LogEntry[];
  createdAt: number;
}

export interface SocialStore {
  /** Identities `identityId` muted. */
  listMutes(identityId: string): Promise<string[]>;
  /** False when `identityId` already mutes `max` others (and not this one). */
  setMute(identityId: string, mutedId: string, muted: boolean, now: number, max: number): Promise<boolean>;

  addReport(r: ReportRecord): Promise<void>;
  countReportsSince(reporterId: string, since: number): Promise<number>;
  /** Newest first. */
  listReports(q: { limit: number; reportedId?: string }): Promise<ReportRecord[]>;

  /** One of each kind per identity: a new one replaces the old. */
  setSanction(s: SanctionRecord): Promise<void>;
  /** The sanctions of this identity still running at `now`. */
  activeSanctions(identityId: string, now: number): Promise<SanctionRecord[]>;

  /** Once per identity and game. */
  recordLeave(identityId: string, gameId: string, at: number): Promise<void>;
  /** Times (oldest first) of the games this identity left since `since`. */
  leavesSince(identityId: string, since: number): Promise<number[]>;
  countLeaves(identityId: string): Promise<number>;
  /** Rated games with a line in this identity's history (finished, resigned ones included). */
  countRatedGames(identityId: string): Promise<number>;

  saveGameChat(gameId: string, lines: ChatLine[]): Promise<void>;
  readGameChat(gameId: string): Promise<ChatLine[]>;
}

// Reports and chat are JSON written with `storable` (jsonb refuses U+0000, STACK-NOTES 26).
const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) as T : v as T);

function reportFromRow(r: Selectable<Database['player_reports']>): ReportRecord {
  return {
    id: r.id, reporterId: r.reporter_id, reportedId: r.reported_id, reportedName: r.reported_name, gameId: r.game_id, game: r.game,
    reason: r.reason, chat: json(r.chat), moves: json(r.moves), createdAt: Number(r.created_at),
  };
}

export class SqlSocialStore implements SocialStore {
  constructor(private readonly db: Kysely<Database>) {}

  async listMutes(identityId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('chat_mutes').select('muted_id').where('identity_id', '=', identityId).execute();
    return rows.map((r) => r.muted_id);
  }

  async setMute(identityId: string, mutedId: string, muted: boolean, now: number, max: number): Promise<boolean> {
    if (!muted) {
      await this.db.deleteFrom('chat_mutes').where('identity_id', '=', identityId).where('muted_id', '=', mutedId).execute();
      return true;
    }
    const count = await this.db.selectFrom('chat_mutes').select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('identity_id', '=', identityId).where('muted_id', '<>', mutedId).executeTakeFirstOrThrow();
    if (Number(count.n) >= max) return false;
    await this.db.insertInto('chat_mutes').values({ identity_id: identityId, muted_id: mutedId, created_at: now })
      .onConflict((oc) => oc.columns(['identity_id', 'muted_id']).doNothing()).execute();
    return true;
  }

  async addReport(r: ReportRecord): Promise<void> {
    await this.db.insertInto('player_reports').values({
      id: r.id, reporter_id: r.reporterId, reported_id: r.reportedId, reported_name: r.reportedName, game_id: r.gameId, game: r.game,
      reason: r.reason, chat: storable(JSON.stringify(r.chat)), moves: storable(JSON.stringify(r.moves)), created_at: r.createdAt,
    }).execute();
  }

  async countReportsSince(reporterId: string, since: number): Promise<number> {
    const row = await this.db.selectFrom('player_reports').select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('reporter_id', '=', reporterId).where('created_at', '>=', since).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async listReports(q: { limit: number; reportedId?: string }): Promise<ReportRecord[]> {
    let query = this.db.selectFrom('player_reports').selectAll();
    if (q.reportedId !== undefined) query = query.where('reported_id', '=', q.reportedId);
    const rows = await query.orderBy('created_at', 'desc').orderBy('id').limit(q.limit).execute();
    return rows.map(reportFromRow);
  }

  async setSanction(s: SanctionRecord): Promise<void> {
    await this.db.insertInto('sanctions').values({ identity_id: s.identityId, kind: s.kind, until: s.until, reason: s.reason, created_at: s.createdAt })
      .onConflict((oc) => oc.columns(['identity_id', 'kind']).doUpdateSet({ until: s.until, reason: s.reason, created_at: s.createdAt })).execute();
  }

  async activeSanctions(identityId: string, now: number): Promise<SanctionRecord[]> {
    const rows = await this.db.selectFrom('sanctions').selectAll().where('identity_id', '=', identityId).where('until', '>', now).execute();
    return rows.map((r) => ({ identityId: r.identity_id, kind: r.kind as SanctionKind, until: Number(r.until), reason: r.reason, createdAt: Number(r.created_at) }));
  }

  async recordLeave(identityId: string, gameId: string, at: number): Promise<void> {
    await this.db.insertInto('player_leaves').values({ identity_id: identityId, game_id: gameId, at })
      .onConflict((oc) => oc.columns(['identity_id', 'game_id']).doNothing()).execute();
  }

  async leavesSince(identityId: string, since: number): Promise<number[]> {
    const rows = await this.db.selectFrom('player_leaves').select('at').where('identity_id', '=', identityId).where('at', '>=', since).orderBy('at').execute();
    return rows.map((r) => Number(r.at));
  }

  async countLeaves(identityId: string): Promise<number> {
    const row = await this.db.selectFrom('player_leaves').select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('identity_id', '=', identityId).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async countRatedGames(identityId: string): Promise<number> {
    const row = await this.db.selectFrom('player_games').select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('identity_id', '=', identityId).where('rated', '=', true).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async saveGameChat(gameId: string, lines: ChatLine[]): Promise<void> {
    const text = storable(JSON.stringify(lines));
    await this.db.insertInto('game_chat').values({ game_id: gameId, lines: text })
      .onConflict((oc) => oc.column('game_id').doUpdateSet({ lines: text })).execute();
  }

  async readGameChat(gameId: string): Promise<ChatLine[]> {
    const row = await this.db.selectFrom('game_chat').select('lines').where('game_id', '=', gameId).executeTakeFirst();
    return row ? json<ChatLine[]>(row.lines) : [];
  }
}
