/** Took Over! on the wire. Hands are counts in the table; a hand's cards only in its owner's seat part. */
import { declareWire, f } from '../../wire/declare.js';
import { numberedCard } from '../trafficcars_deck/wire.js';
import type { TookOverPublicView, TookOverSeatView } from './views.js';

type Latest = NonNullable<TookOverPublicView['latest']>;
type Gap = NonNullable<TookOverPublicView['gap']>;

export const tookOverWire = declareWire('took_over', {
  table: f.struct<TookOverPublicView>('TookOverTable', {
    phase: f.literal<TookOverPublicView['phase']>(),
    line: f.list(numberedCard),
    active: f.int8,
    taker: f.nullable(f.int8),
    latest: f.optional(f.struct<Latest>('TookOverLatest', { id: f.string, side: f.literal<Latest['side']>(), at: f.number })),
    gap: f.optional(f.struct<Gap>('TookOverGap', { low: f.int16, high: f.int16 })),
    paceUntil: f.number,
    idleUntil: f.number,
    passes: f.uint8,
    players: f.list(f.struct<TookOverPublicView['players'][number]>('TookOverPlayer', { hand: f.uint8, stack: f.uint8 })),
    discarded: f.uint8,
    setAside: f.uint8,
    winner: f.nullable(f.int8),
    paceMs: f.number,
  }),
  seat: f.struct<TookOverSeatView>('TookOverSeat', {
    seat: f.uint8,
    hand: f.list(numberedCard),
    canPlace: f.list(f.string),
    canTakeOver: f.list(f.string),
    canPass: f.boolean,
  }),
});
