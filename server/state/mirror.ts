/**
 * A game's mirror writes the engine's views (plain objects, computed by the pure engine) into
 * that game's schema classes, changing only the fields whose values differ, so a patch carries
 * what changed and nothing else. Every game's mirror and schema classes are derived from its wire
 * declaration (shared/games/<game>/wire.ts) by server/state/derive.ts, listed in
 * server/state/mirrors.ts; the client reads the schema back with the reader derived from the same
 * declaration (shared/wire/declare.ts).
 *
 * Under a seat view (the @view field `PlayerState.secret`) @colyseus/schema 3.0.76 shares the
 * owner's visibility only with items of a collection, not with a list or schema held by such an
 * item: created later, that child never reached its owner (found by server/state/mirrors.test.ts
 * on Railway Madness' longest_train trains). So seat views stay flat where they can, and a
 * mirror that adds an item holding lists passes it to `reveal` once it is attached.
 *
 * Mirrors skip by reference (`unchanged`) every part of a view that is the same object as the
 * one they wrote last into the same schema object, and compare values only below what changed.
 */
import type { Schema } from '@colyseus/schema';
import type { PublicViewState, SeatViewState } from './TableState.js';

/**
 * The view part last written into each schema object. Engines share unchanged state between
 * versions and memoise their views per piece of state (shared/games/edit.ts, memo.ts), so a view
 * part that is the very object written last time holds the same values: nothing to compare.
 */
const lastWritten = new WeakMap<object, unknown>();

/**
 * True when `part` is the view object last written into `target` (skip the write); otherwise
 * remembers it as written and returns false. Only for view parts: plain objects or lists that
 * are never changed after they are made.
 */
export function unchanged(target: object, part: unknown): boolean {
  if (lastWritten.get(target) === part) return true;
  lastWritten.set(target, part);
  return false;
}

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
