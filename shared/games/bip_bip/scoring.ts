import type { GameResult } from '../contract.js';
import { seatName } from './rules.js';
import { totals } from './setup.js';
import type { BipState } from './state.js';

/**
 * One hand: the first to empty their hand wins, the others rank by cards left (4.4 End).
 * Three rounds: points = cards left each round, lowest total wins; [R] 4.5 ties go to the better
 * round 3, then share the place. Score = cards left (one hand) or the total (three rounds).
 */
export function bipResult(s: BipState): GameResult | null {
  if (s.phase !== 'over') return null;
  const score = totals(s);
  const last = s.scores[s.scores.length - 1];
  const better = (a: number, b: number) => score[a] < score[b] || (s.rounds > 1 && score[a] === score[b] && last[a] < last[b]);
  const seats = score.map((points, seat) => ({
    seat, score: points, place: 1 + score.filter((_, other) => better(other, seat)).length,
  }));
  const winners = seats.filter((x) => x.place === 1).map((x) => seatName(x.seat));
  const summary = s.rounds === 1
    ? `${seatName(s.roundWinners[0])} got rid of every card and wins`
    : `${winners.join(' and ')} ${winners.length > 1 ? 'share the win' : 'wins'} with ${seats.find((x) => x.place === 1)!.score} point${seats.find((x) => x.place === 1)!.score === 1 ? '' : 's'}`;
  return { seats, summary };
}
