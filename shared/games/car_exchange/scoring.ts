/** Round points and the final standing (rulebook "Goal and scoring"; RULES-NOTES 2.8). */
import type { GameResult } from '../contract.js';
import { seatName } from './cards.js';
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
  const summary = winners.length === 1
    ? `${seatName(winners[0].seat)} wins with ${best} points after ${s.round} round${s.round === 1 ? '' : 's'}`
    : `${winners.map((w) => seatName(w.seat)).join(' and ')} share the win with ${best} points`;
  return { seats, summary };
}
