/**
 * Which reader turns each game's synchronised state back into its views (derived from the game's
 * wire declaration, shared/games/wires.ts), and the one function clients, load tests and tests
 * use to get `publicView` / `seatView` from a decoded table state.
 */
import type { SyncedTable, ViewReader } from './contract.js';
import { readerOf } from './declare.js';
import { wires } from '../games/wires.js';

export const viewReaders: Record<string, ViewReader> = Object.fromEntries(wires.map((wire) => [wire.game, readerOf(wire)]));

export function readerFor(game: string): ViewReader {
  const reader = viewReaders[game];
  if (!reader) throw new Error(`no wire declaration for game "${game}" (shared/games/wires.ts)`);
  return reader;
}

/** The engine's views as this client holds them; null before the game has a table. */
export function readTableViews(state: SyncedTable, sessionId: string): { publicView: unknown; seatView: unknown } | null {
  if (!state.table) return null;
  const reader = readerFor(state.game);
  const secret = state.players.get(sessionId)?.secret;
  return { publicView: reader.publicView(state.table), seatView: secret === undefined ? null : reader.seatView(secret, state.table) };
}
