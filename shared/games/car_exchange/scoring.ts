/** Round points and the final standing (rulebook "Goal and scoring"; RULES-NOTES 2.8). */
import type { GameResult } from '../contract.js';
import { msg, seatRef } from '../../i18n/msg.js';
import type { CarExchangeState } from './state.js';

/** Points for finishing place `index` (0 = first out) among `players`: 20/10/5, then 1, last 0. */
export function placePoints(index: number, players: number): number {
  if (index >= players - 1) return 0;
  return [20, 10, 5][index] ?? 1;
}

/** Standard competition ranking on totals: highest first, ties share a place (RULES-NOTES 2.8 [R]). */
export function rankByScore(scores: readonly number[]): { seat: number; place: number; score: number }[] {
  return scores.map((score, seat) => ({ seat, score, place: 1 + scores.filter((o) => o > score).length }));
}

export function carExchangeResult(s: CarExchangeState): GameResult | null {
  if (s.phase !== 'over') return null;
  const seats = rankByScore(s.scores);
  const winners = seats.filter((r) => r.place === 1);
  const best = winners[0].score;
  const summary = winners.length === 1 ? msg('car_exchange:summary.win', { seat: seatRef(winners[0].seat), points: best, count: s.round })
    : winners.length === 2 ? msg('car_exchange:summary.tie_two', { a: seatRef(winners[0].seat), b: seatRef(winners[1].seat), points: best })
    : msg('car_exchange:summary.tie_many', { count: winners.length, points: best });
  return { seats, summary };
}
