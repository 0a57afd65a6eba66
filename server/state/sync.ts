/**
 * Writing plain values into schema collections so that only what differs is marked as changed
 * (a primitive field's setter already ignores an equal value; these do the same for lists).
 */
import type { ArraySchema, Schema } from '@colyseus/schema';

/** Make a list of primitives equal to `values`, touching only the indexes that differ. */
export function syncValues<T extends number | string | boolean>(target: ArraySchema<T>, values: readonly T[]): void {
  const shared = Math.min(target.length, values.length);
  for (let i = 0; i < shared; i++) {
    if (target[i] !== values[i]) target[i] = values[i];
  }
  for (let i = shared; i < values.length; i++) target.push(values[i]);
  while (target.length > values.length) target.pop();
}

/**
 * Make a list of schema items hold `values`: existing items are rewritten in place (`write` sets
 * only what differs); `added` sees each new item once it is in the list.
 */
export function syncItems<S extends Schema, T>(
  target: ArraySchema<S>, values: readonly T[], create: () => S, write: (item: S, value: T) => void, added?: (item: S) => void,
): void {
  const shared = Math.min(target.length, values.length);
  for (let i = 0; i < shared; i++) write(target[i], values[i]);
  for (let i = shared; i < values.length; i++) {
    const item = create();
    write(item, values[i]);
    target.push(item);
    added?.(item);
  }
  while (target.length > values.length) target.pop();
}
