/**
 * A game's mirror writes the engine's views (plain objects, computed by the pure engine) into
 * that game's schema classes, changing only the fields whose values differ, so a patch carries
 * what changed and nothing else. One mirror per game (server/state/<game>Mirror.ts), listed in
 * server/state/mirrors.ts; the client reads the schema back with shared/wire/<game>.ts.
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
