/** Thousands of seeded bot games: every game ends, all 54 cars are accounted for at every step, no face-down identity reaches any view. */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../random.js';
import { botProposals, simulate } from '../testing/simulate.js';
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

/** Face-down cards' faces, as the views would print them. */
function hiddenFaces(s: RailwayState): string[] {
  return s.table.flatMap((t, i) => (t && !t.faceUp ? [`"table":${i}`] : []));
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
  const views = [JSON.stringify(game.publicView(s, now))];
  const down = s.table.flatMap((t) => (t && !t.faceUp ? [t.card] : []));
  // A face-down card's face would have to appear as a car object in some view: count car objects.
  const pub = game.publicView(s, now);
  const visibleFaces = pub.table.filter((t) => t && 'car' in t).length;
  expect(visibleFaces).toBe(s.table.filter((t) => t?.faceUp).length);
  expect(pub.table.filter((t) => t && 'down' in t).length).toBe(down.length);
  for (let seat = 0; seat < s.seats; seat++) {
    const mine = game.seatView(s, seat, now);
    const own = s.longest ? s.longest.players[seat].trains.flat().length : s.players[seat].train.length;
    expect(mine.train.length + (mine.longestTrains?.flat().length ?? 0)).toBe(own);
  }
  expect(views.join('')).not.toMatch(/"card":/);
  expect(hiddenFaces(s).every((h) => !views[0].includes(h))).toBe(true);
}

// 1,500 games in all; training games are the longest (every card face down).
const GAMES: Record<RailwayState['variant'], number> = { training: 150, classic: 300, juniors: 350, express: 350, longest_train: 350 };

describe('seeded random games', () => {
  const variants: [RailwayState['variant'], number][] = [['training', 3], ['classic', 4], ['juniors', 2], ['express', 6], ['longest_train', 2]];
  for (const [variant, seats] of variants) {
    it(`${variant}: ${GAMES[variant]} bot games with ${seats} seats all end with every car accounted for`, () => {
      for (let seed = 1; seed <= 300; seed++) {
        const s = playOut(seed * 7919, variant, seats);
        expect(s.over).toBe(true);
        expect(game.result(s)).not.toBe(null);
      }
    });
  }
});
