/**
 * Took Over! bots. The next player watches the active player's latest card and shouts "Taking Over!" after
 * a human reaction time counted from that placement; the active player keeps the agreed pace.
 * 'hard' reacts faster, takes over with every card that fits and places the card leaving the smallest gap;
 * 'easy' is slower, takes over with one card and places any fitting card.
 */
import { Rng, type RngState } from '../../random.js';
import type { BotLevel, BotMove } from '../contract.js';
import type { TookOverAction } from './actions.js';
import { fitting, playable, takeOverGap } from './line.js';
import { closestToEnd, mayTakeOver } from './rules.js';
import type { TookOverState } from './state.js';

export function tookOverBot(s: TookOverState, seat: number, level: BotLevel, rngState: RngState, now: number): BotMove<TookOverAction> | null {
  if (s.winner !== null) return null;
  const rng = new Rng(rngState);
  const hard = level === 'hard';
  if (seat === s.active) {
    const after = (base: number, reaction: number) => Math.max(0, base + reaction - now);
    const reaction = hard ? 150 + rng.int(350) : 400 + rng.int(900);
    const cards = playable(s.line, s.hands[seat]);
    if (cards.length === 0) return { action: { type: 'pass' }, delayMs: after(s.paceUntil, reaction) };
    const card = hard || s.line.length === 0 ? closestToEnd(s.line, cards) : rng.pick(cards);
    return { action: { type: 'place', card: card.id }, delayMs: after(s.paceUntil, reaction) };
  }
  if (!mayTakeOver(s, seat) || s.latest === null) return null;
  const fits = fitting(s.hands[seat], takeOverGap(s.line, s.latest));
  if (fits.length === 0) return null;
  const reaction = hard ? 700 + rng.int(900) : 1500 + rng.int(2000);
  const cards = hard ? fits : [fits[0]];
  return { action: { type: 'takeOver', cards: cards.map((c) => c.id) }, delayMs: Math.max(0, s.latest.at + reaction - now) };
}
