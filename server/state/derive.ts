/**
 * A game's schema classes and mirror, derived from its wire declaration (shared/wire/declare.ts,
 * shared/games/<game>/wire.ts). The writer keeps the hand-written mirrors' economy: a part that is
 * the very view object written last time is skipped (`unchanged`), scalars are set only when they
 * differ (the schema setter ignores an equal value), lists are patched by index, parts are created
 * once and rewritten in place, and under a seat view every new list item that holds lists or parts
 * is revealed to the owner (see server/state/mirror.ts for why).
 */
import { ArraySchema, Schema, defineTypes, type DefinitionType } from '@colyseus/schema';
import type { Column, Scalar, StructDecl, WireDeclaration, WireObject, WireWriter } from '../../shared/wire/declare.js';
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

const holdsChildren = (decl: StructDecl): boolean => decl.wireColumns.some(([, c]) => c.kind !== 'value');

/**
 * The writer for one write: `reveal` is set under a seat view. Items made while a new item is being
 * filled are not revealed on their own: they are part of that item when it is revealed.
 */
function writer(reveal?: Reveal): WireWriter {
  let filling = 0;
  const w: WireWriter = {
    values<E>(target: WireObject, key: string, values: readonly E[], encode: (e: E) => Scalar) {
      const list = target[key] as ArraySchema<Scalar>;
      if (unchanged(list, values)) return;
      const shared = Math.min(list.length, values.length);
      for (let i = 0; i < shared; i++) {
        const value = encode(values[i]);
        if (list[i] !== value) list[i] = value;
      }
      for (let i = shared; i < values.length; i++) list.push(encode(values[i]));
      while (list.length > values.length) list.pop();
    },
    part(target: WireObject, key: string, struct: StructDecl, value: unknown) {
      if (value === undefined || value === null) { target[key] = undefined; return; }
      let part = target[key] as Schema | undefined;
      if (!part) target[key] = part = new (classFor(struct))();
      if (!unchanged(part, value)) struct.writeFields(w, part as unknown as WireObject, value);
    },
    items(target: WireObject, key: string, struct: StructDecl, values: readonly unknown[]) {
      const list = target[key] as ArraySchema<Schema>;
      if (unchanged(list, values)) return;
      const shared = Math.min(list.length, values.length);
      for (let i = 0; i < shared; i++) {
        if (!unchanged(list[i], values[i])) struct.writeFields(w, list[i] as unknown as WireObject, values[i]);
      }
      for (let i = shared; i < values.length; i++) {
        const item = new (classFor(struct))();
        unchanged(item, values[i]);
        filling++;
        try { struct.writeFields(w, item as unknown as WireObject, values[i]); } finally { filling--; }
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
  return defineMirror({
    createTable: () => new Table() as PublicViewState,
    writeTable(target: PublicViewState, view: P) {
      if (!unchanged(target, view)) wire.table.writeFields(publicWriter, target as unknown as WireObject, view);
    },
    createSeat: () => new Seat() as SeatViewState,
    writeSeat(target: SeatViewState, view: S, reveal: Reveal) {
      if (!unchanged(target, view)) wire.seat.writeFields(writer(reveal), target as unknown as WireObject, view);
    },
  });
}
