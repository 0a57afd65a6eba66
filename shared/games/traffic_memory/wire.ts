/**
 * Traffic-Memory on the wire. Everything is public but whose turn it may open; a face-down cell
 * carries no card (only an opened one does).
 */
import { declareWire, f } from '../../wire/declare.js';
import { cardRow, trafficcarsCard } from '../trafficcars_deck/wire.js';
import type { MemoryCell, TrafficMemoryPublicView, TrafficMemorySeatView } from './views.js';

const cell = f.struct<MemoryCell>('MemoryCell', {
  pos: f.uint8,
  state: f.literal<MemoryCell['state']>(),
  card: f.optional(trafficcarsCard, 'omit'),
});

export const trafficMemoryWire = declareWire('traffic_memory', {
  table: f.struct<TrafficMemoryPublicView>('TrafficMemoryTable', {
    phase: f.literal<TrafficMemoryPublicView['phase']>(),
    turn: f.uint8,
    columns: f.uint8,
    cells: f.list(cell),
    opened: f.list(f.uint8),
    piles: f.list(cardRow),
    faceDown: f.uint8,
    range: f.flat(f.struct<TrafficMemoryPublicView['range']>('MemoryRange', { from: f.uint8, to: f.uint8 })),
    wilds: f.boolean,
    flipBy: f.nullable(f.number),
    revealUntil: f.nullable(f.number),
  }),
  seat: f.struct<TrafficMemorySeatView>('TrafficMemorySeat', {
    seat: f.uint8,
    myTurn: f.boolean,
    canOpen: f.list(f.uint8),
  }),
});
