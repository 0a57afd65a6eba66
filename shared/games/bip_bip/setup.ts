/** Setting up a game and each round (RULES-NOTES 4.3, 4.5). */
import { Rng } from '../../random.js';
import { CELLS, randomBoard } from './board.js';
import { cardById, EXPERT_IDS, isExpert, REGULAR_FAMILIES } from './cards.js';
import { HAND_SIZE, type BipOptions } from './options.js';
import type { BipState } from './state.js';

export { HAND_SIZE };

export function setupBip(options: BipOptions, seats: number, seed: number, now: number): BipState {
  const { variant, players: _players, ...rules } = options;
  const s: BipState = {
    variant, seats, rules, rng: new Rng(seed).state,
    phase: 'countdown', round: 1, rounds: variant === 'three_rounds' ? 3 : 1,
    startsAt: now, board: Array.from({ length: CELLS }, () => null), boardVersion: 0, boardChangedAt: now,
    beforeLastMove: null, light: null, lastMove: null, frozenUntil: 0,
    hands: [], claimed: [], blockedUntil: [], aside: [], expertPile: [],
    lastClaim: null, reviews: [], swap: null, nextRoundAt: null, scores: [], roundWinners: [],
  };
  dealRound(s, now);
  return s;
}

/** Totals over the finished rounds, per seat. */
export const totals = (s: BipState): number[] =>
  Array.from({ length: s.seats }, (_, seat) => s.scores.reduce((sum, r) => sum + r[seat], 0));

/**
 * The single leader before rounds 2 and 3 (4.5): one seat with the lowest total, untied; it swaps
 * as many regular cards as its lead over the second-lowest total.
 */
export function leaderSwap(s: BipState): { leader: number; lead: number } | null {
  const t = totals(s);
  const sorted = [...t].sort((a, b) => a - b);
  if (sorted[0] === sorted[1]) return null;
  return { leader: t.indexOf(sorted[0]), lead: sorted[1] - sorted[0] };
}

const regularsIn = (hand: readonly number[]) => hand.filter((id) => !isExpert(id));

/** How many regular cards a seat can actually swap now (its regular cards and the expert pile limit it). */
export const swappable = (s: BipState, seat: number, wanted: number): number =>
  Math.max(0, Math.min(wanted, regularsIn(s.hands[seat]).length, s.expertPile.length));

/** Give up these regular cards (set aside) for as many expert cards from the pile. */
export function swapCards(s: BipState, seat: number, give: readonly number[]): number[] {
  const taken = s.expertPile.splice(0, give.length);
  s.hands[seat] = [...s.hands[seat].filter((id) => !give.includes(id)), ...taken];
  s.aside.push(...give);
  return taken;
}

function swapRandom(s: BipState, seat: number, wanted: number, rng: Rng): number[] {
  const n = swappable(s, seat, wanted);
  if (n === 0) return [];
  const give = rng.shuffle(regularsIn(s.hands[seat])).slice(0, n);
  return swapCards(s, seat, give);
}

/**
 * A new deal (4.3): regular cards shuffled family by family and dealt in turn, the rotation running
 * on from one family to the next ("stratified"); the leftover card (3 players) is set aside.
 * Then the handicap swaps, then the leader's swap (rounds 2 and 3).
 */
export function dealRound(s: BipState, now: number): void {
  const rng = new Rng(s.rng);
  const size = HAND_SIZE[s.seats];
  const order = REGULAR_FAMILIES.flatMap((f) => rng.shuffle(familyIds(f)));
  const full: number[][] = Array.from({ length: s.seats }, () => []);
  order.forEach((id, k) => {
    if (k < size * s.seats) full[k % s.seats].push(id);
  });
  // A shorter hand (option handSize) keeps cards spread over the full hand, so every family stays in it.
  const kept = Math.min(s.rules.handSize || size, size);
  s.hands = full.map((hand) => Array.from({ length: kept }, (_, j) => hand[Math.floor((j * size) / kept)]));
  const dealt = new Set(s.hands.flat());
  s.aside = order.filter((id) => !dealt.has(id));
  s.expertPile = rng.shuffle(EXPERT_IDS);
  s.claimed = Array.from({ length: s.seats }, () => []);
  s.blockedUntil = Array.from({ length: s.seats }, () => 0);
  s.reviews = [];
  s.lastClaim = null;
  s.nextRoundAt = null;
  for (let seat = 0; seat < s.seats; seat++) swapRandom(s, seat, s.rules.handicap[seat] ?? 0, rng);
  const leader = s.round > 1 ? leaderSwap(s) : null;
  const count = leader ? swappable(s, leader.leader, leader.lead) : 0;
  if (leader && count > 0 && s.rules.leaderChooses) {
    s.rng = rng.state;
    s.phase = 'swap';
    s.swap = { leader: leader.leader, count, until: now + s.rules.swapMs };
    s.board = Array.from({ length: CELLS }, () => null);
    return;
  }
  if (leader) swapRandom(s, leader.leader, leader.lead, rng);
  s.rng = rng.state;
  startCountdown(s, now);
}

const familyIds = (family: string): number[] => Array.from({ length: 40 }, (_, id) => id).filter((id) => cardById(id).family === family);

/** A fresh random board, the light back by the board, and the 3-2-1 countdown. */
export function startCountdown(s: BipState, now: number): void {
  const rng = new Rng(s.rng);
  s.board = randomBoard(rng);
  s.rng = rng.state;
  s.boardVersion++;
  s.boardChangedAt = now + s.rules.countdownMs;
  s.beforeLastMove = null;
  s.light = null;
  s.lastMove = null;
  s.frozenUntil = 0;
  s.swap = null;
  s.startsAt = now + s.rules.countdownMs;
  s.phase = s.rules.countdownMs > 0 ? 'countdown' : 'play';
}
