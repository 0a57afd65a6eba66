/**
 * A resignation counts as a loss (docs/architecture.md "Players who come back"): whatever the bot
 * that finished the seat scored, the seats that resigned share the last place, and the others keep
 * their order above them (equal places stay ties).
 */
import type { GameResult, Seat } from '../../shared/games/contract.js';
import type { GamePlayerRecord } from '../store/index.js';

export function withResignations(result: GameResult, resigned: ReadonlySet<Seat>): GameResult {
  if (resigned.size === 0) return result;
  const stayed = result.seats.filter((s) => !resigned.has(s.seat));
  return {
    ...result,
    seats: result.seats.map((s) => ({
      ...s,
      place: resigned.has(s.seat) ? stayed.length + 1 : 1 + stayed.filter((o) => o.place < s.place).length,
    })),
  };
}

/** The stored players, with `resigned: true` on the seats given up by Resign or Leave. */
export function markResigned(players: GamePlayerRecord[], resigned: ReadonlySet<Seat>): GamePlayerRecord[] {
  return players.map((p) => (resigned.has(p.seat) ? { ...p, resigned: true } : p));
}
