/**
 * A game's schema classes and mirror, derived from its wire declaration (shared/wire/declare.ts,
 * shared/games/<game>/wire.ts). The writer keeps the hand-written mirrors' economy: a part that is
 * the very view object written last time is skipped (`unchanged`), scalars are set only when they
 * differ (the schema setter ignores an equal value), lists are patched by index, parts are created
 * once and rewritten in place, and under a seat view every new list item that holds lists or parts
 * is revealed to the owner (see server/state/mirror.ts for why).
 */
import { ArraySchema, Schema, defineTypes, type DefinitionType } from '@colyseus/schema';
import type { Codec, Column, Leaf, Scalar, StructDecl, WireDeclaration, WireObject, WireWriter } from '../../shared/wire/declare.js';
import { PublicViewState, SeatViewState } from './TableState.js';
import { defineMirror, unchanged, type GameMirror, type Reveal } from './mirror.js';

type SchemaClass = new () => Schema;

const classes = new Map<StructDecl, SchemaClass>();

function definition(column: Column): DefinitionType {
  switch (column.kind) {
    case 'value': return column.type;
    case 'values': return [column.type];
    case 'part': return classFor(column.struct);
    case 'items': return [classFor(column.struct)];
  }
}

/**
 * The schema class of a declared part (one per declaration, shared by every game using it). Fields
 * are defined in declaration order, so their indexes, and the bytes, are those of the class a
 * hand would write with the same fields.
 */
export function classFor(decl: StructDecl, base: typeof Schema = Schema): SchemaClass {
  const known = classes.get(decl);
  if (known) return known;
  const columns = decl.wireColumns;
  const Derived = class extends (base as SchemaClass) {
    constructor() {
      super();
      const self = this as unknown as WireObject;
      for (const [name, column] of columns) {
        if (column.kind === 'value') self[name] = column.zero;
        else if (column.kind === 'values' || column.kind === 'items') self[name] = new ArraySchema();
        else if (column.always) self[name] = new (classFor(column.struct))();
      }
    }
  };
  Object.defineProperty(Derived, 'name', { value: `${decl.name}State` });
  classes.set(decl, Derived);
  defineTypes(Derived as unknown as typeof Schema, Object.fromEntries(columns.map(([name, column]) => [name, definition(column)])));
  return Derived;
}

/** The writer with the list writes the generated code calls on a list it has already loaded. */
interface ListWriter extends WireWriter {
  valuesInto<E>(list: ArraySchema<Scalar>, values: readonly E[], encode: ((e: E) => Scalar) | undefined): void;
  itemsInto(list: ArraySchema<Schema>, struct: StructDecl, values: readonly unknown[]): void;
}

type FieldsWriter = (w: ListWriter, target: WireObject, value: unknown) => void;

/** The one empty list written for every absent shown list: the same object, so the next write skips it. */
const NONE: readonly unknown[] = Object.freeze([]);

const fieldsWriters = new Map<StructDecl, FieldsWriter>();

const isLeaf = (codec: Codec<unknown>): codec is Leaf<unknown> => 'same' in codec;

/**
 * A part's fields written by code made for that part: a scalar field is a plain property store
 * (`t["turn"] = p["turn"]`), which V8 caches per class, where the generic loop's `target[key]`
 * looks every field up by name (measured: 10–25 % more server CPU per change in the wire bench).
 * Names come from the declarations (JSON-quoted), never from clients.
 */
function fieldsWriter(decl: StructDecl): FieldsWriter {
  const known = fieldsWriters.get(decl);
  if (known) return known;
  const codecs = decl.fields.map(([, codec]) => codec);
  // A list's items: their encode (undefined when the values are their own wire form) or their part.
  const elements = codecs.map((codec) => {
    const of = (codec.guarded?.of ?? codec).elements;
    if (!of) return undefined;
    return isLeaf(of) ? (of.same ? undefined : of.encode) : of;
  });
  /**
   * The store of `x` into field `k` by codec `codec` (the i-th field's, or the value under its
   * `shown` flag: `ref` is the expression for it), or undefined if it has no inline form.
   */
  const store = (codec: Codec<unknown>, k: string, i: number, x: string, empty: boolean, ref = `c[${i}]`): string | undefined => {
    if (codec.elements) {
      const list = empty ? 'NONE' : x;
      return isLeaf(codec.elements) ? `w.valuesInto(t[${k}], ${list}, e[${i}]);` : `w.itemsInto(t[${k}], e[${i}], ${list});`;
    }
    if (!isLeaf(codec)) return undefined;
    if (empty) return `t[${k}] = ${JSON.stringify(codec.zero)};`;
    return codec.same ? `t[${k}] = ${x};` : `t[${k}] = ${ref}.encode(${x});`;
  };
  const body = decl.fields.map(([key, codec], i) => {
    const k = JSON.stringify(key);
    const guarded = codec.guarded;
    if (guarded) {
      // A shown value: its flag, then the value or its empty form.
      const inner = guarded.of;
      const present = store(inner, k, i, 'x', false, `c[${i}].guarded.of`);
      const absent = store(inner, k, i, 'x', true, `c[${i}].guarded.of`);
      if (present && absent && !inner.guarded) {
        const f = JSON.stringify(guarded.flag);
        return `{ const x = p[${k}]; if (x !== undefined && x !== null) { t[${f}] = true; ${present} } else { t[${f}] = false; ${absent} } }`;
      }
      return `c[${i}].write(w, t, ${k}, p[${k}]);`;
    }
    return store(codec, k, i, `p[${k}]`, false) ?? `c[${i}].write(w, t, ${k}, p[${k}]);`;
  }).join('\n');
  const make = new Function('c', 'e', 'shape', 'NONE', `return function write(w, t, v) {\nconst p = shape === undefined ? v : shape.encode(v);\n${body}\n};`);
  const written = make(codecs, elements, decl.shape, NONE) as FieldsWriter;
  fieldsWriters.set(decl, written);
  return written;
}

