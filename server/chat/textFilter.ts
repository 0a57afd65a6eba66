/**
 * The free-text filter (issue 29): a line is refused, not starred out, when it holds a link, an
 * e-mail address or a phone-like number (children must not be led off the table or asked for a
 * contact), control or direction-changing characters, or a word of the EN/FR list. Words are
 * compared after folding case, accents, common letter-for-digit swaps and letter repeats, so
 * "Put@in" and "MEEERDE" are caught; whole words only, so "class" and "Scunthorpe" pass.
 */
export type TextVerdict = { ok: true; text: string } | { ok: false; code: 'chat_link' | 'chat_contact' | 'chat_word' | 'chat_bad_text' };

/** Kept short and plain on purpose: operators extend it here (docs/operations.md "Chat"). */
const WORDS = [
  // English
  'fuck', 'fucking', 'fucker', 'shit', 'bullshit', 'bitch', 'cunt', 'asshole', 'arsehole', 'bastard', 'dick', 'dickhead',
  'whore', 'slut', 'wanker', 'twat', 'prick', 'retard', 'fag', 'faggot', 'motherfucker', 'piss', 'cock', 'pussy', 'kys',
  // French
  'merde', 'putain', 'pute', 'connard', 'connasse', 'salope', 'salaud', 'encule', 'enculer', 'batard', 'nique', 'niquer',
  'ntm', 'fdp', 'pd', 'pede', 'couille', 'couilles', 'chier', 'emmerde', 'emmerder', 'abruti', 'debile', 'cretin', 'pouffiasse', 'tg', 'ta gueule',
];

const folded = (word: string): string => squeeze(fold(word));
const LIST = new Set(WORDS.filter((w) => !w.includes(' ')).map(folded));
const PHRASES = WORDS.filter((w) => w.includes(' ')).map((w) => w.split(' ').map(folded).join(' '));

const LINK = /(https?:|ftp:|www\.|:\/\/|[a-z0-9-]+\s*(\.|\(dot\)|\[dot\]|\bdot\b)\s*(com|net|org|fr|io|gg|me|co|uk|de|be|ch|ca|xyz|ly|tv|info|app|link|site|online|club)\b|discord|t\.me|@[a-z0-9-]+\.[a-z])/i;
const CONTACT = /(\d[\s.-]*){7,}/;
// C0/C1 controls, zero-width and bidi controls (the same families names refuse: server/identity/names.ts).
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/;

const SWAPS: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', '$': 's', '!': 'i' };

function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[013457@$!]/g, (c) => SWAPS[c] ?? c);
}

/** "meeerde" → "merde": the list is compared with every run of one letter cut to one. */
function squeeze(word: string): string {
  return word.replace(/(\p{L})\1+/gu, '$1');
}

export function checkText(raw: string, max: number): TextVerdict {
  const text = raw.normalize('NFC').trim().replace(/\s+/g, ' ');
  if (text.length === 0 || text.length > max || FORBIDDEN.test(raw)) return { ok: false, code: 'chat_bad_text' };
  if (LINK.test(text)) return { ok: false, code: 'chat_link' };
  if (CONTACT.test(text)) return { ok: false, code: 'chat_contact' };
  const words = fold(text).split(/[^\p{L}]+/u).filter((w) => w.length > 0).map(squeeze);
  // Each word alone, and the word list's own letters spaced out ("f u c k") joined back.
  if (words.some((w) => LIST.has(w) || LIST.has(w.replace(/(.)\1+/g, '$1')))) return { ok: false, code: 'chat_word' };
  const spacedOut = words.filter((w) => w.length === 1).join('');
  if (spacedOut.length >= 3 && [...LIST].some((w) => w.length >= 3 && spacedOut.includes(w))) return { ok: false, code: 'chat_word' };
  const line = ` ${words.join(' ')} `;
  if (PHRASES.some((p) => line.includes(` ${p} `))) return { ok: false, code: 'chat_word' };
  return { ok: true, text };
}
