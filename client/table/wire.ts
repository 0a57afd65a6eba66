/**
 * Reads what the server sends about the table in either form it may take while the message
 * contract changes over (docs: /work/notes "wire contract"): the new one (`state.log`, refusals
 * and notices as `Msg`, the result summary as a `Msg`) and the transitional one (`lastEvent`,
 * English `message` strings). Everything here returns a `Said`: a Msg to format, or plain text.
 */
import { isMsg, paramsFromWire, type Msg, type MsgParam } from '../../shared/i18n/msg.js';
import { readResult, type ResultWire } from '../../shared/wire/table.js';

export type Said = Msg | { text: string };

export interface LogEntry { n: number; said: Said }

type Paramish = Record<string, MsgParam> | { entries(): Iterable<[string, string]> } | undefined;

function params(p: Paramish): Record<string, MsgParam> | undefined {
  if (!p) return undefined;
  // A schema map on the wire (strings, numbers as "#n"); a plain object once decoded by a helper.
  if (typeof (p as { entries?: unknown }).entries === 'function') return paramsFromWire((p as { entries(): Iterable<[string, string]> }).entries());
  return p as Record<string, MsgParam>;
}

/** Any message-like value: a Msg, `{ key, params }`, `{ msg }`, `{ message }`, `{ text }` or a string. */
export function said(value: unknown): Said | null {
  if (typeof value === 'string') return value.trim() ? { text: value.trim() } : null;
  if (!value || typeof value !== 'object') return null;
  const v = value as { msg?: unknown; key?: unknown; params?: Paramish; message?: unknown; text?: unknown };
  if (isMsg(v.msg)) return said(v.msg);
  if (typeof v.key === 'string' && v.key) return { key: v.key, params: params(v.params) };
  if (typeof v.message === 'string') return said(v.message);
  if (typeof v.text === 'string') return said(v.text);
  return null;
}

interface LogSource { log?: unknown; lastEvent?: unknown }

/**
 * The public move log, oldest first: the connection's `log()` when it has one, else `state.log`,
 * else null (the transitional server sends `lastEvent` and `events` broadcasts instead).
 */
export function readPublicLog(connection: unknown, state: LogSource): LogEntry[] | null {
  const fromConnection = (connection as { log?: () => { n: number; msg: Msg }[] }).log;
  if (typeof fromConnection === 'function') {
    return fromConnection.call(connection).map((e) => ({ n: e.n, said: e.msg }));
  }
  const raw = state.log as { forEach?(cb: (e: unknown) => void): void } | undefined;
  if (!raw || typeof raw.forEach !== 'function') return null;
  const out: LogEntry[] = [];
  raw.forEach((e) => {
    const s = said(e);
    if (s) out.push({ n: Number((e as { n?: number }).n ?? out.length), said: s });
  });
  return out.sort((a, b) => a.n - b.n);
}

/** The transitional single "last event" line, when the server still sends one. */
export function readLastEvent(state: LogSource): string {
  return typeof state.lastEvent === 'string' ? state.lastEvent.trim() : '';
}

export interface FinalStanding { seats: { seat: number; place: number; score: number }[]; summary: Said | null }

/** The result once the game is over, else null. */
export function readFinal(state: { result?: ResultWire }): FinalStanding | null {
  const result = readResult(state.result);
  return result && result.seats.length > 0 ? { seats: result.seats, summary: result.summary } : null;
}
