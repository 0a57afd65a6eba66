/** A private table's room id from its code (GET /api/rooms/code/:code), with the answer in the reader's language. */
import { t } from '../i18n/index.js';

export async function roomOfCode(code: string): Promise<string> {
  const res = await fetch(`/api/rooms/code/${encodeURIComponent(code)}`);
  if (res.status === 404) throw new Error(t('lobby:join.none'));
  if (res.status === 429) throw new Error(t('lobby:join.slow'));
  if (!res.ok) throw new Error(t('lobby:join.failed', { status: res.status }));
  return ((await res.json()) as { roomId: string }).roomId;
}
