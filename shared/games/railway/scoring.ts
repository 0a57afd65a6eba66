/** Final check and standings (rulebook "End of game", RULES-NOTES 5.2 Winner and 5.3 Longest Train). */
import type { GameResult, SeatResult } from '../contract.js';
import { msg, seatRef } from '../../i18n/msg.js';
import { mostOfOneType, validPrefix } from './matching.js';
import type { RailwayState } from './state.js';

/** Places from (score, tie-break): higher is better on both; equal on both shares the place. */
function places(entries: { seat: number; score: number; tie: number }[]): SeatResult[] {
  const sorted = [...entries].sort((a, b) => b.score - a.score || b.tie - a.tie);
  return sorted.map((e) => ({
    seat: e.seat,
    score: e.score,
    place: 1 + sorted.filter((o) => o.score > e.score || (o.score === e.score && o.tie > e.tie)).length,
  }));
}

/** Who wins one locomotive in The Longest Train: longer valid train, then more of one type, else nobody. */
export function locomotiveWinner(valid: [number[], number[]]): number | null {
  const [a, b] = valid;
  if (a.length !== b.length) return a.length > b.length ? 0 : 1;
  const ta = mostOfOneType(a);
  const tb = mostOfOneType(b);
  if (ta !== tb) return ta > tb ? 0 : 1;
  return null;
}

export function railwayResult(s: RailwayState): GameResult | null {
  if (!s.over) return null;
  if (s.longest) {
    const { locomotives, players } = s.longest;
    const won = [0, 0];
    locomotives.forEach((loco, i) => {
      const valid = players.map((p) => validPrefix('atLeastOne', loco, p.trains[i])) as [number[], number[]];
      const winner = locomotiveWinner(valid);
      if (winner !== null) won[winner]++;
    });
    const seats = places(won.map((score, seat) => ({ seat, score, tie: 0 })));
    const summary = won[0] === won[1]
      ? msg('railway_madness:summary.longest_shared', { count: won[0] })
      : msg('railway_madness:summary.longest_win', { seat: seatRef(won[0] > won[1] ? 0 : 1), count: Math.max(...won), other: Math.min(...won) });
    return { seats, summary };
  }
  const entries = s.players.map((p, seat) => {
    const valid = validPrefix(p.rule, p.locomotive, p.train);
    return { seat, score: valid.length, tie: s.variant === 'training' ? 0 : mostOfOneType(valid) };
  });
  const seats = places(entries);
  const winners = seats.filter((r) => r.place === 1);
  const count = winners[0].score;
  const summary = winners.length === 1 ? msg('railway_madness:summary.win', { seat: seatRef(winners[0].seat), count })
    : winners.length === 2 ? msg('railway_madness:summary.shared', { seat: seatRef(winners[0].seat), with: seatRef(winners[1].seat), count })
      : msg('railway_madness:summary.shared_many', { count: winners.length, score: count });
  return { seats, summary };
}
