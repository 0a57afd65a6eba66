import { Rng } from '../../random.js';
import { numberedDeck } from '../trafficcars_deck/cards.js';
import { HAND_SIZE, type TookOverOptions } from './options.js';
import type { TookOverState } from './state.js';

/**
 * "The rest of the cards are dealt equally among all players, face down ... To make sure the number of
 * cards is equal, you can discard the last few cards. To begin, each player takes 6 cards from his or her
 * stack." The first player is random (the rulebook says "the youngest"), and opens the first line.
 */
export function setupTookOver(options: TookOverOptions, seats: number, seed: number, now: number): TookOverState {
  const rng = new Rng(seed);
  const deck = rng.shuffle(numberedDeck(options.trailers, options.trailerNumbers));
  const each = Math.floor(deck.length / seats);
  const stacks = Array.from({ length: seats }, (_, seat) => deck.slice(seat * each, (seat + 1) * each));
  const hands = stacks.map((stack) => stack.splice(0, HAND_SIZE));
  const active = rng.int(seats);
  const opener = stacks[active].shift();
  return {
    options,
    seats,
    rng: rng.state,
    stacks,
    hands,
    line: opener ? [opener] : [],
    aside: deck.slice(seats * each),
    discard: [],
    active,
    latest: null,
    paceUntil: now,
    idleUntil: now + options.idleMs,
    passes: 0,
    winner: null,
  };
}
