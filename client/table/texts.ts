/** Turns a `Said` (a keyed message) into the reader's language, with players' names for seats. */
import { formatMsg, seatName, type Reader } from '../i18n/format.js';
import type { Said } from './wire.js';

export type { Reader };

export function say(s: Said, reader: Reader): string {
  return formatMsg(s, reader);
}

export function nameOf(seat: number, reader: Reader): string {
  return seatName(seat, reader);
}

/** "Bo, Al and you" / "Bo, Al et vous" in the reader's language. */
export function listNames(names: string[], lang: string): string {
  return new Intl.ListFormat(lang, { style: 'long', type: 'conjunction' }).format(names);
}
