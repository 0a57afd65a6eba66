/** Car Exchange's views as schema (shared/wire/car_exchange.ts). */
import { ArraySchema, Schema, type } from '@colyseus/schema';
import { PublicViewState, SeatViewState } from './TableState.js';
import type {
  CarExchangeExchangeWire, CarExchangePendingWire, CarExchangePlayerWire, CarExchangeRowWire, CarExchangeSeatWire,
  CarExchangeTableWire, CarExchangeTalkWire, CarExchangeWindowWire,
} from '../../shared/wire/car_exchange.js';

export class CarExchangePendingState extends Schema implements CarExchangePendingWire {
  @type('string') kind = '';
  @type('uint8') count = 0;
  @type(['int8']) chain = new ArraySchema<number>();
  @type('int8') dealer = -1;
}

export class CarExchangeWindowState extends Schema implements CarExchangeWindowWire {
  @type('uint8') seat = 0;
  @type('number') closesAt = -1;
}

export class CarExchangeExchangeState extends Schema implements CarExchangeExchangeWire {
  @type('uint8') by = 0;
  @type('uint8') target = 0;
  @type('number') closesAt = 0;
}

export class CarExchangeTalkState extends Schema implements CarExchangeTalkWire {
  @type('uint8') seat = 0;
  @type('number') deadline = 0;
}

export class CarExchangePlayerState extends Schema implements CarExchangePlayerWire {
  @type('uint8') seat = 0;
  @type('uint8') cards = 0;
  @type(['uint8']) tableau = new ArraySchema<number>();
  @type('boolean') out = false;
  @type('int8') place = -1;
  @type('number') score = 0;
  @type('uint8') skips = 0;
}

export class CarExchangeRowState extends Schema implements CarExchangeRowWire {
  @type(['number']) values = new ArraySchema<number>();
}

export class CarExchangeTableState extends PublicViewState implements CarExchangeTableWire {
  @type('string') phase = '';
  @type('uint16') round = 0;
  @type('number') targetScore = 0;
  @type('uint16') rounds = 0;
  @type('number') timeLimitAt = -1;
  @type('int16') top = -1;
  @type('string') activeColour = '';
  @type('uint8') deck = 0;
  @type('uint8') discard = 0;
  @type('uint8') turn = 0;
  @type('number') turnDeadline = -1;
  @type(CarExchangePendingState) pending?: CarExchangePendingState;
  @type(CarExchangeWindowState) newCarWindow?: CarExchangeWindowState;
  @type(CarExchangeExchangeState) exchange?: CarExchangeExchangeState;
  @type([CarExchangeTalkState]) talk = new ArraySchema<CarExchangeTalkState>();
  @type('boolean') talking = false;
  @type([CarExchangePlayerState]) players = new ArraySchema<CarExchangePlayerState>();
  @type(['uint8']) finishOrder = new ArraySchema<number>();
  @type([CarExchangeRowState]) history = new ArraySchema<CarExchangeRowState>();
  @type('number') nextRoundAt = -1;
}

export class CarExchangeSeatState extends SeatViewState implements CarExchangeSeatWire {
  @type('uint8') seat = 0;
  @type(['uint8']) hand = new ArraySchema<number>();
  @type(['uint8']) playable = new ArraySchema<number>();
  @type('int16') drawn = -1;
  @type('boolean') mustSay = false;
  @type('boolean') spokeThisTurn = false;
}
