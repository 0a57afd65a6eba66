/** Writes Railway Madness's views into its schema (server/state/railwaySchema.ts), field by field. */
import { carId, type Car } from '../../shared/games/railway/cards.js';
import type { PublicSlot, RailwayPublicView, RailwaySeatView } from '../../shared/games/railway/views.js';
import { NO_CAR, SLOT_DOWN, SLOT_EMPTY } from '../../shared/wire/railway.js';
import {
  CarRowState, RailwayLongestPlayerState, RailwayLongestState, RailwayPlayerState, RailwaySeatState, RailwayTableState,
} from './railwaySchema.js';
import { defineMirror, unchanged } from './mirror.js';
import { syncItems, syncValues } from './sync.js';

const ids = (cars: readonly Car[] | undefined): number[] => (cars ?? []).map(carId);
const slotValue = (slot: PublicSlot): number => (slot === null ? SLOT_EMPTY : 'down' in slot ? SLOT_DOWN : carId(slot.car));

function writeRows(target: RailwayLongestPlayerState['trains'], rows: readonly Car[][]): void {
  syncItems(target, rows, () => new CarRowState(), (row, cars) => syncValues(row.cars, ids(cars)));
}

export const railwayMirror = defineMirror({
  createTable: () => new RailwayTableState(),
  writeTable(t: RailwayTableState, v: RailwayPublicView) {
    t.variant = v.variant;
    if (!unchanged(t.table, v.table)) syncValues(t.table, v.table.map(slotValue));
    if (!unchanged(t.players, v.players)) syncItems(t.players, v.players, () => new RailwayPlayerState(), (p, view) => {
      if (unchanged(p, view)) return;
      p.seat = view.seat;
      p.locomotive = carId(view.locomotive);
      p.rule = view.rule;
      p.cars = view.cars;
      p.holding = view.holding ? carId(view.holding) : NO_CAR;
      p.holdingReleaseAt = view.holdingReleaseAt ?? 0;
      p.revealed = view.train !== undefined;
      syncValues(p.train, ids(view.train));
      p.valid = view.valid ?? 0;
    });
    if (v.longest === null) t.longest = undefined;
    else {
      const longest = t.longest ?? (t.longest = new RailwayLongestState());
      if (!unchanged(longest, v.longest)) {
        if (!unchanged(longest.locomotives, v.longest.locomotives)) syncValues(longest.locomotives, ids(v.longest.locomotives));
        syncItems(longest.players, v.longest.players, () => new RailwayLongestPlayerState(), (p, view) => {
          if (unchanged(p, view)) return;
          p.seat = view.seat;
          p.pile = view.pile;
          p.turned = view.turned ? carId(view.turned) : NO_CAR;
          syncValues(p.trainLengths, view.trainLengths);
          p.revealed = view.trains !== undefined;
          writeRows(p.trains, view.trains ?? []);
          syncValues(p.valid, view.valid ?? []);
        });
      }
    }
    t.endsAt = v.endsAt;
    t.over = v.over;
    t.endReason = v.endReason;
    t.assist = v.assist;
  },
  createSeat: () => new RailwaySeatState(),
  writeSeat(s: RailwaySeatState, v: RailwaySeatView) {
    if (unchanged(s, v)) return;
    syncValues(s.train, ids(v.train));
    s.valid = v.valid;
    s.hasLongest = v.longestTrains !== undefined;
    syncValues(s.longestCars, ids((v.longestTrains ?? []).flat()));
    syncValues(s.longestLengths, (v.longestTrains ?? []).map((t) => t.length));
  },
});
