/**
 * The generic wire: a small declaration derived into schema classes and a mirror, encoded and
 * decoded as a room does, read back with the derived reader. Every game's own declaration is
 * replayed over whole games in mirrors.test.ts; this checks the economy the writer promises.
 */
import { ArraySchema, Decoder, Encoder, StateView } from '@colyseus/schema';
import { describe, expect, it } from 'vitest';
import { declareWire, f, packBytes, packedBytes, readerOf } from '../../shared/wire/declare.js';
import { mirrorOf } from './derive.js';
import { PlayerState, TableState } from './TableState.js';

interface Piece { id: number; tag: string | null }
interface TestTable {
  round: number;
  pieces: Piece[];
  best: Piece | null;
  shownHand?: number[];
  range: { from: number; to: number };
}
interface TestSeat { hand: Piece[]; rows?: number[][] }

const piece = f.struct<Piece>('TestPiece', { id: f.uint8, tag: f.nullable(f.string, '') });
const wire = declareWire('test_wire', {
  table: f.struct<TestTable>('TestTable', {
    round: f.uint8,
    pieces: f.list(piece),
    best: f.optional(piece),
    shownHand: f.shown('handShown', f.list(f.uint8)),
    range: f.flat(f.struct<TestTable['range']>('TestRange', { from: f.uint8, to: f.uint8 })),
  }),
  seat: f.struct<TestSeat>('TestSeat', { hand: f.list(piece), rows: f.shown('hasRows', f.rows(f.uint8, 'rowItems', 'rowLengths')) }),
});
const mirror = mirrorOf(wire);
const reader = readerOf(wire);

function table() {
  const state = new TableState();
  state.game = 'test_wire';
  const owner = new PlayerState();
  owner.seat = 0;
  state.players.set('owner', owner);
  const other = new PlayerState();
  other.seat = 1;
  state.players.set('other', other);
  const encoder = new Encoder(state);
  const views = [new StateView(), new StateView()];
  views[0].add(owner);
  views[1].add(other);
  const decoders = [new Decoder(new TableState()), new Decoder(new TableState())];
  const send = (): number[] => {
    const it = { offset: 1 };
    encoder.encode(it);
    const shared = it.offset;
    const sizes = views.map((view, i) => {
      const bytes = encoder.encodeView(view, shared, it);
      decoders[i].decode(bytes, { offset: 1 });
      return bytes.length;
    });
    encoder.discardChanges();
    return sizes;
  };
  const write = (t: TestTable, s: TestSeat): void => {
    state.table ??= mirror.createTable();
    mirror.writeTable(state.table, t);
    if (!owner.secret) { owner.secret = mirror.createSeat(); views[0].add(owner.secret); }
    mirror.writeSeat(owner.secret, s, (added) => views[0].add(added));
  };
  return { encoder, send, write, decoded: (i: number) => decoders[i].state };
}

const pieces: Piece[] = [{ id: 1, tag: 'a' }, { id: 2, tag: null }, { id: 3, tag: 'c' }];
const first: TestTable = { round: 1, pieces, best: null, range: { from: 2, to: 9 } };
const seat: TestSeat = { hand: [{ id: 7, tag: null }], rows: [[1, 2], [3]] };

describe('a derived wire', () => {
  it('reads back exactly the views written, absent parts absent, and the seat part only at its owner', () => {
    const t = table();
    t.write(first, seat);
    t.send();
    const owner = t.decoded(0);
    expect(reader.publicView(owner.table)).toEqual(first);
    expect('shownHand' in reader.publicView(owner.table)).toBe(false);
    expect(reader.seatView(owner.players.get('owner')!.secret, owner.table)).toEqual(seat);
    expect(t.decoded(1).players.get('owner')!.secret).toBeUndefined();
    const next: TestTable = { ...first, round: 2, best: pieces[2], shownHand: [4, 5] };
    t.write(next, { ...seat, rows: [] });
    t.send();
    expect(reader.publicView(t.decoded(1).table)).toEqual(next);
    expect(reader.seatView(t.decoded(0).players.get('owner')!.secret, t.decoded(0).table)).toEqual({ ...seat, rows: [] });
  });

  it('sends nothing for the same view object or for equal values, and one item for one changed item', () => {
    const t = table();
    t.write(first, seat);
    t.send();
    t.write(first, seat);
    expect(t.encoder.hasChanges).toBe(false);
    t.write({ ...first, pieces: pieces.map((p) => ({ ...p })) }, { ...seat, hand: [...seat.hand] });
    expect(t.encoder.hasChanges).toBe(false);
    const whole = (() => { const u = table(); u.write(first, seat); return u.send()[1]; })();
    t.write({ ...first, pieces: [pieces[0], { id: 2, tag: 'b' }, pieces[2]] }, seat);
    const [, oneItem] = t.send();
    expect(oneItem).toBeLessThan(whole / 3);
    expect(reader.publicView(t.decoded(1).table).pieces[1]).toEqual({ id: 2, tag: 'b' });
  });
});