const holdsChildren = (decl: StructDecl): boolean => decl.wireColumns.some(([, c]) => c.kind !== 'value');

/**
 * The writer for one write: `reveal` is set under a seat view. Items made while a new item is being
 * filled are not revealed on their own: they are part of that item when it is revealed.
 */
function writer(reveal?: Reveal): ListWriter {
  let filling = 0;
  const w: ListWriter = {
    values<E>(target: WireObject, key: string, values: readonly E[], encode: ((e: E) => Scalar) | undefined) {
      w.valuesInto(target[key] as ArraySchema<Scalar>, values, encode);
    },
    valuesInto<E>(list: ArraySchema<Scalar>, values: readonly E[], encode: ((e: E) => Scalar) | undefined) {
      if (unchanged(list, values)) return;
      const shared = Math.min(list.length, values.length);
      for (let i = 0; i < shared; i++) {
        const value = encode ? encode(values[i]) : values[i] as Scalar;
        if (list[i] !== value) list[i] = value;
      }
      for (let i = shared; i < values.length; i++) list.push(encode ? encode(values[i]) : values[i] as Scalar);
      while (list.length > values.length) list.pop();
    },
    part(target: WireObject, key: string, struct: StructDecl, value: unknown) {
      if (value === undefined || value === null) { target[key] = undefined; return; }
      let part = target[key] as Schema | undefined;
      if (!part) target[key] = part = new (classFor(struct))();
      if (!unchanged(part, value)) fieldsWriter(struct)(w, part as unknown as WireObject, value);
    },
    items(target: WireObject, key: string, struct: StructDecl, values: readonly unknown[]) {
      w.itemsInto(target[key] as ArraySchema<Schema>, struct, values);
    },
    itemsInto(list: ArraySchema<Schema>, struct: StructDecl, values: readonly unknown[]) {
      if (unchanged(list, values)) return;
      const shared = Math.min(list.length, values.length);
      for (let i = 0; i < shared; i++) {
        if (!unchanged(list[i], values[i])) fieldsWriter(struct)(w, list[i] as unknown as WireObject, values[i]);
      }
      for (let i = shared; i < values.length; i++) {
        const item = new (classFor(struct))();
        unchanged(item, values[i]);
        filling++;
        try { fieldsWriter(struct)(w, item as unknown as WireObject, values[i]); } finally { filling--; }
        list.push(item);
        if (reveal && filling === 0 && holdsChildren(struct)) reveal(item);
      }
      while (list.length > values.length) list.pop();
    },
  };
  return w;
}

const publicWriter = writer();

/** The mirror of a declared game; defining it defines the game's schema classes. */
export function mirrorOf<P, S>(wire: WireDeclaration<P, S>): GameMirror<P, S> {
  const Table = classFor(wire.table as StructDecl, PublicViewState);
  const Seat = classFor(wire.seat as StructDecl, SeatViewState);
  const writeTable = fieldsWriter(wire.table as StructDecl);
  const writeSeat = fieldsWriter(wire.seat as StructDecl);
  return defineMirror({
    createTable: () => new Table() as PublicViewState,
    writeTable(target: PublicViewState, view: P) {
      if (!unchanged(target, view)) writeTable(publicWriter, target as unknown as WireObject, view);
    },
    createSeat: () => new Seat() as SeatViewState,
    writeSeat(target: SeatViewState, view: S, reveal: Reveal) {
      if (!unchanged(target, view)) writeSeat(writer(reveal), target as unknown as WireObject, view);
    },
  });
}
