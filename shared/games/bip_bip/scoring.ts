import type { GameResult } from '../contract.js';
import { msg, seatRef } from '../../i18n/msg.js';
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
  const winners = seats.filter((x) => x.place === 1);
  const points = winners[0].score;
  const summary = s.rounds === 1 ? msg('bip_bip:summary.win', { seat: seatRef(s.roundWinners[0]) })
    : winners.length === 1 ? msg('bip_bip:summary.win_points', { seat: seatRef(winners[0].seat), count: points })
      : winners.length === 2 ? msg('bip_bip:summary.tie_two', { a: seatRef(winners[0].seat), b: seatRef(winners[1].seat), count: points })
        : msg('bip_bip:summary.tie_many', { players: winners.length, count: points });
  return { seats, summary };
}
