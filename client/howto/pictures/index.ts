/** Which pictures illustrate which game: each game's own, from client/games/registry.ts. */
import type { HowToGame } from '../content.js';
import type { GamePictures } from './picture.js';
import { clientGame, rendererGames } from '../../games/registry.js';

export const PICTURES: Record<HowToGame, GamePictures> = Object.fromEntries(rendererGames.map((game) => [game, clientGame(game)!.howto]));
