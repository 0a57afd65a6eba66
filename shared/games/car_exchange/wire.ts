/** Car Exchange on the wire: cards by id (0..109, `cardOf`); hands only in their owner's seat part. */
import { declareWire, f } from '../../wire/declare.js';
import { cardOf, type Card, type Colour } from './cards.js';
import type { CarExchangePublicView, CarExchangeSeatView, PublicPending, PublicPlayer } from './views.js';

const card = f.mapped<Card, number>(f.uint8, (c) => c.id, cardOf);
/** A card or none (-1). */
const cardOrNone = f.nullable(f.mapped<Card, number>(f.int16, (c) => c.id, cardOf));

/** Every kind of pending effect in one class: which fields count depends on `kind`. */
interface PendingWire {
  kind: PublicPending['kind'];
  /** service: how many in the chain; fine: cards to pay. */
  count: number;
  /** fine: who played each FINE, null for the opening one. */
  chain: (number | null)[];
  dealer: number;
}

const pending = f.struct<PublicPending, PendingWire>('CarExchangePending', {
  kind: f.literal<PublicPending['kind']>(),
  count: f.uint8,
  chain: f.list(f.nullable(f.int8)),
  dealer: f.int8,
}, {
  encode: (p) => ({
    kind: p.kind,
    count: p.kind === 'service' ? p.count : p.kind === 'fine' ? p.cards : 0,
    chain: p.kind === 'fine' ? p.chain : [],
    dealer: p.kind === 'dealerColour' ? p.dealer : -1,
  }),
  decode(w): PublicPending {
    switch (w.kind) {
      case 'service': return { kind: 'service', count: w.count };
      case 'fine': return { kind: 'fine', chain: w.chain, cards: w.count };
      case 'dealerColour': return { kind: 'dealerColour', dealer: w.dealer };
      case 'garage': return { kind: 'garage' };
      default: return { kind: 'drawn' };
    }
  },
});

type Window = NonNullable<CarExchangePublicView['newCarWindow']>;
type Exchange = NonNullable<CarExchangePublicView['exchange']>;

const player = f.struct<PublicPlayer>('CarExchangePlayer', {
  seat: f.uint8,
  cards: f.uint8,
  tableau: f.list(card),
  out: f.boolean,
  place: f.nullable(f.int8),
  score: f.number,
  skips: f.uint8,
});

const historyRow = f.struct<number[], { values: number[] }>('CarExchangeRow', { values: f.list(f.number) }, {
  encode: (values) => ({ values }),
  decode: (row) => row.values,
});

export const carExchangeWire = declareWire('car_exchange', {
  table: f.struct<CarExchangePublicView>('CarExchangeTable', {
    variant: f.constant('classic'),
    phase: f.literal<CarExchangePublicView['phase']>(),
    round: f.uint16,
    targetScore: f.number,
    rounds: f.uint16,
    timeLimitAt: f.nullable(f.number),
    top: cardOrNone,
    activeColour: f.nullable(f.literal<Colour>(), ''),
    deck: f.uint8,
    discard: f.uint8,
    turn: f.uint8,
    turnDeadline: f.nullable(f.number),
    pending: f.optional(pending),
    newCarWindow: f.optional(f.struct<Window>('CarExchangeWindow', { seat: f.uint8, closesAt: f.nullable(f.number) })),
    exchange: f.optional(f.struct<Exchange>('CarExchangeExchange', { by: f.uint8, target: f.uint8, closesAt: f.number })),
    talk: f.list(f.struct<CarExchangePublicView['talk'][number]>('CarExchangeTalk', { seat: f.uint8, deadline: f.number })),
    talking: f.boolean,
    players: f.list(player),
    finishOrder: f.list(f.uint8),
    history: f.list(historyRow),
    nextRoundAt: f.nullable(f.number),
  }),
  seat: f.struct<CarExchangeSeatView>('CarExchangeSeat', {
    seat: f.uint8,
    hand: f.list(card),
    playable: f.list(f.uint8),
    drawn: cardOrNone,
    mustSay: f.boolean,
    spokeThisTurn: f.boolean,
  }),
});
