/** Every game Junction serves. Adding a game: its folder in shared/games, one line here, a scene. */
import type { AnyGame } from './contract.js';

export const games: AnyGame[] = [];

export function findGame(id: string): AnyGame | undefined {
  return games.find((g) => g.id === id);
}
