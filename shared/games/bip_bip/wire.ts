/**
 * Bip! Bip! on the wire: cards by id (the deck is fixed), board cells as 'R' | 'B' | 'Y' | ''
 * (empty). A hand is public unless `hiddenHands`, then only in its owner's seat part.
 */
import { declareWire, f } from '../../wire/declare.js';
import { cardById, type Card, type Colour } from './cards.js';
import type { MoveRecord, ShownClaim } from './state.js';
import type { BipPublicView, BipSeatView, PublicPlayer, PublicReview } from './views.js';

const card = f.mapped<Card, number>(f.uint8, (c) => c.id, cardById);
const board = f.list(f.nullable(f.literal<Colour>(), ''));

type LastClaim = NonNullable<BipPublicView['lastClaim']>;
type Swap = NonNullable<BipPublicView['swap']>;

const claim = f.struct<LastClaim>('BipClaim', {
  seat: f.uint8, card: f.uint8, cars: f.list(f.uint8), at: f.number,
  face: f.computed((claimed) => cardById(claimed.card as ShownClaim['card'])),
});

const review = f.struct<PublicReview>('BipReview', {
  seat: f.uint8, card: f.uint8, cars: f.list(f.uint8), at: f.number,
  until: f.number,
  board,
});

const player = f.struct<PublicPlayer>('BipPlayer', {
  seat: f.uint8,
  handCount: f.uint8,
  /** Hands lie face up unless hiddenHands. */
  hand: f.shown('handShown', f.list(card)),
  claimed: f.list(f.uint8),
  blockedUntil: f.number,
  roundScores: f.list(f.uint8),
  total: f.uint16,
});

export const bipBipWire = declareWire('bip_bip', {
  table: f.struct<BipPublicView>('BipTable', {
    variant: f.literal<BipPublicView['variant']>(),
    phase: f.literal<BipPublicView['phase']>(),
    round: f.uint8,
    rounds: f.uint8,
    startsAt: f.number,
    board,
    boardVersion: f.uint32,
    light: f.nullable(f.int8),
    lastMove: f.optional(f.struct<MoveRecord>('BipMove', { seat: f.uint8, from: f.uint8, to: f.uint8, swapped: f.boolean })),
    frozenUntil: f.number,
    lastClaim: f.optional(claim),
    reviews: f.list(review),
    swap: f.optional(f.struct<Swap>('BipSwap', { leader: f.uint8, count: f.uint8, until: f.number })),
    nextRoundAt: f.nullable(f.number),
    roundWinners: f.list(f.uint8),
    hiddenHands: f.boolean,
    manualReferee: f.boolean,
    players: f.list(player),
  }),
  seat: f.struct<BipSeatView>('BipSeat', {
    seat: f.uint8,
    hand: f.list(card),
    blockedUntil: f.number,
  }),
});
