/**
 * Railway Madness on the wire: every car is its id (0..53, `carOf`/`carId`) and a table slot is a
 * car id or one of two markers, so grabbing a card changes one small number instead of re-sending
 * the table. Trains are the owner's until the final check reveals them.
 */
import { declareWire, f } from '../../wire/declare.js';
import { carId, carOf, type Car } from './cards.js';
import type { PublicLongestPlayer, PublicPlayer, PublicSlot, RailwayPublicView, RailwaySeatView } from './views.js';

/** Table slot markers (any other value is the id of a face-up car). */
const SLOT_EMPTY = -1;
const SLOT_DOWN = -2;

const car = f.mapped(f.uint8, carId, carOf);
/** A car or none (-1). */
const carOrNone = f.nullable(f.mapped(f.int8, carId, carOf));

const slot = f.mapped<PublicSlot, number>(
  f.int8,
  (s) => (s === null ? SLOT_EMPTY : 'down' in s ? SLOT_DOWN : carId(s.car)),
  (v) => (v === SLOT_EMPTY ? null : v === SLOT_DOWN ? { down: true } : { car: carOf(v) }),
);

const player = f.struct<PublicPlayer>('RailwayPlayer', {
  seat: f.uint8,
  locomotive: car,
  rule: f.literal<PublicPlayer['rule']>(),
  cars: f.uint8,
  holding: carOrNone,
  /** 0 when nothing is held. */
  holdingReleaseAt: f.nullable(f.number, 0),
  train: f.shown('revealed', f.list(car)),
  valid: f.shown('revealed', f.uint8),
});

const carRow = f.struct<Car[], { cars: Car[] }>('CarRow', { cars: f.list(car) }, {
  encode: (cars) => ({ cars }),
  decode: (row) => row.cars,
});

const longestPlayer = f.struct<PublicLongestPlayer>('RailwayLongestPlayer', {
  seat: f.uint8,
  pile: f.uint8,
  turned: carOrNone,
  trainLengths: f.list(f.uint8),
  trains: f.shown('revealed', f.list(carRow)),
  valid: f.shown('revealed', f.list(f.uint8)),
});

type Longest = NonNullable<RailwayPublicView['longest']>;

export const railwayWire = declareWire('railway_madness', {
  table: f.struct<RailwayPublicView>('RailwayTable', {
    variant: f.literal<RailwayPublicView['variant']>(),
    table: f.list(slot, { byIndex: true }),
    players: f.list(player),
    /** Only in the longest_train variant. */
    longest: f.optional(f.struct<Longest>('RailwayLongest', { locomotives: f.list(car), players: f.list(longestPlayer) })),
    endsAt: f.number,
    over: f.boolean,
    endReason: f.string,
    assist: f.boolean,
  }),
  seat: f.struct<RailwaySeatView>('RailwaySeat', {
    train: f.list(car, { byIndex: true }),
    valid: f.uint8,
    /** Trains behind the locomotives (longest_train) travel flat: all cars, then each train's length. */
    longestTrains: f.shown('hasLongest', f.rows(car, 'longestCars', 'longestLengths')),
  }),
});
