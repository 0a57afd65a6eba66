/**
 * A game's mirror writes the engine's views (plain objects, computed by the pure engine) into
 * that game's schema classes, changing only the fields whose values differ, so a patch carries
 * what changed and nothing else. One mirror per game (server/state/<game>Mirror.ts), listed in
 * server/state/mirrors.ts; the client reads the schema back with shared/wire/<game>.ts.
 *
 * A seat view's schema (under the @view field `PlayerState.secret`) may hold primitives, lists of
 * primitives and lists of schemas whose fields are primitives — not a schema holding a list or
 * schema created later: @colyseus/schema 3.0.76 shares a @view parent's visibility only with
 * items of a collection, so such a nested child never reaches its owner (found by
 * server/state/mirrors.test.ts on Railway Madness' longest_train trains).
 */
import type { PublicViewState, SeatViewState } from './TableState.js';

export interface GameMirror<P = unknown, V = unknown> {
  createTable(): PublicViewState;
  writeTable(target: PublicViewState, view: P): void;
  createSeat(): SeatViewState;
  writeSeat(target: SeatViewState, view: V): void;
}

/** Ties a mirror's schema classes to its views at compile time; the room only sees `GameMirror`. */
export function defineMirror<P, V, T extends PublicViewState, S extends SeatViewState>(mirror: {
  createTable(): T;
  writeTable(target: T, view: P): void;
  createSeat(): S;
  writeSeat(target: S, view: V): void;
}): GameMirror<P, V> {
  return mirror as unknown as GameMirror<P, V>;
}
