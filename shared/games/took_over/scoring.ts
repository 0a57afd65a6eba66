import type { GameResult } from '../contract.js';
import { msg, seatRef } from '../../i18n/msg.js';
import type { TookOverState } from './state.js';

/** "You shall be the first to get rid of all your cards"; the others rank by cards left (RULES-NOTES 1.5). Score = cards left. */
export function tookOverResult(s: TookOverState): GameResult | null {
  if (s.winner === null) return null;
  const winner = s.winner;
  const left = s.hands.map((h, seat) => h.length + s.stacks[seat].length);
  const seats = left.map((score, seat) => ({
    seat,
    score,
    place: seat === winner ? 1 : 2 + left.filter((x, other) => other !== winner && x < score).length,
  }));
  return { seats, summary: msg('took_over:summary.win', { seat: seatRef(winner) }) };
}
