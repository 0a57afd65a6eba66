import type { GameResult } from '../contract.js';
import { keyRef, msg, seatRef } from '../../i18n/msg.js';
import type { TrafficTangoState } from './state.js';

/** Final standing (RULES-NOTES 3.7): places by gas, then garnets, then crashes; score = gas total. */
export function trafficTangoResult(s: TrafficTangoState): GameResult | null {
  if (s.phase !== 'over' || s.finale === null) return null;
  const f = s.finale;
  const seats = s.gas.map((gas, seat) => ({ seat, place: f.places[seat], score: gas }));
  const winners = seats.filter((x) => x.place === 1).map((x) => x.seat);
  const nobody = keyRef('traffic_tango:nobody');
  const also = {
    gas: Math.min(...s.gas),
    token: f.token === null ? nobody : seatRef(f.token),
    candidate: f.candidate === null ? nobody : seatRef(f.candidate),
  };
  const summary = winners.length === 1 ? msg('traffic_tango:summary.win', { seat: seatRef(winners[0]), ...also })
    : winners.length === 2 ? msg('traffic_tango:summary.tie_two', { a: seatRef(winners[0]), b: seatRef(winners[1]), ...also })
      : msg('traffic_tango:summary.tie_many', { players: winners.length, ...also });
  return { seats, summary };
}
