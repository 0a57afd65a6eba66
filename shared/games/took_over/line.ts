/** The central line: "they have to go in an ascending manner from left to right". */
import type { NumberedCard } from '../trafficcars_deck/cards.js';
import type { LatestPlacement } from './state.js';

/**
 * "Each new card placed has to be greater than the last card on the right or less than the last card on
 * the left." On an empty line any card opens it.
 */
export function sideFor(line: readonly NumberedCard[], card: NumberedCard): 'left' | 'right' | 'open' | null {
  if (line.length === 0) return 'open';
  if (card.value < line[0].value) return 'left';
  if (card.value > line[line.length - 1].value) return 'right';
  return null;
}

export function playable(line: readonly NumberedCard[], hand: readonly NumberedCard[]): NumberedCard[] {
  return hand.filter((c) => sideFor(line, c) !== null);
}

/**
 * The open interval a take-over must fit: between the latest card c and its neighbour on the side toward
 * the middle ("between the cards already on the table and the last card placed by the active player").
 */
export function takeOverGap(line: readonly NumberedCard[], latest: LatestPlacement | null): { low: NumberedCard; high: NumberedCard } | null {
  if (latest === null || line.length < 2) return null;
  const i = line.findIndex((c) => c.id === latest.id);
  if (i < 0) return null;
  if (latest.side === 'left' && i === 0) return { low: line[0], high: line[1] };
  if (latest.side === 'right' && i === line.length - 1) return { low: line[i - 1], high: line[i] };
  return null;
}

/** Cards of `hand` that fit strictly inside the gap, one per number (the line stays strictly ascending). */
export function fitting(hand: readonly NumberedCard[], gap: { low: NumberedCard; high: NumberedCard } | null): NumberedCard[] {
  if (gap === null) return [];
  const seen = new Set<number>();
  return [...hand]
    .sort((a, b) => a.value - b.value)
    .filter((c) => {
      if (c.value <= gap.low.value || c.value >= gap.high.value || seen.has(c.value)) return false;
      seen.add(c.value);
      return true;
    });
}

export function insertSorted(line: readonly NumberedCard[], cards: readonly NumberedCard[]): NumberedCard[] {
  return [...line, ...cards].sort((a, b) => a.value - b.value);
}
