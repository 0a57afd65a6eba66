/**
 * One declaration per game of its views' wire shape (shared/games/<game>/wire.ts): each field's
 * encoding (a number of a given width, a string, a flag, a card id, a nullable value, a list, a
 * nested part) and, by where it sits, who sees it: the `table` part is public, the `seat` part
 * reaches only that seat's owner. From it server/state/derive.ts makes the @colyseus/schema
 * classes and the writer; `readerOf` here makes the typed reader clients use. Readers only read
 * fields, so they work on the server's schema objects and on colyseus.js' decoded ones alike.
 *
 * A field's codec may take more than one wire column (a flag beside the list it guards, a part
 * flattened into its parent): that is how today's compact shapes stay byte for byte the same.
 */
import { list as listOf, type ViewReader, type WireList } from './contract.js';

/** The @colyseus/schema primitive types the games use. */
export type Primitive = 'string' | 'number' | 'boolean' | 'int8' | 'uint8' | 'int16' | 'uint16' | 'uint32';
export type Scalar = string | number | boolean;

/** A decoded or server-side schema object, read and written by field name. */
export type WireObject = Record<string, unknown>;

/** What a reader may consult besides the field itself: the client's public part (Rush Hour's cards follow its options). */
export interface ReadContext { table: WireObject }

/** One column of a derived schema class. */
export type Column =
  | { kind: 'value'; type: Primitive; zero: Scalar }
  | { kind: 'values'; type: Primitive }
  | { kind: 'part'; struct: StructDecl; always: boolean }
  | { kind: 'items'; struct: StructDecl };

/**
 * How the server writes plain values into schema objects (server/state/derive.ts implements it):
 * lists patched by index, parts created once and rewritten in place, every part skipped when it
 * is the very view object written there last time.
 */
export interface WireWriter {
  /** `encode` undefined: the values are their own wire form. */
  values<E>(target: WireObject, key: string, values: readonly E[], encode: ((e: E) => Scalar) | undefined): void;
  part(target: WireObject, key: string, struct: StructDecl, value: unknown): void;
  items(target: WireObject, key: string, struct: StructDecl, values: readonly unknown[]): void;
}

/** A read that leaves the key out of the view (an optional property absent). */
export const OMIT: unique symbol = Symbol('omit');

export interface Codec<V> {
  /** Set on a list's codec: its items' codec (the server writes such a list directly). */
  readonly elements?: Leaf<unknown> | StructDecl;
  /** Set on a `shown` codec: its flag column and the codec of the value it guards. */
  readonly guarded?: { flag: string; of: Codec<unknown> };
  /** The wire columns of a field named `key`, in order. */
  columns(key: string): [string, Column][];
  write(w: WireWriter, target: WireObject, key: string, value: V): void;
  /** Writes what an absent value looks like (under a `shown` flag that is false). */
  writeEmpty(w: WireWriter, target: WireObject, key: string): void;
  /** `partial` is the view being read so far (a computed field reads its siblings). */
  read(wire: WireObject, key: string, ctx: ReadContext, partial: Record<string, unknown>): V | typeof OMIT;
}

export interface Leaf<V> extends Codec<V> {
  readonly type: Primitive;
  readonly zero: Scalar;
  /** The view's value is its wire value (no encode needed). */
  readonly same: boolean;
  encode(value: V): Scalar;
  decode(wire: Scalar, ctx: ReadContext): V;
}

export interface StructDecl<V = unknown> extends Codec<V> {
  readonly name: string;
  readonly fields: readonly [string, Codec<unknown>][];
  /** Columns of the class, deduplicated (fields may share a flag column). */
  readonly wireColumns: readonly [string, Column][];
  /** The view to wire-form map of a part whose fields describe another shape. */
  readonly shape?: { encode(view: V): unknown };
  readFields(wire: WireObject, ctx: ReadContext): V;
}

function leaf<V>(type: Primitive, zero: Scalar, encode: (v: V) => Scalar, decode: (w: Scalar, ctx: ReadContext) => V, same = false): Leaf<V> {
  return {
    type, zero, encode, decode, same,
    columns: (key) => [[key, { kind: 'value', type, zero }]],
    write(_w, target, key, value) { target[key] = encode(value); },
    writeEmpty(_w, target, key) { target[key] = zero; },
    read: (wire, key, ctx) => decode(wire[key] as Scalar, ctx),
  };
}

