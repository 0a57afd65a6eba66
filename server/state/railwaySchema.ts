/** Railway Madness's views as schema: the wire shapes of shared/wire/railway.ts (car ids, slot markers). */
import { ArraySchema, Schema, type } from '@colyseus/schema';
import { PublicViewState, SeatViewState } from './TableState.js';
import type {
  CarRowWire, RailwayLongestPlayerWire, RailwayLongestWire, RailwayPlayerWire, RailwaySeatWire, RailwayTableWire,
} from '../../shared/wire/railway.js';

export class RailwayPlayerState extends Schema implements RailwayPlayerWire {
  @type('uint8') seat = 0;
  @type('uint8') locomotive = 0;
  @type('string') rule = '';
  @type('uint8') cars = 0;
  @type('int8') holding = -1;
  @type('number') holdingReleaseAt = 0;
  @type('boolean') revealed = false;
  @type(['uint8']) train = new ArraySchema<number>();
  @type('uint8') valid = 0;
}

export class CarRowState extends Schema implements CarRowWire {
  @type(['uint8']) cars = new ArraySchema<number>();
}

export class RailwayLongestPlayerState extends Schema implements RailwayLongestPlayerWire {
  @type('uint8') seat = 0;
  @type('uint8') pile = 0;
  @type('int8') turned = -1;
  @type(['uint8']) trainLengths = new ArraySchema<number>();
  @type('boolean') revealed = false;
  @type([CarRowState]) trains = new ArraySchema<CarRowState>();
  @type(['uint8']) valid = new ArraySchema<number>();
}

export class RailwayLongestState extends Schema implements RailwayLongestWire {
  @type(['uint8']) locomotives = new ArraySchema<number>();
  @type([RailwayLongestPlayerState]) players = new ArraySchema<RailwayLongestPlayerState>();
}

export class RailwayTableState extends PublicViewState implements RailwayTableWire {
  @type('string') variant = '';
  /** One entry per slot: a face-up car's id, SLOT_DOWN or SLOT_EMPTY. */
  @type(['int8']) table = new ArraySchema<number>();
  @type([RailwayPlayerState]) players = new ArraySchema<RailwayPlayerState>();
  @type(RailwayLongestState) longest?: RailwayLongestState;
  @type('number') endsAt = 0;
  @type('boolean') over = false;
  @type('string') endReason = '';
  @type('boolean') assist = false;
}

export class RailwaySeatState extends SeatViewState implements RailwaySeatWire {
  @type(['uint8']) train = new ArraySchema<number>();
  @type('uint8') valid = 0;
  @type('boolean') hasLongest = false;
  @type(['uint8']) longestCars = new ArraySchema<number>();
  @type(['uint8']) longestLengths = new ArraySchema<number>();
}
