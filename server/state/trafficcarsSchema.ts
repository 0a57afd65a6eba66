/** Trafficcars cards as schema (shared by Traffic-Memory and Took Over!). */
import { ArraySchema, Schema, type } from '@colyseus/schema';
import type { TrafficcarsCard } from '../../shared/games/trafficcars_deck/cards.js';
import { fromNull } from '../../shared/wire/contract.js';
import type { CardRowWire, TrafficcarsCardWire } from '../../shared/wire/trafficcars.js';
import { syncItems } from './sync.js';

export class TrafficcarsCardState extends Schema implements TrafficcarsCardWire {
  @type('string') id = '';
  @type('string') kind = '';
  @type('int16') value = -1;
}

export class CardRowState extends Schema implements CardRowWire {
  @type([TrafficcarsCardState]) cards = new ArraySchema<TrafficcarsCardState>();
}

export function writeCard(target: TrafficcarsCardState, card: TrafficcarsCard): void {
  target.id = card.id;
  target.kind = card.kind;
  target.value = fromNull(card.value);
}

export function syncCards(target: ArraySchema<TrafficcarsCardState>, cards: readonly TrafficcarsCard[]): void {
  syncItems(target, cards, () => new TrafficcarsCardState(), writeCard);
}
