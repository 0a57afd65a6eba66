/**
 * Private table codes: 8 characters from an alphabet without look-alikes (no 0/O, 1/I/L):
 * 31^8 ≈ 2^39.6. With 1,000 open private tables and the per-address look-up limit (10 per 10 s),
 * one address needs about 27 years on average to hit any table (docs/operations.md).
 */

export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 8;

/** `draw(n)` returns a uniform integer in [0, n): a cryptographic source on the server. */
export function makeCode(draw: (n: number) => number): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[draw(CODE_ALPHABET.length)];
  return code;
}

/** Case-insensitive, spaces and dashes ignored; null when the text cannot be a code. */
export function normaliseCode(text: string): string | null {
  if (text.length > 40) return null;
  const code = text.replace(/[\s-]/g, '').toUpperCase();
  if (code.length !== CODE_LENGTH) return null;
  for (const ch of code) if (!CODE_ALPHABET.includes(ch)) return null;
  return code;
}
