/** Formats a server message (shared/i18n/msg.ts) in the reader's language, with names for seats. */
import type { Msg, MsgParam } from '../../shared/i18n/msg.js';
import { t } from './index.js';

export interface Reader {
  /** The reader's seat, or null for a spectator. */
  mySeat: number | null;
  /** Seat → player name. */
  names: ReadonlyMap<number, string>;
}

export function formatMsg(message: Msg, reader: Reader): string {
  const params: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(message.params ?? {})) params[name] = formatParam(value, reader);
  const actor = message.params?.seat;
  const isMe = typeof actor === 'string' && actor.startsWith('@') && Number(actor.slice(1)) === reader.mySeat;
  return t(message.key, { ...params, ...(isMe ? { context: 'you' } : {}) });
}

function formatParam(value: MsgParam, reader: Reader): string | number {
  if (typeof value === 'number') return value;
  if (value.startsWith('@')) return seatName(Number(value.slice(1)), reader);
  if (value.startsWith('$')) return t(value.slice(1));
  return value;
}

export function seatName(seat: number, reader: Reader): string {
  if (seat === reader.mySeat) return t('common:you');
  return reader.names.get(seat) ?? t('common:seat_n', { n: seat + 1 });
}