const same = <T extends Scalar>(type: Primitive, zero: T): Leaf<T> => leaf<T>(type, zero, (v) => v, (w) => w as T, true);

/** A string that holds one of a few values (an enum of the engine's view type). */
function literal<T extends string>(): Leaf<T> { return leaf<T>('string', '', (v) => v, (w) => w as T, true); }

/** A number that holds one of a few values (`handSize: 5 | 10`). */
function oneOf<T extends number>(base: Leaf<number>): Leaf<T> { return leaf<T>(base.type, base.zero, (v) => v, (w) => w as T, true); }

/** A value stored as another scalar: a card as its id, a slot as a marker. */
function mapped<V, S extends Scalar>(base: Leaf<S>, encode: (v: V) => S, decode: (w: S, ctx: ReadContext) => V): Leaf<V> {
  return leaf<V>(base.type, base.zero, encode, (w, ctx) => decode(w as S, ctx));
}

/** Null travels as `marker` (-1 for numbers that are never negative, '' for strings). */
function nullable<V>(base: Leaf<V>, marker: Scalar = -1): Leaf<V | null> {
  return leaf<V | null>(base.type, marker, (v) => (v === null ? marker : base.encode(v)), (w, ctx) => (w === marker ? null : base.decode(w, ctx)));
}

/** Stands for no value: appended to a packed list whose text would be exactly 255 bytes (see `packed`). */
const NOT_A_VALUE = 0xffff;

/** UTF-8 bytes of a text whose characters are all in the Basic Multilingual Plane. */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : 3;
  }
  return bytes;
}

/**
 * A list of byte-sized scalars as one string column, a character per item (its byte: an int8's
 * two's complement, a flag's 0 or 1). In @colyseus/schema 3 every ArraySchema is a change tree of
 * its own (a proxy, its handler's closures, change sets): ≈ 1.3 KiB per list, most of a playing
 * client's memory when hands, tableaux and "playable" lists were each one. These lists are short,
 * so rewriting the whole text costs about what the per-index operations did.
 *
 * A text of exactly 255 UTF-8 bytes is sent with a length of 0 by @colyseus/schema 3.0.76 (see
 * wireSafe in server/state/TableState.ts): such a text gets NOT_A_VALUE appended, which is skipped
 * when read.
 */
function packed<E>(of: Leaf<E>): Leaf<E[]> {
  // A number outside its type keeps its low byte, as the type's own list column wrote it (and is never NOT_A_VALUE).
  const byteOf: (wire: Scalar) => number = of.type === 'boolean' ? (w) => (w ? 1 : 0) : (w) => (w as number) & 0xff;
  const wireOf: (byte: number) => Scalar = of.type === 'boolean' ? (b) => b === 1 : of.type === 'int8' ? (b) => (b > 127 ? b - 256 : b) : (b) => b;
  const encode = (values: E[]): string => packBytes(values.map((value) => byteOf(of.same ? value as Scalar : of.encode(value))));
  const decode = (wire: Scalar, ctx: ReadContext): E[] => packedBytes(wire).map((byte) => of.decode(wireOf(byte), ctx));
  return leaf<E[]>('string', '', encode, decode);
}

/** A packed list's column from its items' bytes. */
export function packBytes(bytes: readonly number[]): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return text.length <= 255 && utf8Length(text) === 255 ? text + String.fromCharCode(NOT_A_VALUE) : text;
}

/** The items of a packed list as their bytes (a uint8 list's values), from its decoded column. */
export function packedBytes(wire: unknown): number[] {
  const text = typeof wire === 'string' ? wire : '';
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const byte = text.charCodeAt(i);
    if (byte !== NOT_A_VALUE) bytes.push(byte);
  }
  return bytes;
}

/** Scalars `packed` holds, a byte each. */
const PACKED_TYPES: readonly Primitive[] = ['uint8', 'int8', 'boolean'];

/**
 * A list of scalars, or of parts (each a schema object patched in place). Byte-sized scalars are
 * packed into one string unless `byIndex`: a long list where one item changes at a time (Railway's
 * grab table) costs fewer bytes as per-index changes.
 */
