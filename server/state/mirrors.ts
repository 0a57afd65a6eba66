/**
 * Which mirror writes each game's views into the table state: derived from the game's wire
 * declaration (shared/games/wires.ts). Importing this module defines every game's schema classes,
 * which @colyseus/schema must know before the first room encodes a `TableState` (they are part of
 * the one handshake every room shares, server/state/sharedHandshake.ts).
 */
import type { GameMirror } from './mirror.js';
import { mirrorOf } from './derive.js';
import { wires } from '../../shared/games/wires.js';

const mirrors = new Map<string, GameMirror>(wires.map((wire) => [wire.game, mirrorOf(wire)]));

export function mirrorFor(game: string): GameMirror {
  const mirror = mirrors.get(game);
  if (!mirror) throw new Error(`no wire declaration for game "${game}" (shared/games/wires.ts)`);
  return mirror;
}

/** Game ids with a wire declaration (every game served). */
export const typedGames = [...mirrors.keys()];
