/** Turns a `Said` into the reader's language, with players' names for seats. */
import { formatMsg, seatName, type Reader } from '../i18n/format.js';
import { t } from '../i18n/index.js';
import type { Said } from './wire.js';

export type { Reader };

export function say(s: Said, reader: Reader): string {
  return 'text' in s ? namedText(s.text, reader) : formatMsg(s, reader);
}

export function nameOf(seat: number, reader: Reader): string {
  return seatName(seat, reader);
}

/** "Bo, Al and you" / "Bo, Al et vous" in the reader's language. */
export function listNames(names: string[], lang: string): string {
  return new Intl.ListFormat(lang, { style: 'long', type: 'conjunction' }).format(names);
}

/**
 * Transitional English texts from engines not yet sending Msg ("Seat 2 takes…"): seats become
 * names. A sentence whose actor is the reader cannot be conjugated here, so the name stays
 * ("Seat 1 wins" → "Ada wins", never "You wins").
 */
export function namedText(text: string, reader: Reader): string {
  return text.replace(/\bSeat (\d+)('s)?/g, (_whole, n: string, possessive: string | undefined) => {
    const seat = Number(n) - 1;
    const name = reader.names.get(seat) ?? t('common:seat_n', { n: seat + 1 });
    return possessive ? `${name}'s` : name;
  });
}
