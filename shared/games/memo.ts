/**
 * Views that keep their references: states are never changed in place (shared/games/edit.ts), so
 * a view part computed from one piece of a state (a player, a row, a list) can be reused for as
 * long as that piece is the same object. A mirror then skips the part by reference
 * (server/state/mirror.ts `unchanged`).
 */

/**
 * Memoises `fn` on the identity of its first argument (a piece of a state) and the arguments
 * after it, compared with === (a seat, a flag, another piece): the same piece with the same
 * arguments gives the very same result. One entry per piece (the last), held weakly.
 */
export function memoOn<K extends object, A extends readonly unknown[], R>(
  fn: (key: K, ...args: A) => R,
): (key: K, ...args: A) => R {
  const cache = new WeakMap<K, { args: A; value: R }>();
  return (key: K, ...args: A): R => {
    const hit = cache.get(key);
    if (hit && hit.args.length === args.length && hit.args.every((a, i) => a === args[i])) return hit.value;
    const value = fn(key, ...args);
    cache.set(key, { args, value });
    return value;
  };
}

/**
 * Gives back `previous` when `next` holds the same items (by reference) in the same order, so a
 * list rebuilt from memoised parts keeps its own reference too.
 */
export function sameItems<T>(previous: readonly T[] | undefined, next: T[]): T[] {
  if (previous && previous.length === next.length && previous.every((x, i) => x === next[i])) return previous as T[];
  return next;
}
