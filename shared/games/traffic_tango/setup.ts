import { Rng } from '../../random.js';
import { CORNER_NAMES } from './board.js';
import type { TrafficTangoOptions } from './options.js';
import type { TrafficTangoState } from './state.js';

/** RULES-NOTES 3.1: every seat gets a random corner; its delivery corner is the opposite one. */
export function setupTrafficTango(options: TrafficTangoOptions, seats: number, seed: number, now: number): TrafficTangoState {
  const rng = new Rng(seed);
  const corners = rng.shuffle(CORNER_NAMES).slice(0, seats);
  return {
    options,
    seats,
    rng: rng.state,
    corners,
    day: 1,
    phase: 'play',
    deadline: options.phaseMs > 0 ? now + options.phaseMs : null,
    placed: [],
    garnets: corners.map(() => options.startGarnets),
    gas: corners.map(() => 0),
    crashes: corners.map(() => 0),
    stopUsed: corners.map(() => false),
    pending: corners.map(() => ({ signs: null, route: null })),
    deliveries: [],
    failed: [],
    lastPlaced: null,
    finale: null,
  };
}
