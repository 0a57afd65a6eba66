/**
 * Structural sharing for the engines: `edit(state, change)` runs `change` on a copy-on-write draft
 * of `state` (the engines' rules keep their "change `s` in place" style) and returns a new state
 * in which only the objects and arrays on a changed path are new; every untouched seat, row, card
 * or list keeps its reference. Nothing written: the very same state comes back.
 *
 * A draft is a Proxy over one plain object or array of the state. Reading an object through it
 * gives that object's draft; the first write shallow-copies the draft's object and marks its
 * parents changed. Only plain data (objects, arrays, primitives), as the engines' states are.
 * Never keep a draft after `edit` returns, and never write into an object reached from the
 * original state other than through the draft (that would change the previous state; the engines'
 * property tests deep-freeze the state before every step to catch it).
 */

import type { GameEvent } from './contract.js';

const DRAFT = Symbol('draft');

interface DraftState {
  base: object;
  /** Shallow copy of `base`, made on the first write or the first read of a nested object. */
  copy: Record<PropertyKey, unknown> | null;
  modified: boolean;
  parent: DraftState | null;
  proxy: object;
  scope: Scope;
  /** Set by finish: the object that stands for this draft in the result. */
  final?: object;
}

interface Scope { open: boolean }

const isObject = (v: unknown): v is object => typeof v === 'object' && v !== null;
const draftOf = (v: unknown): DraftState | undefined => (isObject(v) ? (v as { [DRAFT]?: DraftState })[DRAFT] : undefined);
const latest = (d: DraftState): Record<PropertyKey, unknown> => (d.copy ?? d.base) as Record<PropertyKey, unknown>;
const has = (o: object, key: PropertyKey): boolean => Object.prototype.hasOwnProperty.call(o, key);

function shallowCopy(o: object): Record<PropertyKey, unknown> {
  return (Array.isArray(o) ? o.slice() : { ...o }) as Record<PropertyKey, unknown>;
}

function ensureCopy(d: DraftState): Record<PropertyKey, unknown> {
  d.copy ??= shallowCopy(d.base);
  return d.copy;
}

function markModified(d: DraftState): void {
  if (!d.scope.open) throw new Error('edit: a draft was written after its edit ended');
  for (let at: DraftState | null = d; at && !at.modified; at = at.parent) {
    ensureCopy(at);
    at.modified = true;
  }
}

const handler: ProxyHandler<object> = {
  get(target, key) {
    const d = (target as { [DRAFT]: DraftState })[DRAFT];
    if (key === DRAFT) return d;
    const source = latest(d);
    if (!has(source, key)) return Reflect.get(source, key);
    const value = source[key];
    // An object still as it was in the original: hand out its draft (kept in the copy, so that it
    // follows the item when a splice or sort moves it).
    if (!isObject(value) || draftOf(value) || value !== (d.base as Record<PropertyKey, unknown>)[key]) return value;
    const child = createDraft(value, d, d.scope);
    ensureCopy(d)[key] = child;
    return child;
  },
  set(target, key, value) {
    const d = (target as { [DRAFT]: DraftState })[DRAFT];
    const source = latest(d);
    // Writing the value already there (or a draft back where it was read) changes nothing.
    if (has(source, key) && source[key] === value) return true;
    markModified(d);
    d.copy![key] = value;
    return true;
  },
  deleteProperty(target, key) {
    const d = (target as { [DRAFT]: DraftState })[DRAFT];
    if (!has(latest(d), key)) return true;
    markModified(d);
    delete d.copy![key];
    return true;
  },
  has(target, key) {
    const d = (target as { [DRAFT]: DraftState })[DRAFT];
    return key === DRAFT || key in latest(d);
  },
  ownKeys(target) {
    return Reflect.ownKeys(latest((target as { [DRAFT]: DraftState })[DRAFT]));
  },
  getOwnPropertyDescriptor(target, key) {
    const d = (target as { [DRAFT]: DraftState })[DRAFT];
    const source = latest(d);
    const desc = Reflect.getOwnPropertyDescriptor(source, key);
    if (!desc) return undefined;
    const isLength = Array.isArray(d.base) && key === 'length';
    return { writable: true, configurable: !isLength, enumerable: desc.enumerable, value: source[key] };
  },
  defineProperty(target, key, desc) {
    const d = (target as { [DRAFT]: DraftState })[DRAFT];
    markModified(d);
    return Reflect.defineProperty(d.copy!, key, desc);
  },
  getPrototypeOf(target) {
    return Reflect.getPrototypeOf((target as { [DRAFT]: DraftState })[DRAFT].base);
  },
  setPrototypeOf() {
    throw new Error('edit: drafts cannot change prototype');
  },
};

