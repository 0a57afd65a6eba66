/** Seeded bot games: every game ends, cards are conserved, and no face-down card reaches any view. */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../random.js';
import { simulate } from '../testing/simulate.js';
import type { GameEvent } from '../contract.js';
import { trafficMemoryGame as game } from './index.js';
import { trafficMemoryOptions } from './options.js';
import { memoryDeck } from './setup.js';
import type { TrafficMemoryState } from './state.js';

/** No view or event carries the id of a card that is face down now (events: not opened in this step). */
function assertNoLeak(s: TrafficMemoryState, events: GameEvent[], now: number): void {
  const hidden = s.grid.flatMap((c, pos) => (c !== null && !s.opened.includes(pos) ? [c.id] : []));
  const eventIds = new Set(events.flatMap((e) => (e.type === 'opened' && typeof e.card === 'object' && e.card !== null && 'id' in e.card ? [String(e.card.id)] : [])));
  const texts = [JSON.stringify(game.publicView(s, now)), ...Array.from({ length: s.seats }, (_, seat) => JSON.stringify(game.seatView(s, seat, now)))];
  const eventText = JSON.stringify(events);
  for (const id of hidden) {
    for (const t of texts) if (t.includes(`"${id}"`)) throw new Error(`face-down ${id} is in a view`);
    if (!eventIds.has(id) && eventText.includes(`"${id}"`)) throw new Error(`face-down ${id} is in an event without being opened`);
  }
}

function playOut(seed: number, seats: number, extra: Record<string, unknown>): { state: TrafficMemoryState; steps: number; timeouts: number } {
  const rng = new Rng(seed);
  const options = trafficMemoryOptions.parse({ players: seats, ...extra });
  const deckSize = memoryDeck(options).length;
  let timeouts = 0;
  const { state, steps } = simulate(game, game.setup(options, seats, seed, 0), {
    propose: (s, now) => {
      // Seat 0 sometimes sleeps so that the turn clock plays for it.
      const asleep = seed % 3 === 0 && s.turn === 0;
      const move = asleep ? null : game.bot(s, s.turn, s.turn % 2 === 0 ? 'hard' : 'easy', rng.state, now);
      rng.next();
      return move ? [{ seat: s.turn, ...move }] : [];
    },
    done: (s) => s.phase === 'over',
    maxSteps: 5000,
    immutabilityEvery: 40,
    label: `seed ${seed}`,
    check: ({ state: s, previous, events, now, applied }) => {
      if (applied === null && previous.phase === 'flip') timeouts++;
      const ids = [...s.grid.flatMap((c) => (c ? [c.id] : [])), ...s.piles.flat().map((c) => c.id)];
      if (ids.length !== deckSize || new Set(ids).size !== deckSize) throw new Error(`seed ${seed}: cards not conserved`);
      assertNoLeak(s, events, now);
    },
  });
  return { state, steps, timeouts };
}

describe('seeded bot games', () => {
  const configs: Record<string, unknown>[] = [
    { range: '1-12' },
    { range: '1-30', wilds: true },
    { range: '26-50', flipMs: 3000 },
    { range: '1-50', wilds: true, revealMs: 0 },
    { range: 'custom', from: 5, to: 20, wilds: true },
  ];
  for (const seats of [2, 3, 4, 5]) {
    it(`${seats} bots: games end, cards are conserved, no face-down card is in any view`, () => {
      let timeouts = 0;
      configs.forEach((extra, i) => {
        for (let k = 0; k < 3; k++) {
          const seed = 1000 * seats + 10 * i + k;
          const o = playOut(seed, seats, extra);
          expect(o.state.phase).toBe('over');
          const r = game.result(o.state)!;
          expect(r.seats.reduce((a, x) => a + x.score, 0)).toBe(o.state.piles.flat().length);
          expect(r.seats.some((x) => x.place === 1)).toBe(true);
          timeouts += o.timeouts;
        }
      });
      expect(timeouts).toBeGreaterThan(0);
    });
  }
});