interface PackedTable { seats: number[]; marks: (number | null)[]; flags: boolean[]; slots: number[] }
const packedWire = declareWire('test_packed', {
  table: f.struct<PackedTable>('TestPackedTable', {
    seats: f.list(f.uint8),
    marks: f.list(f.nullable(f.int8)),
    flags: f.list(f.boolean),
    slots: f.list(f.uint8, { byIndex: true }),
  }),
  seat: f.struct<Record<string, never>>('TestPackedSeat', {}),
});
const packedMirror = mirrorOf(packedWire);
const packedReader = readerOf(packedWire);

describe('lists of byte-sized values', () => {
  const sent = (view: PackedTable) => {
    const state = new TableState();
    state.table = packedMirror.createTable();
    packedMirror.writeTable(state.table, view);
    const decoder = new Decoder(new TableState());
    decoder.decode(new Encoder(state).encodeAll(), { offset: 0 });
    return { state, decoded: decoder.state };
  };

  it('travel as one string column each (no list of their own) unless declared byIndex, and read back exactly', () => {
    const view: PackedTable = { seats: [0, 3, 127, 128, 255], marks: [null, -128, 0, 127, 5], flags: [true, false, true], slots: [4, 5] };
    const { state, decoded } = sent(view);
    const table = state.table as unknown as Record<string, unknown>;
    expect(typeof table.seats).toBe('string');
    expect(typeof table.marks).toBe('string');
    expect(typeof table.flags).toBe('string');
    expect(table.slots).toBeInstanceOf(ArraySchema);
    expect(packedReader.publicView(decoded.table)).toEqual(view);
    expect(packedReader.publicView(decoded.table)).toEqual(packedReader.publicView(state.table));
  });

  it('keeps the low byte of a value outside its type, as a per-index list did, and never drops an item', () => {
    const view: PackedTable = { seats: [-1, 256, 7], marks: [], flags: [], slots: [] };
    expect(packedReader.publicView(sent(view).decoded.table).seats).toEqual([255, 0, 7]);
  });

  it('reads back a list whose text would be exactly 255 bytes (the length @colyseus/schema 3.0.76 sends as 0), and the lists around it', () => {
    // 253 one-byte characters and one two-byte one: 255 bytes.
    const seats = [...Array.from({ length: 253 }, (_, i) => i % 100), 200];
    const view: PackedTable = { seats, marks: [1], flags: [false], slots: [] };
    expect(packedBytes(packBytes(seats))).toEqual(seats);
    expect(packBytes(seats).length).toBe(255);
    expect(packedReader.publicView(sent(view).decoded.table)).toEqual(view);
  });

  it('sends a changed list as its new text, and nothing for equal values', () => {
    const state = new TableState();
    state.table = packedMirror.createTable();
    const encoder = new Encoder(state);
    const decoder = new Decoder(new TableState());
    const send = () => {
      const it = { offset: 1 };
      const bytes = encoder.encode(it);
      decoder.decode(bytes, { offset: 1 });
      encoder.discardChanges();
      return bytes.length;
    };
    const view: PackedTable = { seats: [1, 2, 3], marks: [], flags: [], slots: [] };
    packedMirror.writeTable(state.table, view);
    send();
    packedMirror.writeTable(state.table, { ...view, seats: [1, 2, 3] });
    expect(encoder.hasChanges).toBe(false);
    packedMirror.writeTable(state.table, { ...view, seats: [2, 3] });
    send();
    expect(packedReader.publicView(decoder.state.table).seats).toEqual([2, 3]);
  });
});
