/** Thousands of seeded bot games: every game ends, all 54 cars are accounted for at every step, no face-down identity reaches any view. */
import { describe, expect, it } from 'vitest';
import { HEAVY_TEST_MS } from '../testing/timeouts.js';
import { Rng } from '../../random.js';
import { botProposals, simulate } from '../testing/simulate.js';
import { carId, type Car } from './cards.js';
import { railwayMadnessGame as game } from './index.js';
import { railwayOptions } from './options.js';
import type { RailwayState } from './state.js';

function allCards(s: RailwayState): number[] {
  if (s.longest) return s.longest.players.flatMap((p) => [...p.pile, ...(p.turned === null ? [] : [p.turned]), ...p.trains.flat()]);
  return [
    ...s.table.flatMap((t) => (t ? [t.card] : [])),
    ...s.players.flatMap((p) => [...p.train, ...(p.held ? [p.held.card] : [])]),
  ];
}

/** Card ids whose faces nobody may see: face-down table cards and, in The Longest Train, every pile. */
function hiddenIds(s: RailwayState): Set<number> {
  const down = s.table.flatMap((t) => (t && !t.faceUp ? [t.card] : []));
  return new Set([...down, ...(s.longest?.players.flatMap((p) => p.pile) ?? [])]);
}

/** Ids of the card faces a view shows anywhere (locomotives are not cards: their faces are skipped). */
function shownIds(view: unknown, into: number[] = []): number[] {
  if (Array.isArray(view)) {
    for (const v of view) shownIds(v, into);
  } else if (view && typeof view === 'object') {
    if ('type' in view && 'colour' in view && 'wheels' in view) into.push(carId(view as Car));
    else for (const [key, v] of Object.entries(view)) if (key !== 'locomotive' && key !== 'locomotives') shownIds(v, into);
  }
  return into;
}

function playOut(seed: number, variant: RailwayState['variant'], seats: number): RailwayState {
  const rng = new Rng(seed);
  const start = game.setup(railwayOptions.parse({ variant, players: seats }), seats, seed, 0);
  const allSeats = Array.from({ length: seats }, (_, seat) => seat);
  return simulate(game, start, {
    propose: botProposals(game.bot, allSeats, () => (rng.next() < 0.5 ? 'easy' : 'hard'), rng),
    done: (s) => s.over,
    maxSteps: 5000,
    label: `seed ${seed}`,
    check: ({ state: s, now, step }) => {
      const cards = allCards(s);
      if (cards.length !== 54 || new Set(cards).size !== 54) throw new Error(`seed ${seed} step ${step}: ${cards.length} cars, ${new Set(cards).size} distinct`);
      if (step % 25 === 0) assertNoHiddenFaces(s, now);
    },
  }).state;
}

function assertNoHiddenFaces(s: RailwayState, now: number): void {
  const pub = game.publicView(s, now);
  // Each face-down position shows that a card lies there, and nothing else.
  s.table.forEach((t, i) => { if (t && !t.faceUp) expect(pub.table[i]).toStrictEqual({ down: true }); });
  expect(pub.table.filter((t) => t && 'car' in t).length).toBe(s.table.filter((t) => t?.faceUp).length);
  const hidden = hiddenIds(s);
  expect(shownIds(pub).filter((id) => hidden.has(id))).toEqual([]);
  for (let seat = 0; seat < s.seats; seat++) {
    const mine = game.seatView(s, seat, now);
    const own = s.longest ? s.longest.players[seat].trains.flat().length : s.players[seat].train.length;
    expect(mine.train.length + (mine.longestTrains?.flat().length ?? 0)).toBe(own);
    expect(shownIds(mine).filter((id) => hidden.has(id))).toEqual([]);
  }
}

// 1,500 games in all; training games are the longest (every card face down).
const GAMES: Record<RailwayState['variant'], number> = { training: 150, classic: 300, juniors: 350, express: 350, longest_train: 350 };

describe('seeded random games', () => {
  const variants: [RailwayState['variant'], number][] = [['training', 3], ['classic', 4], ['juniors', 2], ['express', 6], ['longest_train', 2]];
  for (const [variant, seats] of variants) {
    it(`${variant}: ${GAMES[variant]} bot games with ${seats} seats all end with every car accounted for and no face-down card in any view`, () => {
      for (let seed = 1; seed <= GAMES[variant]; seed++) {
        const s = playOut(seed * 7919, variant, seats);
        expect(s.over).toBe(true);
        expect(game.result(s)).not.toBe(null);
      }
    }, HEAVY_TEST_MS);
  }
});
