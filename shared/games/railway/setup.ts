/** Dealing the table (rulebook "Game set up"). */
import { Rng } from '../../random.js';
import { CAR_COUNT, LOCOMOTIVES } from './cards.js';
import type { RailwayOptions } from './options.js';
import type { RailwayPlayer, RailwayState } from './state.js';

export function setupRailway(options: RailwayOptions, seats: number, seed: number, now: number): RailwayState {
  const rng = new Rng(seed);
  const deck = rng.shuffle(Array.from({ length: CAR_COUNT }, (_, i) => i));
  const locomotives = rng.shuffle(LOCOMOTIVES);
  const base = {
    variant: options.variant, seats, startedAt: now, endsAt: now + options.timeLimitMs,
    assist: options.assist, releaseMs: options.releaseMs, over: false, endReason: '', stoppedBy: null,
    takenBy: Array.from({ length: CAR_COUNT }, () => null),
  };
  if (options.variant === 'longest_train') {
    // One random locomotive goes back in the box; each player gets 27 cards face down.
    const five = locomotives.slice(0, 5);
    const players = [0, 1].map((p) => ({ pile: deck.slice(p * 27, p * 27 + 27), turned: null, trains: five.map(() => []), bottomsInARow: 0 }));
    return { ...base, rng: rng.state, table: [], players: [], longest: { locomotives: five, players } };
  }
  const faceUp = options.variant === 'juniors' || options.variant === 'express';
  const players: RailwayPlayer[] = Array.from({ length: seats }, (_, seat) => ({
    locomotive: locomotives[seat],
    train: [],
    held: null,
    rule: options.variant === 'training' ? 'sameTypeAsLocomotive'
      : options.variant === 'express' || options.expressSeats.includes(seat) ? 'exactlyOne' : 'atLeastOne',
  }));
  return { ...base, rng: rng.state, table: deck.map((card) => ({ card, faceUp })), players, longest: null };
}