function list<E>(of: Leaf<E> | StructDecl<E>, how: { byIndex?: boolean } = {}): Codec<E[]> {
  if ('type' in of && !how.byIndex && PACKED_TYPES.includes(of.type)) return packed(of);
  if ('type' in of) {
    return {
      elements: of as Leaf<unknown>,
      columns: (key) => [[key, { kind: 'values', type: of.type }]],
      write(w, target, key, values) { w.values(target, key, values, of.same ? undefined : of.encode); },
      writeEmpty(w, target, key) { w.values(target, key, [], undefined); },
      read: (wire, key, ctx) => listOf(wire[key] as WireList<Scalar> | undefined).map((s) => of.decode(s, ctx)),
    };
  }
  return {
    elements: of as StructDecl,
    columns: (key) => [[key, { kind: 'items', struct: of as StructDecl }]],
    write(w, target, key, values) { w.items(target, key, of as StructDecl, values); },
    writeEmpty(w, target, key) { w.items(target, key, of as StructDecl, []); },
    read: (wire, key, ctx) => listOf(wire[key] as WireList<WireObject> | undefined).map((item) => of.readFields(item, ctx)),
  };
}

/** A part that may be missing: null in the view (or, with 'omit', an absent property). */
function optional<V>(of: StructDecl<V>): Codec<V | null>;
function optional<V>(of: StructDecl<V>, absent: 'omit'): Codec<V | undefined>;
function optional<V>(of: StructDecl<V>, absent: 'null' | 'omit' = 'null'): Codec<V | null | undefined> {
  return {
    columns: (key) => [[key, { kind: 'part', struct: of as StructDecl, always: false }]],
    write(w, target, key, value) { w.part(target, key, of as StructDecl, value ?? undefined); },
    writeEmpty(w, target, key) { w.part(target, key, of as StructDecl, undefined); },
    read(wire, key, ctx) {
      const part = wire[key] as WireObject | undefined;
      if (part) return of.readFields(part, ctx);
      return absent === 'omit' ? OMIT : null;
    },
  };
}

/**
 * A value present or not, with a flag column beside it (several fields may share one flag): the
 * absent value is written empty and read back as an absent property (or null).
 */
function shown<V>(flag: string, of: Codec<V>): Codec<V | undefined>;
function shown<V>(flag: string, of: Codec<V>, absent: null): Codec<V | null>;
function shown<V>(flag: string, of: Codec<V>, absent?: null): Codec<V | null | undefined> {
  return {
    guarded: { flag, of: of as Codec<unknown> },
    columns: (key) => [[flag, { kind: 'value', type: 'boolean', zero: false }], ...of.columns(key)],
    write(w, target, key, value) {
      const present = value !== undefined && value !== null;
      target[flag] = present;
      if (present) of.write(w, target, key, value);
      else of.writeEmpty(w, target, key);
    },
    writeEmpty(w, target, key) { target[flag] = false; of.writeEmpty(w, target, key); },
    read(wire, key, ctx, partial) {
      if (!wire[flag]) return absent === null ? null : OMIT;
      return of.read(wire, key, ctx, partial);
    },
  };
}

const capitalised = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** A part's fields flattened into its parent as `<key><Field>` (no nested object on the wire). */
function flat<V>(of: StructDecl<V>): Codec<V> {
  const name = (key: string, field: string) => `${key}${capitalised(field)}`;
  return {
    columns: (key) => of.fields.flatMap(([field, codec]) => codec.columns(name(key, field))),
    write(w, target, key, value) {
      const fields = value as Record<string, unknown>;
      for (const [field, codec] of of.fields) codec.write(w, target, name(key, field), fields[field]);
    },
    writeEmpty(w, target, key) { for (const [field, codec] of of.fields) codec.writeEmpty(w, target, name(key, field)); },
    read(wire, key, ctx) {
      const out: Record<string, unknown> = {};
      for (const [field, codec] of of.fields) {
        const v = codec.read(wire, name(key, field), ctx, out);
        if (v !== OMIT) out[field] = v;
      }
      return out as V;
    },
  };
}

/** Rows of scalars as two flat lists: every row's items, then each row's length. */
function rows<E>(of: Leaf<E>, itemsColumn: string, lengthsColumn: string): Codec<E[][]> {
  return {
    columns: () => [[itemsColumn, { kind: 'values', type: of.type }], [lengthsColumn, { kind: 'values', type: 'uint8' }]],
    write(w, target, _key, value) {
      w.values(target, itemsColumn, value.flat(), of.same ? undefined : of.encode);
      w.values(target, lengthsColumn, value, (row) => row.length);
    },
    writeEmpty(w, target) {
      w.values(target, itemsColumn, [], undefined);
      w.values(target, lengthsColumn, [], undefined);
    },
    read(wire, _key, ctx) {
      const all = listOf(wire[itemsColumn] as WireList<Scalar> | undefined).map((s) => of.decode(s, ctx));
      let at = 0;
      return listOf(wire[lengthsColumn] as WireList<number> | undefined).map((n) => all.slice(at, at += n));
    },
  };
}

