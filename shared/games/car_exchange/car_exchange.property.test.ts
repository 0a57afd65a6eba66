/** Seeded bot games with 2–8 seats: every game ends, all 110 cards are accounted for at every step, no hand leaks. */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../random.js';
import { botProposals, simulate } from '../testing/simulate.js';
import type { GameEvent } from '../contract.js';
import { CARD_COUNT } from './cards.js';
import { carExchangeGame as game } from './index.js';
import { carExchangeOptions } from './options.js';
import type { CarExchangeState } from './state.js';

function allCards(s: CarExchangeState): number[] {
  return [...s.deck, ...s.discard, ...s.hands.flat(), ...s.tableaux.flat()];
}

const ids = (json: string) => new Set([...json.matchAll(/"id":(\d+)/g)].map((m) => Number(m[1])));

/** No card in any hand appears in the public view, in another seat's view, or in an event not addressed to its holder. */
function assertNoLeak(s: CarExchangeState, events: GameEvent[], now: number): void {
  const pub = ids(JSON.stringify(game.publicView(s, now)));
  const publicEvents = ids(JSON.stringify(events.filter((e) => !e.to)));
  for (let seat = 0; seat < s.seats; seat++) {
    const hand = s.hands[seat];
    for (const c of hand) {
      if (pub.has(c)) throw new Error(`card ${c} of seat ${seat} is in the public view`);
      if (publicEvents.has(c)) throw new Error(`card ${c} of seat ${seat} is in a public event`);
    }
    for (let other = 0; other < s.seats; other++) {
      if (other === seat) continue;
      const seen = ids(JSON.stringify(game.seatView(s, other, now)));
      for (const c of hand) if (seen.has(c)) throw new Error(`card ${c} of seat ${seat} is in seat ${other}'s view`);
    }
  }
  const view = game.publicView(s, now);
  view.players.forEach((p, seat) => expect(p.cards).toBe(s.hands[seat].length));
}

interface Outcome { state: CarExchangeState; steps: number; swaps: number; newCars: number; fines: number }

export function playOut(seed: number, seats: number, extra: Record<string, unknown> = {}, checkEvery = 1): Outcome {
  const rng = new Rng(seed);
  const options = carExchangeOptions.parse({ players: seats, ...extra });
  let swaps = 0, newCars = 0, fines = 0;
  const { state, steps } = simulate(game, game.setup(options, seats, seed, 0), {
    propose: botProposals(game.bot, Array.from({ length: seats }, (_, seat) => seat), (seat) => (seat % 2 === 0 ? 'hard' : 'easy'), rng),
    done: (s) => s.phase === 'over',
    maxSteps: 20_000,
    immutabilityEvery: 50,
    label: `seed ${seed}`,
    check: ({ state: s, events, now, step }) => {
      for (const e of events) {
        if (e.type === 'swapped') swaps++;
        if (e.type === 'newCar') newCars++;
        if (e.type === 'finePaid') fines++;
      }
      const cards = allCards(s);
      if (cards.length !== CARD_COUNT || new Set(cards).size !== CARD_COUNT) throw new Error(`seed ${seed} step ${step}: ${cards.length} cards, ${new Set(cards).size} distinct`);
      const total = s.history.reduce((a, r) => a + r.reduce((x, y) => x + y, 0), 0);
      if (total !== s.scores.reduce((a, b) => a + b, 0)) throw new Error(`seed ${seed}: scores do not add up`);
      if (step % checkEvery === 0) assertNoLeak(s, events, now);
    },
  });
  return { state, steps, swaps, newCars, fines };
}

describe('seeded bot games', () => {
  for (const seats of [2, 3, 4, 5, 6, 7, 8]) {
    it(`${seats} bots: games end with 110 cards conserved and no hand visible to anyone else`, () => {
      let swaps = 0, newCars = 0, fines = 0;
      for (let seed = 1; seed <= 6; seed++) {
        const o = playOut(seed * 7919 + seats, seats, seed % 3 === 0 ? { talking: true, playDrawn: true, serviceStack: true } : seed % 3 === 1 ? { raceMode: true } : {});
        expect(o.state.phase).toBe('over');
        const result = game.result(o.state)!;
        expect(result.seats).toHaveLength(seats);
        expect(Math.max(...o.state.scores)).toBeGreaterThanOrEqual(50);
        swaps += o.swaps; newCars += o.newCars; fines += o.fines;
      }
      expect(fines).toBeGreaterThan(0);
      if (seats >= 3) expect(swaps + newCars).toBeGreaterThan(0);
    });
  }
});
