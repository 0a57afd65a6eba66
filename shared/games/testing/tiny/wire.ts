/** Tiny on the wire: the taps in public, each seat's word and number in its own `secret`. */
import { declareWire, f } from '../../../wire/declare.js';
import type { TinyPublicView, TinySeatView } from './views.js';

export const tinyWire = declareWire('tiny', {
  table: f.struct<TinyPublicView>('TinyTable', {
    phase: f.literal<TinyPublicView['phase']>(),
    turn: f.uint8,
    taps: f.list(f.uint8),
  }),
  seat: f.struct<TinySeatView>('TinySeat', {
    seat: f.uint8,
    word: f.string,
    number: f.uint16,
  }),
});
