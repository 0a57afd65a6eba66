/**
 * Memory bots. A bot only recalls cards that were shown to everyone (`seenAt`); 'hard' remembers every
 * one of them, 'easy' forgets a card more likely the longer ago it was seen (seeded, so replayable).
 */
import { Rng, type RngState } from '../../random.js';
import type { BotLevel, BotMove } from '../contract.js';
import { isNumbered, type TrafficcarsCard } from '../trafficcars_deck/cards.js';
import type { TrafficMemoryAction } from './actions.js';
import { closedPositions } from './rules.js';
import { isRunnable } from './runs.js';
import type { TrafficMemoryState } from './state.js';

/** Chance that an easy bot still recalls a card seen `age` flips ago. */
const EASY_RECALL_PER_FLIP = 0.9;

function recalled(s: TrafficMemoryState, level: BotLevel, rng: Rng): Map<number, TrafficcarsCard> {
  const known = new Map<number, TrafficcarsCard>();
  for (const pos of closedPositions(s)) {
    const seen = s.seenAt[pos];
    const card = s.grid[pos];
    if (seen === null || card === null) continue;
    if (level === 'hard' || rng.next() < EASY_RECALL_PER_FLIP ** (s.flips - seen)) known.set(pos, card);
  }
  return known;
}

/** A remembered card that starts a run with another remembered one (a, a±1; a, wild, a±2; two wilds and anything). */
function knownStart(known: Map<number, TrafficcarsCard>): number | null {
  const entries = [...known.entries()];
  const wilds = entries.filter(([, c]) => !isNumbered(c)).length;
  for (const [pos, card] of entries) {
    if (!isNumbered(card)) continue;
    for (const [other, c2] of entries) {
      if (other === pos || !isNumbered(c2)) continue;
      const gap = Math.abs(card.value - c2.value);
      if (gap === 1 || (gap === 2 && wilds > 0)) return pos;
    }
  }
  if (wilds >= 2 && entries.length >= 3) return entries.find(([, c]) => !isNumbered(c))?.[0] ?? null;
  return null;
}

function choose(s: TrafficMemoryState, level: BotLevel, rng: Rng): number {
  const known = recalled(s, level, rng);
  const closed = closedPositions(s);
  const unknown = closed.filter((p) => !known.has(p));
  const opened = s.opened.map((p) => s.grid[p]).filter((c): c is TrafficcarsCard => c !== null);
  if (opened.length === 0) {
    const start = knownStart(known);
    if (start !== null) return start;
  } else {
    const extending = [...known.entries()].filter(([, c]) => isRunnable([...opened, c]));
    // Prefer a number over a wild: the wild stays useful for a later gap.
    extending.sort(([, a], [, b]) => Number(isNumbered(b)) - Number(isNumbered(a)));
    if (extending.length > 0) return extending[0][0];
  }
  return rng.pick(unknown.length > 0 ? unknown : closed);
}

export function trafficMemoryBot(s: TrafficMemoryState, seat: number, level: BotLevel, rngState: RngState, now: number): BotMove<TrafficMemoryAction> | null {
  if (s.phase !== 'flip' || s.turn !== seat) return null;
  const rng = new Rng(rngState);
  const pos = choose(s, level, rng);
  const think = level === 'hard' ? 600 + rng.int(700) : 1000 + rng.int(1400);
  return { action: { type: 'open', pos }, delayMs: Math.max(0, s.lastFlipAt + think - now) };
}
