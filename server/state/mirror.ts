/**
 * A game's mirror writes the engine's views (plain objects, computed by the pure engine) into
 * that game's schema classes, changing only the fields whose values differ, so a patch carries
 * what changed and nothing else. One mirror per game (server/state/<game>Mirror.ts), listed in
 * server/state/mirrors.ts; the client reads the schema back with shared/wire/<game>.ts.
 *
 * Under a seat view (the @view field `PlayerState.secret`) @colyseus/schema 3.0.76 shares the
 * owner's visibility only with items of a collection, not with a list or schema held by such an
 * item: created later, that child never reached its owner (found by server/state/mirrors.test.ts
 * on Railway Madness' longest_train trains). So seat views stay flat where they can, and a
 * mirror that adds an item holding lists passes it to `reveal` once it is attached.
 */
import type { Schema } from '@colyseus/schema';
import type { PublicViewState, SeatViewState } from './TableState.js';

/** Makes a structure just added under a seat view visible to that seat's owner (StateView.add). */
export type Reveal = (added: Schema) => void;

export interface GameMirror<P = unknown, V = unknown> {
  createTable(): PublicViewState;
  writeTable(target: PublicViewState, view: P): void;
  createSeat(): SeatViewState;
  writeSeat(target: SeatViewState, view: V, reveal: Reveal): void;
}

/** Ties a mirror's schema classes to its views at compile time; the room only sees `GameMirror`. */
export function defineMirror<P, V, T extends PublicViewState, S extends SeatViewState>(mirror: {
  createTable(): T;
  writeTable(target: T, view: P): void;
  createSeat(): S;
  writeSeat(target: S, view: V, reveal: Reveal): void;
}): GameMirror<P, V> {
  return mirror as unknown as GameMirror<P, V>;
}
