/** Shared words of the text views (namespace `textview`, client/i18n/locales/<lang>/textview.json). */
import { t } from '../../i18n/index.js';
import type { TrafficcarsCard } from '../../../shared/games/trafficcars_deck/cards.js';

export const tv = (key: string, params?: Record<string, unknown>): string => t(`textview:${key}`, params);

/** A Trafficcars card (Traffic-Memory, Took Over!): "car 17", "Trailer 3", "Police". */
export function trafficcarsName(card: TrafficcarsCard): string {
  return tv(`trafficcars.${card.kind}`, { n: card.value ?? '' });
}

/** "3 cards: a, b and c", or "none". */
export function listOf(items: string[]): string {
  return items.length ? items.join(', ') : tv('none');
}
