/**
 * Bots. They scan their hand against the board like a person: the search takes longer the more cards
 * they hold, counted from the board's last change. Without a find, they take the green light to
 * build a figure: 'hard' plays the step that brings one of its cards closest to complete (a
 * completion first); 'easy' does so half the time and otherwise moves a car at random, and reacts
 * more slowly. Both challenge wrong claims under manualReferee and never make a wrong claim.
 */
import { Rng, type RngState } from '../../random.js';
import type { BotLevel, BotMove } from '../contract.js';
import type { BipAction } from './actions.js';
import { carCells, findMatch, legalSteps, moved, PLACEMENTS, satisfied, type Board } from './board.js';
import { cardById, isExpert } from './cards.js';
import type { BipState } from './state.js';
import type { BipPublicView, BipSeatView } from './views.js';

/** Closeness of a board to the hand: best placement's filled cells (a full figure counts most), then how many are that close. */
function closeness(board: Board, hand: readonly number[]): number {
  let best = 0;
  let ways = 0;
  for (const card of hand) {
    for (const p of PLACEMENTS[card]) {
      const n = satisfied(board, p);
      const value = n === p.cells.length ? 100 : n;
      if (value > best) { best = value; ways = 1; } else if (value === best) ways++;
    }
  }
  return best * 1000 + Math.min(ways, 999);
}

export function matchingCards(board: Board, hand: readonly number[]): number[] {
  return hand.filter((card) => findMatch(board, card) !== null);
}

/** The step a bot would play, or null when none is allowed. */
export function chooseStep(board: Board, before: Board | null, hand: readonly number[], level: BotLevel, rng: Rng): { from: number; to: number } | null {
  const steps = legalSteps(board, before);
  if (steps.length === 0) return null;
  if (level === 'easy' && rng.next() < 0.5) return rng.pick(steps);
  let best: { from: number; to: number }[] = [];
  let bestScore = -1;
  for (const step of steps) {
    const score = closeness(moved(board, step.from, step.to), hand);
    if (score > bestScore) { bestScore = score; best = [step]; } else if (score === bestScore) best.push(step);
  }
  return rng.pick(best);
}

const claimOf = (board: Board, card: number, seen: number): BipAction => ({ type: 'claim', card, cars: carCells(findMatch(board, card)!), seen });

export function bipBot(s: BipState, seat: number, level: BotLevel, rngState: RngState, now: number): BotMove<BipAction> | null {
  const rng = new Rng(rngState);
  const hard = level === 'hard';
  const hand = s.hands[seat];
  if (!hand) return null;
  if (s.phase === 'swap' && s.swap?.leader === seat) {
    // Hard gives up the families least often complete on a random board first (RULES-NOTES 4.1: D 8%, I and V 16%, L 23%).
    const regular = hand.filter((id) => !isExpert(id));
    const rank = (id: number) => ['D', 'I', 'V', 'L'].indexOf(cardById(id).family);
    const order = hard ? [...regular].sort((a, b) => rank(a) - rank(b)) : rng.shuffle(regular);
    return { action: { type: 'swap', cards: order.slice(0, s.swap.count) }, delayMs: 1500 + rng.int(2500) };
  }
  if (s.phase !== 'play') return null;
  const after = (from: number, reaction: number) => Math.max(0, from + reaction - now);

  // manualReferee: catch a wrong claim while the window is open.
  for (const r of s.reviews) {
    if (r.seat === seat || r.until <= now) continue;
    const right = r.cars.length === 3 && findMatch(r.board, r.card, r.cars) !== null;
    const reaction = hard ? 700 + rng.int(800) : 1400 + rng.int(1200);
    if (!right && r.at + reaction < r.until) return { action: { type: 'challenge', card: r.card }, delayMs: after(r.at, reaction) };
  }

  const found = matchingCards(s.board, hand);
  if (found.length > 0 && (hard || rng.next() < 0.7)) {
    const search = hard ? 400 + rng.int(700) + 30 * hand.length : 1000 + rng.int(1600) + 70 * hand.length;
    const card = hard ? (found.find(isExpert) ?? found[0]) : rng.pick(found);
    const delayMs = Math.max(after(s.boardChangedAt, search), s.blockedUntil[seat] - now);
    return { action: claimOf(s.board, card, s.boardVersion), delayMs };
  }
  if (s.light === seat) return null;
  const step = chooseStep(s.board, s.beforeLastMove, hand, level, rng);
  if (!step) return null;
  const think = hard ? 900 + rng.int(1300) : 1800 + rng.int(2700);
  return { action: { type: 'move', ...step, seen: s.boardVersion }, delayMs: after(Math.max(s.boardChangedAt, s.frozenUntil), think) };
}

/** For load tests: the same policy from what a client sees (the board before the last move is the last move undone). */
export function bipViewBot(pub: BipPublicView, mine: BipSeatView, seat: number, rngState: RngState, now: number): BipAction | null {
  if (pub.phase !== 'play') return null;
  const rng = new Rng(rngState);
  const hand = mine.hand.map((c) => c.id);
  if (now >= mine.blockedUntil) {
    const found = matchingCards(pub.board, hand);
    if (found.length > 0) return claimOf(pub.board, found[0], pub.boardVersion);
  }
  if (pub.light === seat || now < pub.frozenUntil) return null;
  const before = pub.lastMove ? moved(pub.board, pub.lastMove.from, pub.lastMove.to) : null;
  const step = chooseStep(pub.board, before, hand, 'hard', rng);
  return step ? { type: 'move', ...step, seen: pub.boardVersion } : null;
}