/** Not on the wire: read as a constant of the view. */
function constant<V>(value: V): Codec<V> {
  return { columns: () => [], write() {}, writeEmpty() {}, read: () => value };
}

/** Not on the wire: read from the fields read before it (a card's face from its id). */
function computed<V>(from: (partial: Record<string, unknown>, ctx: ReadContext) => V): Codec<V> {
  return { columns: () => [], write() {}, writeEmpty() {}, read: (_wire, _key, ctx, partial) => from(partial, ctx) };
}

/** Every property any member of a union view type may have. */
type KeysOf<V> = V extends unknown ? keyof V : never;
type ValueOf<V, K extends PropertyKey> = V extends unknown ? (K extends keyof V ? V[K] : undefined) : never;
/** One codec per property of the view type (each member of a union contributes its own). */
export type FieldsOf<V> = { [K in KeysOf<V>]-?: Codec<ValueOf<V, K>> };

/**
 * A part of a view as a schema class named `name`. With `shape`, the fields describe the wire
 * form W and `shape` maps the view to it and back (a union flattened into one class, say).
 */
function struct<V>(name: string, fields: FieldsOf<V>): StructDecl<V>;
function struct<V, W>(name: string, fields: FieldsOf<W>, shape: { encode(view: V): W; decode(wire: W, ctx: ReadContext): V }): StructDecl<V>;
function struct<V, W>(
  name: string, fieldMap: Record<string, Codec<unknown>>, shape?: { encode(view: V): W; decode(wire: W, ctx: ReadContext): V },
): StructDecl<V> {
  const fields = Object.entries(fieldMap);
  const wireColumns: [string, Column][] = [];
  for (const [key, codec] of fields) {
    for (const column of codec.columns(key)) {
      if (!wireColumns.some(([existing]) => existing === column[0])) wireColumns.push(column);
    }
  }
  const decl: StructDecl<V> = {
    name, fields, wireColumns, shape,
    columns: (key) => [[key, { kind: 'part', struct: decl as StructDecl, always: true }]],
    write(w, target, key, value) { w.part(target, key, decl as StructDecl, value); },
    writeEmpty() { throw new Error(`${name}: a part that is always there has no empty form`); },
    read: (wire, key, ctx) => decl.readFields(wire[key] as WireObject, ctx),
    readFields(wire, ctx) {
      const out: Record<string, unknown> = {};
      for (const [key, codec] of fields) {
        const v = codec.read(wire, key, ctx, out);
        if (v !== OMIT) out[key] = v;
      }
      return shape ? shape.decode(out as W, ctx) : out as V;
    },
  };
  return decl;
}

/** The field encodings a declaration is written with. */
export const f = {
  string: same<string>('string', ''),
  boolean: same<boolean>('boolean', false),
  number: same<number>('number', 0),
  int8: same<number>('int8', 0),
  uint8: same<number>('uint8', 0),
  int16: same<number>('int16', 0),
  uint16: same<number>('uint16', 0),
  uint32: same<number>('uint32', 0),
  literal, oneOf, mapped, nullable, list, optional, shown, flat, rows, constant, computed, struct,
};

/** A game's wire: its public table part and each seat's own part. */
export interface WireDeclaration<P, S> {
  readonly game: string;
  readonly table: StructDecl<P>;
  readonly seat: StructDecl<S>;
}

export function declareWire<P, S>(game: string, parts: { table: StructDecl<P>; seat: StructDecl<S> }): WireDeclaration<P, S> {
  return { game, ...parts };
}

/** The client's reader of a declared game: views exactly as the engine computes them. */
export function readerOf<P, S>(wire: WireDeclaration<P, S>): ViewReader<P, S | null> {
  return {
    publicView: (table) => wire.table.readFields(table as WireObject, { table: table as WireObject }),
    seatView: (seat, table) => (seat ? wire.seat.readFields(seat as WireObject, { table: table as WireObject }) : null),
  };
}
