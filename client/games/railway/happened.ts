/**
 * Railway Madness' events as the table reads them (shared/games/railway/rules.ts pushes them):
 * who turned over or took which car, who put one back. The car is named by its message's
 * parameters (type, colour, wheels: each combination is one card, cards.ts); the table slot only
 * travels in the replay's journal, so a live flip's slot is the face-down card that left the table.
 */
import { CAR_TYPES, COLOURS, WHEELS, type Car } from '../../../shared/games/railway/cards.js';
import { keyParam, numberOf, param, seatParam, type Happened } from '../happened.js';

export type RailwayHappening =
  | { type: 'flip'; seat: number; car: Car; slot: number | null }
  | { type: 'take'; seat: number; car: Car }
  | { type: 'release'; seat: number };

export function railwayHappenings(events: readonly Happened[]): RailwayHappening[] {
  const out: RailwayHappening[] = [];
  for (const e of events) {
    const seat = seatParam(e);
    if (seat === null) continue;
    if (e.type === 'release' || e.type === 'release_auto') {
      out.push({ type: 'release', seat });
      continue;
    }
    const car = carOfParams(e);
    if (!car) continue;
    if (e.type === 'flip') out.push({ type: 'flip', seat, car, slot: numberOf(e, 'slot') });
    else if (e.type === 'take') out.push({ type: 'take', seat, car });
  }
  return out;
}

function carOfParams(e: Happened): Car | null {
  const type = CAR_TYPES.find((x) => x === keyParam(e, 'type'));
  const colour = COLOURS.find((x) => x === keyParam(e, 'colour'));
  const wheels = WHEELS.find((x) => x === param(e, 'wheels'));
  return type && colour && wheels ? { type, colour, wheels } : null;
}
