/**
 * Tiny, a test-only game: two seats each draw a secret word and a hidden number; they take turns
 * to `tap` until each has tapped twice; the higher hidden number wins. Small enough to play to its
 * result over a socket in a few moves, with one hidden part per seat (test/integration/tiny-game.test.ts).
 */
import { z } from 'zod';
import { Rng } from '../../../random.js';
import { msg, seatRef } from '../../../i18n/msg.js';
import { ruleError, type Applied, type GameResult, type Seat } from '../../contract.js';

export const tinyOptions = z.object({
  variant: z.enum(['classic']).default('classic'),
  players: z.literal(2).default(2),
}).strip();
export type TinyOptions = z.infer<typeof tinyOptions>;

export const tinyAction = z.object({ type: z.literal('tap') }).strict();
export type TinyAction = z.infer<typeof tinyAction>;

export const TAPS_EACH = 2;

export interface TinyState {
  turn: Seat;
  taps: number[];
  /** Each seat's hidden part: only its own seat view shows it. */
  secrets: { word: string; number: number }[];
}

export function setupTiny(_options: TinyOptions, seats: number, seed: number): TinyState {
  const rng = new Rng(seed);
  const secrets = Array.from({ length: seats }, (_, seat) => ({
    word: `tiny-secret-${seat}-${100_000 + rng.int(900_000)}`,
    // Distinct, so there is always one winner.
    number: seat * 1000 + 1 + rng.int(999),
  }));
  if (rng.int(2) === 1) [secrets[0].number, secrets[1].number] = [secrets[1].number, secrets[0].number];
  return { turn: 0, taps: secrets.map(() => 0), secrets };
}

export const tinyOver = (s: TinyState): boolean => s.taps.every((n) => n >= TAPS_EACH);

export function applyTiny(s: TinyState, seat: Seat, _action: TinyAction): Applied<TinyState> {
  if (tinyOver(s)) return ruleError('game_over');
  if (seat !== s.turn) return ruleError('not_your_turn');
  const taps = s.taps.map((n, i) => (i === seat ? n + 1 : n));
  const state = { ...s, taps, turn: (seat + 1) % s.taps.length };
  return { ok: true, state, events: [{ type: 'tap', seat, msg: msg('tiny:event.tap', { seat: seatRef(seat) }) }] };
}

export function tinyResult(s: TinyState): GameResult | null {
  if (!tinyOver(s)) return null;
  const winner = s.secrets[0].number > s.secrets[1].number ? 0 : 1;
  // Scores are the taps, not the hidden numbers: the result is public.
  const seats = s.taps.map((taps, seat) => ({ seat, place: seat === winner ? 1 : 2, score: taps }));
  return { seats, summary: msg('tiny:summary.win', { seat: seatRef(winner) }) };
}
