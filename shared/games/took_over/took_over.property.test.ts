/** Seeded bot games: every game ends with a winner, cards are conserved, the line stays ascending, no hand or stack leaks. */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../random.js';
import { botProposals, simulate } from '../testing/simulate.js';
import type { GameEvent } from '../contract.js';
import { numberedDeck } from '../trafficcars_deck/cards.js';
import { tookOverGame as game } from './index.js';
import { tookOverOptions } from './options.js';
import type { TookOverState } from './state.js';

function assertNoLeak(s: TookOverState, events: GameEvent[], now: number): void {
  const pub = JSON.stringify(game.publicView(s, now));
  const publicEvents = JSON.stringify(events.filter((e) => !e.to));
  const views = Array.from({ length: s.seats }, (_, seat) => JSON.stringify(game.seatView(s, seat, now)));
  for (let seat = 0; seat < s.seats; seat++) {
    const privateIds = [...s.hands[seat], ...s.stacks[seat]].map((c) => `"${c.id}"`);
    for (const id of privateIds) {
      if (pub.includes(id)) throw new Error(`${id} of seat ${seat} is in the public view`);
      if (publicEvents.includes(id)) throw new Error(`${id} of seat ${seat} is in a public event`);
      views.forEach((v, other) => {
        if (other !== seat && v.includes(id)) throw new Error(`${id} of seat ${seat} is in seat ${other}'s view`);
      });
    }
    for (const c of s.stacks[seat]) if (views[seat].includes(`"${c.id}"`)) throw new Error(`stack card ${c.id} is in its owner's view`);
  }
  const view = game.publicView(s, now);
  view.players.forEach((p, seat) => {
    if (p.hand !== s.hands[seat].length || p.stack !== s.stacks[seat].length) throw new Error('sizes in the public view are wrong');
  });
}

interface Outcome { state: TookOverState; takeOvers: number; clears: number; autos: number }

function playOut(seed: number, seats: number, extra: Record<string, unknown>): Outcome {
  const rng = new Rng(seed);
  const options = tookOverOptions.parse({ players: seats, ...extra });
  const deckSize = numberedDeck(options.trailers, options.trailerNumbers).length;
  let takeOvers = 0, clears = 0, autos = 0;
  // In some games seat 1 never acts on its own: the clocks must play for it.
  const awake = Array.from({ length: seats }, (_, seat) => seat).filter((seat) => seed % 4 !== 0 || seat !== 1);
  const { state } = simulate(game, game.setup(options, seats, seed, 0), {
    propose: botProposals(game.bot, awake, (seat) => ((seat + seed) % 2 === 0 ? 'hard' : 'easy'), rng),
    done: (s) => s.winner !== null,
    maxSteps: 20_000,
    immutabilityEvery: 50,
    label: `seed ${seed}`,
    check: ({ state: s, events, now }) => {
      for (const e of events) {
        if (e.type === 'tookOver') takeOvers++;
        if (e.type === 'cleared') clears++;
        if (e.auto === true) autos++;
      }
      const ids = [...s.hands.flat(), ...s.stacks.flat(), ...s.line, ...s.aside, ...s.discard].map((c) => c.id);
      if (ids.length !== deckSize || new Set(ids).size !== deckSize) throw new Error(`seed ${seed}: cards not conserved`);
      for (let i = 1; i < s.line.length; i++) if (s.line[i - 1].value >= s.line[i].value) throw new Error(`seed ${seed}: line not ascending`);
      if (s.hands.some((h) => h.length > 6)) throw new Error(`seed ${seed}: a hand above 6`);
      assertNoLeak(s, events, now);
    },
  });
  return { state, takeOvers, clears, autos };
}

describe('seeded bot games', () => {
  const configs: Record<string, unknown>[] = [{}, { trailers: false }, { anyoneCanTakeOver: true, paceMs: 2000 }, { trailerNumbers: 'high', idleMs: 2000 }];
  for (const seats of [2, 3, 4, 5]) {
    it(`${seats} bots: games end with one winner, cards conserved, no hand or stack visible to anyone else`, () => {
      let takeOvers = 0, clears = 0, autos = 0;
      configs.forEach((extra, i) => {
        for (let k = 0; k < 2; k++) {
          const o = playOut(100 * seats + 10 * i + k + 1, seats, extra);
          expect(o.state.winner).not.toBeNull();
          const r = game.result(o.state)!;
          expect(r.seats.filter((x) => x.place === 1)).toHaveLength(1);
          expect(r.seats.find((x) => x.place === 1)!.score).toBe(0);
          takeOvers += o.takeOvers; clears += o.clears; autos += o.autos;
        }
      });
      expect(takeOvers).toBeGreaterThan(0);
      expect(clears).toBeGreaterThan(0);
      expect(autos).toBeGreaterThan(0);
    });
  }
});
