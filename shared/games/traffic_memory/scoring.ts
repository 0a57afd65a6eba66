import type { GameResult } from '../contract.js';
import { seatName } from '../trafficcars_deck/cards.js';
import type { TrafficMemoryState } from './state.js';

/** "Player with the most cards wins"; a tie is shared (RULES-NOTES 1.4). Score = cards taken. */
export function trafficMemoryResult(s: TrafficMemoryState): GameResult | null {
  if (s.phase !== 'over') return null;
  const scores = s.piles.map((p) => p.length);
  const seats = scores.map((score, seat) => ({ seat, score, place: 1 + scores.filter((x) => x > score).length }));
  const best = Math.max(...scores);
  const winners = seats.filter((r) => r.score === best).map((r) => seatName(r.seat));
  const summary = winners.length === 1
    ? `${winners[0]} wins with ${best} cards`
    : `${winners.join(' and ')} share the win with ${best} cards each`;
  return { seats, summary };
}
