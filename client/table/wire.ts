/**
 * Reads what the server sends about the table: the keyed public log (`state.log`), refusals,
 * notices and private events as `Msg`, and the result with its summary as a `Msg`
 * (shared/i18n/msg.ts). Nothing here carries a finished sentence: the client formats every key.
 */
import { isMsg, type Msg } from '../../shared/i18n/msg.js';
import { readResult, type ResultWire } from '../../shared/wire/table.js';

export type Said = Msg;

export interface LogEntry { n: number; said: Said }

/** A message as the connection hands it over: a Msg, or something carrying one as `msg` (a refusal, a private event). */
export function said(value: unknown): Said | null {
  if (isMsg(value)) return value.key ? { key: value.key, ...(value.params ? { params: value.params } : {}) } : null;
  const inner = (value as { msg?: unknown } | null)?.msg;
  return isMsg(inner) ? said(inner) : null;
}

/** The public move log, oldest first, from the entries the connection decoded from `state.log`. */
export function readPublicLog(entries: readonly { n: number; msg: Msg }[]): LogEntry[] {
  return entries.map((e) => ({ n: e.n, said: e.msg })).sort((a, b) => a.n - b.n);
}

export interface FinalStanding { seats: { seat: number; place: number; score: number }[]; summary: Said | null }

/** The result once the game is over, else null. */
export function readFinal(state: { result?: ResultWire }): FinalStanding | null {
  const result = readResult(state.result);
  return result && result.seats.length > 0 ? { seats: result.seats, summary: result.summary } : null;
}
