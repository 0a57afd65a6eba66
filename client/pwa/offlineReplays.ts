/**
 * Finished public games whose replay this browser opened, remembered for the offline page
 * (client/offline/offlinePage.ts): a short record each (the game's title in both languages, when
 * it ended, who placed where), kept by the page itself in Cache Storage ('junction-replays'), never
 * by the service worker from API traffic. Private games are not kept: a shared device shows no one
 * else's private table. At most MAX_KEPT, the oldest dropped first.
 */
export const REPLAY_CACHE = 'junction-replays';
const PREFIX = '/offline/replays/';
const MAX_KEPT = 20;

export interface RememberedReplay {
  id: string;
  game: string;
  title: { en: string; fr: string };
  finishedAt: number;
  players: { name: string; place: number; score: number; bot: boolean }[];
}

export interface FinishedGame {
  id: string; game: string; status?: string; private?: boolean; finishedAt?: number;
  players: { name: string; place: number; score: number; bot: boolean }[];
}

export async function rememberReplay(game: FinishedGame, title: { en: string; fr: string }): Promise<void> {
  if (typeof caches === 'undefined' || game.status !== 'finished' || game.private !== false || typeof game.finishedAt !== 'number') return;
  const record: RememberedReplay = {
    id: game.id, game: game.game, title, finishedAt: game.finishedAt,
    players: game.players.map(({ name, place, score, bot }) => ({ name, place, score, bot })),
  };
  const cache = await caches.open(REPLAY_CACHE);
  const key = `${PREFIX}${encodeURIComponent(game.id)}`;
  await cache.delete(key);
  await cache.put(key, new Response(JSON.stringify(record), { headers: { 'content-type': 'application/json' } }));
  // Keys come back oldest first (the one just put is last).
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_KEPT)).map((request) => cache.delete(request)));
}

/** The remembered replays, the most recently finished first. */
export async function rememberedReplays(): Promise<RememberedReplay[]> {
  if (typeof caches === 'undefined') return [];
  const cache = await caches.open(REPLAY_CACHE);
  const records: RememberedReplay[] = [];
  for (const request of await cache.keys()) {
    try {
      const record = (await (await cache.match(request))?.json()) as RememberedReplay | undefined;
      if (record && typeof record.id === 'string' && Array.isArray(record.players)) records.push(record);
    } catch {
      // an unreadable record is skipped
    }
  }
  return records.sort((a, b) => b.finishedAt - a.finishedAt);
}
