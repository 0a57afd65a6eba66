/** Reading the game-independent typed parts of the table state: options, the public event log and the result. */
import type { SeatResult } from '../games/contract.js';
import { paramsFromWire, type Msg, type MsgParam } from '../i18n/msg.js';
import { list, type WireList } from './contract.js';
import { logEntryFromWire, logNumber, type LogEntryWire } from './log.js';

export type { LogEntryWire } from './log.js';

/** One table option on the wire: its value as JSON (`state.options` maps the option's name to it). */
export type OptionValueWire = string;
/** A schema map of strings as both sides see it (MapSchema<string>). */
export interface WireParams { forEach(cb: (value: string, key: string) => void): void }
export interface ResultWire { seats: WireList<{ seat: number; place: number; score: number }>; summary: string; summaryParams: WireParams }

export interface LogEntry { n: number; msg: Msg }
export interface TableResult { seats: SeatResult[]; summary: Msg }

/**
 * Options are set once (or by the host while waiting) and read rarely: a string per option keeps
 * them to one schema collection per table instead of a schema instance (and a list) per option.
 */
export function optionToWire(value: unknown): OptionValueWire {
  return JSON.stringify(value);
}

export function readOptions(options: { forEach(cb: (value: OptionValueWire, key: string) => void): void }): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  options.forEach((json, key) => { out[key] = JSON.parse(json); });
  return out;
}

/** A message read back from its key and schema map (string values trimmed of wireSafe's padding). */
export function readMsg(key: string, params: WireParams | undefined): Msg {
  const entries: [string, string][] = [];
  params?.forEach((value, name) => { entries.push([name, value.trimEnd()]); });
  if (entries.length === 0) return { key };
  const out: Record<string, MsgParam> = paramsFromWire(entries);
  return { key, params: out };
}

/**
 * The log's keys are sent without the table's own game namespace: `railway_madness:event.take`
 * travels as `:event.take`, and a nested key parameter `$railway_madness:type.cattle` as
 * `$:type.cattle` (a key never starts with `:`). Every event carries one to three of them, and
 * @colyseus/schema re-sends a string whole, so the prefix was most of a log entry's bytes.
 */
export function logMsgOnWire(message: Msg, game: string): Msg {
  return withKeys(message, (key) => (key.startsWith(`${game}:`) ? key.slice(game.length) : key));
}

function logMsgFromWire(message: Msg, game: string): Msg {
  return withKeys(message, (key) => (key.startsWith(':') ? `${game}${key}` : key));
}

/** The message with `rewrite` applied to its key and to every key parameter (`$key`). */
function withKeys(message: Msg, rewrite: (key: string) => string): Msg {
  const key = rewrite(message.key);
  if (!message.params) return { key };
  const params: Record<string, MsgParam> = {};
  for (const [name, value] of Object.entries(message.params)) {
    params[name] = typeof value === 'string' && value.startsWith('$') ? `$${rewrite(value.slice(1))}` : value;
  }
  return { key, params };
}

/** The public events the table state holds (the last 30), oldest first, with their full keys. */
export function readLog(state: { game?: string; log?: WireList<LogEntryWire>; logShapes?: WireList<string>; logged?: number }): LogEntry[] {
  const game = state.game ?? '';
  const logged = state.logged ?? 0;
  const shapes = list(state.logShapes);
  return list(state.log)
    .map((entry, slot) => ({ n: logNumber(logged, slot), msg: logMsgFromWire(logEntryFromWire(entry, shapes), game) }))
    .sort((a, b) => a.n - b.n);
}

/** Null until the game is over. Takes the table state (or its `result` field). */
export function readResult(source: { result?: ResultWire } | ResultWire | undefined): TableResult | null {
  const result = source && 'summary' in source ? source : (source as { result?: ResultWire } | undefined)?.result;
  if (!result) return null;
  return {
    seats: list(result.seats).map((s) => ({ seat: s.seat, place: s.place, score: s.score })),
    summary: readMsg(result.summary, result.summaryParams),
  };
}

/** A tournament table waiting for its registrants (TableState `checkInDeadline`, `waitingFor`). */
export interface CheckIn { deadline: number; waitingFor: number[] }

/** The check-in a tournament table waits on, or null (started, or not a tournament table). */
export function readCheckIn(state: { phase?: string; checkInDeadline?: number; waitingFor?: WireList<number> }): CheckIn | null {
  if (state.phase !== 'waiting' || !state.checkInDeadline) return null;
  return { deadline: state.checkInDeadline, waitingFor: list(state.waitingFor) };
}
