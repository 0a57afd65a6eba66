/** Private table codes: 6 characters from an alphabet without look-alikes (no 0/O, 1/I/L). */
import type { Rng } from '../random.js';

export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 6;

export function makeCode(rng: Rng): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[rng.int(CODE_ALPHABET.length)];
  return code;
}

/** Case-insensitive; null when the text cannot be a code. */
export function normaliseCode(text: string): string | null {
  const code = text.trim().toUpperCase();
  if (code.length !== CODE_LENGTH) return null;
  for (const ch of code) if (!CODE_ALPHABET.includes(ch)) return null;
  return code;
}
