/**
 * Display names of guest identities. Letters, digits, combining marks and a few separators only:
 * no control, bidi (RTL override) or zero-width characters (all outside \p{L}\p{M}\p{N}), so a name
 * cannot hide or reorder text. Names that read like a bot's seat ("Bot 3", "… (bot)", "★") are
 * refused so a person cannot pass for one. The tag is what tells two "Ana"s apart.
 */
import { randomInt } from 'node:crypto';
import { looksLikeBot } from '../../shared/protocol/names.js';

export const NAME_MAX = 20;
const ALLOWED = /^[\p{L}\p{N}](?:[\p{L}\p{M}\p{N}._'-]| (?! ))*$/u;

/** `code` is what the client shows (server:error.<code>); `reason` the English sentence for API users. */
export type NameCheck = { ok: true; name: string } | { ok: false; code: string; reason: string };

export function checkName(raw: unknown): NameCheck {
  if (typeof raw !== 'string') return { ok: false, code: 'name_invalid', reason: 'A name is text.' };
  // Only plain spaces are trimmed: a control or zero-width character anywhere refuses the name.
  const name = raw.normalize('NFC').replace(/^ +| +$/g, '');
  if (name.length < 1) return { ok: false, code: 'name_empty', reason: 'A name needs at least one letter.' };
  if ([...name].length > NAME_MAX) return { ok: false, code: 'guest_name_too_long', reason: `A name has at most ${NAME_MAX} characters.` };
  if (!ALLOWED.test(name)) return { ok: false, code: 'name_characters', reason: 'Use letters, digits, single spaces and . _ \' - only, starting with a letter or digit.' };
  if (looksLikeBot(name)) return { ok: false, code: 'name_bot', reason: 'That name reads like a bot\'s; pick another.' };
  return { ok: true, name };
}

export function randomTag(): string {
  return String(randomInt(0, 10_000)).padStart(4, '0');
}

export function displayName(i: { name: string; tag: string }): string {
  return `${i.name}#${i.tag}`;
}

/** The languages a new guest's name can be given in (the client's own). */
export const GUEST_LANGUAGES = ['en', 'fr'] as const;
export type GuestLanguage = (typeof GUEST_LANGUAGES)[number];
const GUEST_WORD: Record<GuestLanguage, string> = { en: 'Guest', fr: 'Invité' };

/** Names given to new guests until they pick one, in the language the client asked for. */
export function guestName(lang: GuestLanguage = 'en'): string {
  return `${GUEST_WORD[lang]}${randomInt(100, 1000)}`;
}
