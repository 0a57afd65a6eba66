/**
 * PostgreSQL's jsonb cannot hold U+0000 in a string ("unsupported Unicode escape sequence",
 * STACK-NOTES 26): one such value fails a whole INSERT, and with it every entry of the commit.
 * Client actions holding one are refused at the edge (`holdsNul`, ActionPipeline.receive); the
 * journal replaces any that still reaches it (server-made values) by U+FFFD, logged.
 */

/** `\u0000` in JSON text, not preceded by an escaped backslash (`\\u0000` is the text "\u0000"). */
const NUL_ESCAPE = /(?<!\\)((?:\\\\)*)\\u0000/g;

export function storable(json: string): string {
  return json.includes('\\u0000') ? json.replace(NUL_ESCAPE, '$1\\ufffd') : json;
}

/** Whether any string in a JSON-like value (keys included) holds U+0000. */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > 32) return false;
  if (Array.isArray(value)) return value.some((v) => holdsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || holdsNul(v, depth + 1));
}
