/** Test-only builders: readable card ids, hand-made tables, row pictures (imported by *.test.ts only). */
import { Rng } from '../../random.js';
import { cardOf, deckFor } from './cards.js';
import { rushHourGame as game } from './index.js';
import { rushHourOptions, type RushHourOptions } from './options.js';
import type { Row, RushHourState } from './state.js';
import { engineHarness } from '../testing/engineHarness.js';

export const car = (n: number): number => n - 1;
/** A Trailer by its number (4, 8, …, 48 with the default 'shared' numbering). */
export const trailer = (n: number): number => 49 + n / 4;
export const AMB = [62, 63, 64, 65];
export const POL = [66, 67, 68, 69];
export const TOW = [70, 71, 72, 73];

export function options(extra: Record<string, unknown> = {}): RushHourOptions {
  return rushHourOptions.parse({ players: 2, ...extra });
}

/** A row from slots: a number is one card id, an array a stack (bottom first), [] a free spot. */
export const row = (...slots: (number | number[])[]): Row => slots.map((s) => (typeof s === 'number' ? [s] : s));

/**
 * A state at the start of a turn with the given rows and hands; every other card of the deck is unused.
 * `lead` sets the priority order.
 */
export function table(rows: Row[], hands: number[][], extra: Record<string, unknown> = {}, lead = 0): RushHourState {
  const o = options({ players: hands.length, ...extra });
  const s = structuredClone(game.setup(o, hands.length, 1, 0));
  s.rows = structuredClone(rows);
  s.hands = structuredClone(hands);
  const used = new Set([...rows.flat(2), ...hands.flat()]);
  s.unused = deckFor(o).filter((id) => !used.has(id));
  s.piles = hands.map(() => []);
  s.picks = hands.map(() => null);
  s.lead = lead;
  return s;
}

export const { act, refusal, advance } = engineHarness<RushHourState>(game);

/** Every seat picks its card (seat order); returns the state after the reveal. */
export function pickAll(s: RushHourState, picks: number[], now = 100): RushHourState {
  return picks.reduce((st, card, seat) => act(st, seat, { type: 'pick', card }, now).state, s);
}

/** "10 15 T+18 _": slots left to right, stacks bottom+top, `_` a free spot; A, P, T the specials, Tr a Trailer. */
export function picture(s: RushHourState, r: number): string {
  return s.rows[r].map((slot) => (slot.length === 0 ? '_' : slot.map((id) => {
    const c = cardOf(id, s.options);
    return { car: String(c.number), trailer: `Tr${c.number}`, ambulance: 'A', police: 'P', tow: 'T' }[c.kind];
  }).join('+'))).join(' ');
}

export function pilePoints(s: RushHourState, seat: number): number {
  return game.publicView(s, 0).players[seat].points;
}

/**
 * The same state with every card this seat cannot see shuffled among the places it cannot see
 * (unused cards, other hands and their picks) and others' secret rows changed: `seat` -1 = spectator.
 */
export function scramble(s: RushHourState, seat: number, rng: Rng): RushHourState {
  const t = structuredClone(s);
  const others = t.hands.map((_, i) => i).filter((i) => i !== seat);
  const pool = rng.shuffle([...t.unused, ...others.flatMap((i) => t.hands[i])]);
  t.unused = pool.splice(0, t.unused.length);
  for (const i of others) {
    t.hands[i] = pool.splice(0, t.hands[i].length);
    if (t.picks[i] !== null) t.picks[i] = rng.pick(t.hands[i]);
  }
  if (t.prompt?.kind === 'group') {
    const p = t.prompt;
    p.choices = p.choices.map((c, i) => (c === null || p.plays[i].seat === seat ? c : rng.int(t.rows.length)));
  }
  return t;
}
