/** A Trafficcars card (Traffic-Memory, Took Over!) on the wire: its id, kind and number (-1 for none). */
import { f, type StructDecl } from '../../wire/declare.js';
import type { NumberedCard, TrafficcarsCard } from './cards.js';

export const trafficcarsCard = f.struct<TrafficcarsCard>('TrafficcarsCard', {
  id: f.string,
  kind: f.literal<TrafficcarsCard['kind']>(),
  value: f.nullable(f.int16),
});

/**
 * The same class for cards that always carry a number (Took Over!): one class on the wire for
 * both games, and a numbered card's value never reads back as null.
 */
export const numberedCard = trafficcarsCard as unknown as StructDecl<NumberedCard>;

/** A row of cards (a Traffic-Memory pile) as a part holding its list. */
export const cardRow = f.struct<TrafficcarsCard[], { cards: TrafficcarsCard[] }>('CardRow', { cards: f.list(trafficcarsCard) }, {
  encode: (cards) => ({ cards }),
  decode: (row) => row.cards,
});
