/**
 * Every game's engine, loaded from the catalogue (catalogue.ts: one line per game). A module
 * that imports this holds every engine once it has loaded; the lobby's first load imports only
 * the catalogue.
 */
import type { AnyGame } from './contract.js';
import { catalogue } from './catalogue.js';

export const games: AnyGame[] = await Promise.all(catalogue.map((meta) => meta.rules()));

export function findGame(id: string): AnyGame | undefined {
  return games.find((g) => g.id === id);
}
