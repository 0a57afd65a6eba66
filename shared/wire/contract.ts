/**
 * How a client reads a game's synchronised schema back into the engine's view types, so renderers,
 * view bots and tests keep taking `publicView` / `seatView` exactly as the engine computes them.
 * Readers (derived from each game's declaration, shared/wire/declare.ts) only read fields: they
 * work on the server's schema instances and on colyseus.js' decoded (reflected) ones alike, and
 * know nothing of @colyseus/schema.
 */

/** A synchronised list as both sides see it (ArraySchema). */
export type WireList<T> = Iterable<T> & { readonly length: number };

export interface ViewReader<P = unknown, V = unknown> {
  publicView(wire: unknown): P;
  /** `table` is the same client's public part (some seat views need its options to read cards). */
  seatView(wire: unknown, table: unknown): V;
}

/** The part of the decoded table state every reader needs. */
export interface SyncedTable {
  game: string;
  table?: unknown;
  players: { get(sessionId: string): { secret?: unknown } | undefined };
}

export const list = <T>(items: WireList<T> | undefined): T[] => (items ? Array.from(items) : []);