function createDraft(base: object, parent: DraftState | null, scope: Scope): object {
  // The proxy's target is an empty shell of the same kind (Array.isArray must hold for arrays) that
  // carries the draft's bookkeeping under a symbol; all reads go to the original or its copy.
  const shell = (Array.isArray(base) ? [] : {}) as { [DRAFT]?: DraftState };
  const d: DraftState = { base, copy: null, modified: false, parent, proxy: shell, scope };
  Object.defineProperty(shell, DRAFT, { value: d, configurable: true });
  d.proxy = new Proxy(shell, handler);
  return d.proxy;
}

/** The object that stands for a draft once the edit is over: its original if unchanged, else its copy with drafts resolved. */
function finish(d: DraftState): object {
  if (d.final) return d.final;
  if (!d.modified) {
    d.final = d.base;
    return d.base;
  }
  const copy = d.copy!;
  d.final = copy;
  const base = d.base as Record<PropertyKey, unknown>;
  for (const key of Reflect.ownKeys(copy)) {
    const value = copy[key];
    if (!isObject(value)) continue;
    const child = draftOf(value);
    if (child) copy[key] = finish(child);
    else if (value !== base[key]) resolveDrafts(value, new Set());
  }
  return copy;
}

/** Replaces, in place, every draft inside an object made during the edit (a new list, an event) by its final object. */
function resolveDrafts(o: object, seen: Set<object>): void {
  if (seen.has(o) || Object.isFrozen(o)) return;
  seen.add(o);
  const record = o as Record<PropertyKey, unknown>;
  for (const key of Object.keys(record)) {
    const value = record[key];
    if (!isObject(value)) continue;
    const child = draftOf(value);
    if (child) record[key] = finish(child);
    else resolveDrafts(value, seen);
  }
}

/**
 * Applies `change` to a draft of `base`. Returns the new state (`base` itself when nothing was
 * written) and `change`'s result, in which any draft (an event holding a card of the state) is
 * replaced by its final object.
 */
export function edit<S extends object, R>(base: S, change: (draft: S) => R): { state: S; result: R } {
  const scope: Scope = { open: true };
  const root = createDraft(base, null, scope) as S;
  let result: R;
  try {
    result = change(root);
  } finally {
    scope.open = false;
  }
  const state = finish(draftOf(root)!) as S;
  if (isObject(result)) {
    const d = draftOf(result);
    if (d) result = finish(d) as R;
    else resolveDrafts(result, new Set());
  }
  return { state, result };
}

/** True for a draft made by `edit` (for tests and assertions). */
export function isDraft(value: unknown): boolean {
  return draftOf(value) !== undefined;
}

/**
 * A plain snapshot of a value as it is now during an edit (a draft's current contents, which later
 * writes will not change): the original object itself where nothing was written.
 */
export function current<T>(value: T): T {
  if (!isObject(value)) return value;
  const d = draftOf(value);
  if (d && !d.modified) return d.base as T;
  const base = (d ? d.base : {}) as Record<PropertyKey, unknown>;
  const out = shallowCopy(d ? d.copy! : value);
  for (const key of Object.keys(out)) {
    const item = out[key];
    if (isObject(item) && item !== base[key]) out[key] = current(item);
  }
  return out as T;
}

/** A step that only collects events (time-outs, clocks) as an accepted `Applied` result: new state shared where untouched. */
export function editWithEvents<S extends object>(base: S, step: (draft: S, events: GameEvent[]) => void): { ok: true; state: S; events: GameEvent[] } {
  const { state, result: events } = edit(base, (draft) => {
    const events: GameEvent[] = [];
    step(draft, events);
    return events;
  });
  return { ok: true, state, events };
}
