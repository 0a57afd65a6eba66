/** A Trafficcars card (Traffic-Memory, Took Over!) on the wire: its id, kind and number. */
import type { NumberedCard, TrafficcarsCard, TrafficcarsKind } from '../games/trafficcars_deck/cards.js';
import { list, orNull, type WireList } from './contract.js';

export interface TrafficcarsCardWire { id: string; kind: string; value: number }
export interface CardRowWire { cards: WireList<TrafficcarsCardWire> }

export const cardOf = (c: TrafficcarsCardWire): TrafficcarsCard => ({ id: c.id, kind: c.kind as TrafficcarsKind, value: orNull(c.value) });
export const numberedOf = (c: TrafficcarsCardWire): NumberedCard => cardOf(c) as NumberedCard;
export const cardsOf = (cards: WireList<TrafficcarsCardWire> | undefined): TrafficcarsCard[] => list(cards).map(cardOf);
