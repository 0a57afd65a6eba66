import { Rng } from '../../random.js';
import { carRange, memoryWilds, type TrafficcarsCard } from '../trafficcars_deck/cards.js';
import type { TrafficMemoryOptions } from './options.js';
import type { TrafficMemoryState } from './state.js';

/** The cards of this game: the chosen range, plus the wilds when asked (RULES-NOTES 1.4). */
export function memoryDeck(o: TrafficMemoryOptions): TrafficcarsCard[] {
  const cars = carRange(o.from, o.to);
  return o.wilds ? [...cars, ...memoryWilds(cars.length)] : cars;
}

/** "Cards are placed on the table facing down in several rows"; the first player is random (RULES-NOTES 1.4). */
export function setupTrafficMemory(options: TrafficMemoryOptions, seats: number, seed: number, now: number): TrafficMemoryState {
  const rng = new Rng(seed);
  const grid = rng.shuffle(memoryDeck(options));
  const turn = rng.int(seats);
  return {
    options,
    seats,
    rng: rng.state,
    grid,
    columns: Math.ceil(Math.sqrt(grid.length)),
    opened: [],
    turn,
    phase: 'flip',
    flipBy: options.flipMs > 0 ? now + options.flipMs : null,
    revealUntil: null,
    lastFlipAt: now,
    piles: Array.from({ length: seats }, () => []),
    seenAt: grid.map(() => null),
    flips: 0,
  };
}
