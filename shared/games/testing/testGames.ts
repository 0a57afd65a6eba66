/**
 * Games only tests play (shared/games/testing/tiny): in the catalogue of a process started with
 * JUNCTION_TEST_GAMES=1, never in one serving players. A browser has no `process`: never there.
 */
import type { GameMeta } from '../catalogue.js';
import { tinyMeta } from './tiny/meta.js';

export const TEST_GAMES_ENV = 'JUNCTION_TEST_GAMES';

export function testGamesOn(): boolean {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  return env?.[TEST_GAMES_ENV] === '1';
}

export function testGames(): GameMeta[] {
  return testGamesOn() ? [tinyMeta] : [];
}
