import type { GameResult } from '../contract.js';
import { msg, seatRef } from '../../i18n/msg.js';
import type { TrafficMemoryState } from './state.js';

/** "Player with the most cards wins"; a tie is shared (RULES-NOTES 1.4). Score = cards taken. */
export function trafficMemoryResult(s: TrafficMemoryState): GameResult | null {
  if (s.phase !== 'over') return null;
  const scores = s.piles.map((p) => p.length);
  const seats = scores.map((score, seat) => ({ seat, score, place: 1 + scores.filter((x) => x > score).length }));
  const best = Math.max(...scores);
  const winners = seats.filter((r) => r.score === best).map((r) => r.seat);
  const summary = winners.length === 1 ? msg('traffic_memory:summary.win', { seat: seatRef(winners[0]), count: best })
    : winners.length === 2 ? msg('traffic_memory:summary.shared', { seat: seatRef(winners[0]), with: seatRef(winners[1]), count: best })
      : msg('traffic_memory:summary.shared_many', { count: winners.length, score: best });
  return { seats, summary };
}
