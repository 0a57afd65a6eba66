/**
 * Display names typed by players. Invisible and direction-changing characters are removed (a name
 * must read the same for everyone and cannot hide or reorder text around it), and a name may not
 * pass for one of the room's bots ("Bot 2 ★", "Ana (bot)").
 */
import { z } from 'zod';

export const NAME_MAX = 24;

/** Control characters, format characters (zero-width, bidi overrides and isolates), and the BOM. */
const INVISIBLE = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;
const LOOKS_LIKE_BOT = /\bbots?\b|★/iu;

/** True for a name that could pass for one of the room's bots. */
export function looksLikeBot(name: string): boolean {
  return LOOKS_LIKE_BOT.test(name);
}

export function cleanName(text: string): string {
  return text.normalize('NFC').replace(INVISIBLE, '').replace(/\s+/gu, ' ').trim();
}

export const playerName = z.string().max(200)
  .transform(cleanName)
  .pipe(z.string()
    .min(1, 'A name needs at least one visible character.')
    .max(NAME_MAX, `A name has at most ${NAME_MAX} characters.`)
    .refine((name) => !looksLikeBot(name), 'A name may not look like a bot’s.'));
