/**
 * Railway Madness on the wire: every car is its id (0..53, `carOf`/`carId`), a table slot is a
 * car id or one of two markers, so grabbing a card changes one small number instead of re-sending
 * the table. The server's schema classes (server/state/railwaySchema.ts) implement these shapes.
 */
import { carOf, type Car } from '../games/railway/cards.js';
import type {
  PublicLongestPlayer, PublicPlayer, PublicSlot, RailwayPublicView, RailwaySeatView,
} from '../games/railway/views.js';
import { list, type ViewReader, type WireList } from './contract.js';

/** Table slot markers (any other value is the id of a face-up car). */
export const SLOT_EMPTY = -1;
export const SLOT_DOWN = -2;
/** `holding` / `turned` when there is no card. */
export const NO_CAR = -1;

export interface RailwayPlayerWire {
  seat: number;
  locomotive: number;
  rule: string;
  cars: number;
  holding: number;
  /** 0 when nothing is held. */
  holdingReleaseAt: number;
  /** The train and its valid prefix are public once the game is over. */
  revealed: boolean;
  train: WireList<number>;
  valid: number;
}

export interface CarRowWire { cars: WireList<number> }

export interface RailwayLongestPlayerWire {
  seat: number;
  pile: number;
  turned: number;
  trainLengths: WireList<number>;
  revealed: boolean;
  trains: WireList<CarRowWire>;
  valid: WireList<number>;
}

export interface RailwayLongestWire {
  locomotives: WireList<number>;
  players: WireList<RailwayLongestPlayerWire>;
}

export interface RailwayTableWire {
  variant: string;
  table: WireList<number>;
  players: WireList<RailwayPlayerWire>;
  /** Absent unless the variant is longest_train. */
  longest?: RailwayLongestWire;
  endsAt: number;
  over: boolean;
  endReason: string;
  assist: boolean;
}

/** Trains behind the locomotives (longest_train) travel flat: all cars, then each train's length. */
export interface RailwaySeatWire {
  train: WireList<number>;
  valid: number;
  hasLongest: boolean;
  longestCars: WireList<number>;
  longestLengths: WireList<number>;
}

const cars = (ids: WireList<number> | undefined): Car[] => list(ids).map(carOf);

export function slotOf(value: number): PublicSlot {
  if (value === SLOT_EMPTY) return null;
  if (value === SLOT_DOWN) return { down: true };
  return { car: carOf(value) };
}

function playerOf(p: RailwayPlayerWire): PublicPlayer {
  return {
    seat: p.seat, locomotive: carOf(p.locomotive), rule: p.rule as PublicPlayer['rule'], cars: p.cars,
    holding: p.holding === NO_CAR ? null : carOf(p.holding),
    holdingReleaseAt: p.holdingReleaseAt === 0 ? null : p.holdingReleaseAt,
    ...(p.revealed ? { train: cars(p.train), valid: p.valid } : {}),
  };
}

function longestPlayerOf(p: RailwayLongestPlayerWire): PublicLongestPlayer {
  return {
    seat: p.seat, pile: p.pile, turned: p.turned === NO_CAR ? null : carOf(p.turned),
    trainLengths: list(p.trainLengths),
    ...(p.revealed ? { trains: list(p.trains).map((t) => cars(t.cars)), valid: list(p.valid) } : {}),
  };
}

export const railwayReader: ViewReader<RailwayPublicView, RailwaySeatView | null> = {
  publicView(wire) {
    const w = wire as RailwayTableWire;
    return {
      variant: w.variant as RailwayPublicView['variant'],
      table: list(w.table).map(slotOf),
      players: list(w.players).map(playerOf),
      longest: w.longest ? { locomotives: cars(w.longest.locomotives), players: list(w.longest.players).map(longestPlayerOf) } : null,
      endsAt: w.endsAt, over: w.over, endReason: w.endReason, assist: w.assist,
    };
  },
  seatView(wire) {
    const w = wire as RailwaySeatWire | undefined;
    if (!w) return null;
    const view: RailwaySeatView = { train: cars(w.train), valid: w.valid };
    if (w.hasLongest) {
      const all = cars(w.longestCars);
      let at = 0;
      view.longestTrains = list(w.longestLengths).map((n) => all.slice(at, at += n));
    }
    return view;
  },
};
