/**
 * A table's options as the room keeps them: checked against the game's own options schema and
 * seat range, with the pace (live or turn-based, issue 25) split off and its move clock added.
 * Options only this server may pass (tournament seating, a rematch's bots) carry its internal key.
 */
import type { AnyGame } from '../../shared/games/contract.js';
import { fieldRefusal, optionLabel } from '../../shared/i18n/fieldRefusal.js';
import { configureMessage, ErrorCodes } from '../../shared/protocol/messages.js';
import { joinRefusal, type Params } from '../i18n/serverMessages.js';
import { splitPace, stripMoveClock, withMoveClock } from '../turnbased/pace.js';
import { tournamentSeatingSchema, type TournamentSeating } from './tournamentSeating.js';
import { rematchSeatingSchema, type RematchSeating } from './rematch.js';

export type TableOptions = Record<string, unknown> & { variant: string; players: number };

/** The options and the pace they were chosen with. */
export interface PacedOptions { options: TableOptions; turnBased: boolean }

/** `game`: the game's own options as its schema parsed them (what the waiting table shows). */
export type Reconfigured = { ok: true; paced: PacedOptions; game: TableOptions } | { ok: false; code: string; params?: Params };

/** A new table's options from its creator's room options; a refusal is thrown as a join refusal. */
export function parseTableOptions(game: AnyGame, raw: Record<string, unknown>, turnClockMs: number | undefined): PacedOptions {
  const { name: _name, private: _private, spectator: _spectator, tournament: _t, internalKey: _k, playerId: _p, token: _token, rated: _rated, rematch: _rematch, ...rest } = raw ?? {};
  const pace = splitPace(game.id, rest);
  if (!pace.ok) throw joinRefusal(pace.code, pace.params);
  // Turn-based is chosen when a table opens: by a private table's host, or by quick play's
  // turn-based queue (docs/architecture.md "The public turn-based queue"); never for a tournament.
  if (pace.pace.pace === 'turn' && raw.tournament !== undefined) throw joinRefusal('turn_based_private_only');
  const parsed = game.optionsSchema.safeParse(pace.engineInput);
  if (!parsed.success) {
    const refusal = fieldRefusal(parsed.error, optionLabel(game.id), 'bad_table_options');
    throw joinRefusal(refusal.code, refusal.params);
  }
  const range = game.seatRange(parsed.data);
  if (parsed.data.players < range.min || parsed.data.players > range.max) throw joinRefusal('bad_seat_count', { min: range.min, max: range.max });
  const turnBased = pace.pace.pace === 'turn';
  return { options: withMoveClock(game.id, parsed.data, pace.pace, turnClockMs), turnBased };
}

/** The host's change to a waiting table's options (`configure`), or why it is refused. */
export function reconfigure(game: AnyGame, current: PacedOptions, table: { isPrivate: boolean; taken: number }, message: unknown, turnClockMs: number | undefined): Reconfigured {
  const parsed = configureMessage.safeParse(message);
  if (!parsed.success) return { ok: false, code: ErrorCodes.badMessage };
  const pace = splitPace(game.id, { ...stripMoveClock(game.id, current.options), ...parsed.data.options });
  if (!pace.ok) return { ok: false, code: pace.code, params: pace.params };
  // A public table's pace is the queue it was opened from.
  if ((pace.pace.pace === 'turn') !== current.turnBased && !table.isPrivate) return { ok: false, code: 'turn_based_private_only' };
  const next = game.optionsSchema.safeParse(pace.engineInput);
  if (!next.success) {
    const refusal = fieldRefusal(next.error, optionLabel(game.id));
    return { ok: false, code: refusal.code, params: refusal.params };
  }
  const range = game.seatRange(next.data);
  if (next.data.players < range.min || next.data.players > range.max) return { ok: false, code: 'bad_seat_count', params: { min: range.min, max: range.max } };
  if (next.data.players < table.taken) return { ok: false, code: 'table_too_small' };
  return { ok: true, paced: { options: withMoveClock(game.id, next.data, pace.pace, turnClockMs), turnBased: pace.pace.pace === 'turn' }, game: next.data };
}

export function parseTournament(raw: Record<string, unknown>, internalKey: string): TournamentSeating {
  if (raw.internalKey !== internalKey) throw joinRefusal('tournament_server_only');
  return tournamentSeatingSchema.parse(raw.tournament);
}

export function parseRematch(raw: Record<string, unknown>, internalKey: string, players: number): RematchSeating {
  if (raw.internalKey !== internalKey) throw joinRefusal('rematch_server_only');
  const parsed = rematchSeatingSchema.safeParse(raw.rematch);
  if (!parsed.success || parsed.data.bots.some((b) => b.seat >= players)) throw joinRefusal('bad_table_options');
  return parsed.data;
}
