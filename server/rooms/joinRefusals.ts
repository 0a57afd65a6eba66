/** Which name rule a join's `name` broke (shared/protocol/names.ts), as a code the client formats. */
import { cleanName, looksLikeBot, NAME_MAX } from '../../shared/protocol/names.js';

export function nameRefusal(raw: unknown): string | null {
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || raw.length > 200) return 'name_invalid';
  const name = cleanName(raw);
  if (name.length < 1) return 'name_empty';
  if (name.length > NAME_MAX) return 'name_too_long';
  if (looksLikeBot(name)) return 'name_bot';
  return null;
}
