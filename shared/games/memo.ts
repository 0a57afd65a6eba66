/**
 * Views that keep their references: states are never changed in place (shared/games/edit.ts), so
 * a view part computed from one piece of a state (a player, a row, a list) can be reused for as
 * long as that piece is the same object. A mirror then skips the part by reference
 * (server/state/mirror.ts `unchanged`).
 */

/** Results kept per piece: one per seat at the largest table, so per-seat views do not evict each other. */
const ENTRIES_PER_KEY = 8;

/**
 * Memoises `fn` on the identity of its first argument (a piece of a state) and the arguments
 * after it, compared with === (a seat, a flag, another piece): the same piece with the same
 * arguments gives the very same result. Up to ENTRIES_PER_KEY results per piece, held weakly.
 */
export function memoOn<K extends object, A extends readonly unknown[], R>(
  fn: (key: K, ...args: A) => R,
): (key: K, ...args: A) => R {
  const cache = new WeakMap<K, { args: A; value: R }[]>();
  return (key: K, ...args: A): R => {
    let entries = cache.get(key);
    const hit = entries?.find((e) => e.args.length === args.length && e.args.every((a, i) => a === args[i]));
    if (hit) return hit.value;
    const value = fn(key, ...args);
    if (!entries) cache.set(key, (entries = []));
    if (entries.length >= ENTRIES_PER_KEY) entries.shift();
    entries.push({ args, value });
    return value;
  };
}
