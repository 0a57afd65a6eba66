/**
 * Kysely's view of the tables created by migrations/. `pg` returns bigint as a string and PGlite
 * as a number, so bigint columns read as either and are converted with `Number()` (epoch ms and
 * 32-bit seeds are far inside the exact range of a double). jsonb is written as a JSON string.
 */
import type { ColumnType } from 'kysely';

type Big = ColumnType<number | string, number, number>;
type BigNull = ColumnType<number | string | null, number | null, number | null>;
type Json = ColumnType<unknown, string, string>;
/** A column with a default: optional on insert. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;
type BigNullDefaulted = ColumnType<number | string | null, number | null | undefined, number | null>;

export interface Database {
  game_results: {
    id: string; game: string; variant: string; seed: Big;
    started_at: Big; finished_at: Big; duration_ms: Big;
    players: Json; summary: string; tournament_id: string | null; table_id: string | null;
  };
  tournaments: {
    id: string; name: string; game: string; variant: string; format: string;
    table_size: number; seat_min: number; seat_max: number; rounds: number; advance_per_table: number;
    placement_points: Json; bye_points: number | null; starts_at: Big; private_code: string | null;
    status: string; current_round: number; seed: Big; created_at: Big; updated_at: Big;
    check_in_grace_seconds: ColumnType<number, number | undefined, number>;
  };
  tournament_no_shows: { table_id: string; player_id: string; tournament_id: string; room_id: string; at: Big };
  tournament_registrations: {
    tournament_id: string; player_id: string; name: string; guest: boolean; registered_at: Big;
    checked_in_at: BigNull; dropped_at: BigNull; eliminated_round: number | null; identity_id: string | null;
  };
  tournament_rounds: {
    tournament_id: string; number: number; status: string; started_at: Big; finished_at: BigNull; repeats: number;
  };
  tournament_tables: {
    id: string; tournament_id: string; round: number; number: number; seats: Json; room_id: string | null;
    status: string; game_id: string | null; created_at: Big; finished_at: BigNull;
  };
  tournament_results: {
    tournament_id: string; round: number; player_id: string; table_id: string | null;
    place: number; table_size: number; points: number; bye: boolean;
  };
  ratings: {
    game: string; player_id: string; name: string; mu: number; sigma: number; ordinal: number; games: number; updated_at: Big;
  };
  rated_games: { game_result_id: string; game: string; rated_at: Big };
  identities: { id: string; name: string; tag: string; created_at: Big; updated_at: Big };
  identity_tokens: { hash: string; identity_id: string; kind: string; created_at: Big; expires_at: BigNull };
  game_sessions: {
    id: string; game: string; variant: string; options: Json; seed: Big; started_at: Big; seats: Json;
    private: boolean; rated: boolean; status: Defaulted<string>; ended_at: BigNullDefaulted;
    /** 005_journal: the process that owns the running table and its fencing token. */
    owner: ColumnType<string | null, string | null | undefined, string | null>; fence: ColumnType<number | string, number | undefined, number>;
    code: ColumnType<string | null, string | null | undefined, string | null>; abandoned: ColumnType<string | null, string | null | undefined, string | null>;
    /** 008_turn_based: a turn-based table asleep in the store, its next deadline, the waker's lease, its turn. */
    sleeping: Defaulted<boolean>; wake_at: ColumnType<number | string | null, number | null | undefined, number | null>;
    wake_lease: ColumnType<number | string | null, number | null | undefined, number | null>; turn: ColumnType<unknown, string | null | undefined, string | null>;
    /** 009_session_tournament: a tournament table's seating (null for other tables). */
    tournament: ColumnType<unknown, string | null | undefined, string | null>;
    /** 013_filling_queue: a public turn-based queue table still waiting for its seats (no game yet). */
    filling: Defaulted<boolean>;
  };
  game_log_chunks: { game_id: string; chunk: number; entries: Json };
  player_games: {
    identity_id: string; game_id: string; game: string; rating_key: string; finished_at: Big; seat: number;
    place: number; score: number; seats: number; rated: boolean; private: boolean; ordinal_after: number | null;
    status: Defaulted<string>;
  };
  chat_mutes: { identity_id: string; muted_id: string; created_at: Big };
  player_reports: {
    id: string; reporter_id: string | null; reported_id: string | null; reported_name: string; game_id: string; game: string;
    reason: string; chat: Json; moves: Json; created_at: Big;
  };
  sanctions: { identity_id: string; kind: string; until: Big; reason: string; created_at: Big };
  player_leaves: { identity_id: string; game_id: string; at: Big };
  game_chat: { game_id: string; lines: Json };
  /** 012_push: Web Push subscriptions per identity (issue 25); 013_push_kinds: what each wants told (space-separated). */
  push_subscriptions: { endpoint: string; identity_id: string; p256dh: string; auth: string; lang: string; created_at: Big; kinds: string };
  friend_follows: { identity_id: string; followed_id: string; created_at: Big };
  friend_blocks: { identity_id: string; blocked_id: string; created_at: Big };
  friend_invites: { id: string; from_id: string; to_id: string; room_id: string; game: string; created_at: Big; expires_at: Big };
}
