import type { GameResult } from '../contract.js';
import { who } from './notation.js';
import type { TrafficTangoState } from './state.js';

/** Final standing (RULES-NOTES 3.7): places by gas, then garnets, then crashes; score = gas total. */
export function trafficTangoResult(s: TrafficTangoState): GameResult | null {
  if (s.phase !== 'over' || s.finale === null) return null;
  const f = s.finale;
  const seats = s.gas.map((gas, seat) => ({ seat, place: f.places[seat], score: gas }));
  const winners = seats.filter((x) => x.place === 1).map((x) => who(x.seat));
  const best = Math.min(...s.gas);
  const parts = [
    `${winners.join(' and ')} ${winners.length > 1 ? 'share the win' : 'wins'} with ${best} gas`,
    f.token === null ? 'no Token of Life' : `Token of Life: ${who(f.token)}`,
    f.candidate === null ? 'no Elimination Candidate' : `Elimination Candidate: ${who(f.candidate)}`,
  ];
  return { seats, summary: parts.join('; ') };
}
