/** Rulebook "Winner" and RULES-NOTES 1.2 End: fewest penalty points; ties to fewer cards taken, then shared. */
import type { GameResult } from '../contract.js';
import { msg, seatRef } from '../../i18n/msg.js';
import { pointsOfAll } from './cards.js';
import type { RushHourState } from './state.js';

export function totals(s: RushHourState): { seat: number; points: number; cards: number }[] {
  return s.piles.map((pile, seat) => ({
    seat,
    points: s.banked[seat].points + pointsOfAll(pile, s.options),
    cards: s.banked[seat].cards + pile.length,
  }));
}

export function rushHourResult(s: RushHourState): GameResult | null {
  if (!s.over) return null;
  const all = totals(s);
  const better = (a: { points: number; cards: number }, b: { points: number; cards: number }) =>
    a.points < b.points || (a.points === b.points && a.cards < b.cards);
  const seats = all.map((t) => ({ seat: t.seat, score: t.points, place: 1 + all.filter((o) => better(o, t)).length }));
  const winners = seats.filter((r) => r.place === 1);
  const count = winners[0].score;
  const summary = winners.length === 1 ? msg('rush_hour:summary.win', { seat: seatRef(winners[0].seat), count })
    : winners.length === 2 ? msg('rush_hour:summary.shared', { seat: seatRef(winners[0].seat), with: seatRef(winners[1].seat), count })
      : msg('rush_hour:summary.shared_many', { count: winners.length, score: count });
  return { seats, summary };
}
