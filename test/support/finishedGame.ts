/** A finished public game for tests that need one (a replay, a profile line). */
import { findGame } from '../../shared/games/registry.js';
import { eventually, ready, type TestServer } from './server.js';
import { playWithViewBot, type SyncedSeats } from './viewBotTable.js';

/** A short public Traffic Memory game (quick play, four cards) played to its end by both seats' view bots. */
export async function finishedPublicGame(server: TestServer): Promise<string> {
  const options = { players: 2, range: 'custom', from: 1, to: 4, flipMs: 5000, revealMs: 0 };
  const a = await ready(await server.client().joinOrCreate<SyncedSeats>('traffic_memory', { name: 'Ana', ...options }));
  const b = await ready(await server.client().joinById<SyncedSeats>(a.roomId, { name: 'Bo' }));
  const game = findGame('traffic_memory')!;
  const stops = [playWithViewBot(game, a, 1), playWithViewBot(game, b, 2)];
  try {
    await eventually(async () => (await fetch(`${server.http}/api/games/${a.roomId}`)).status === 200, 200_000, 'the game finished');
  } finally {
    for (const stop of stops) stop();
    await a.leave().catch(() => undefined);
    await b.leave().catch(() => undefined);
  }
  return a.roomId;
}

