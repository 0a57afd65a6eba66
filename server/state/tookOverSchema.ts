/** Took Over!'s views as schema (shared/wire/took_over.ts). */
import { ArraySchema, Schema, type } from '@colyseus/schema';
import { PublicViewState, SeatViewState } from './TableState.js';
import { TrafficcarsCardState } from './trafficcarsSchema.js';
import type { TookOverGapWire, TookOverLatestWire, TookOverPlayerWire, TookOverSeatWire, TookOverTableWire } from '../../shared/wire/took_over.js';

export class TookOverLatestState extends Schema implements TookOverLatestWire {
  @type('string') id = '';
  @type('string') side = '';
  @type('number') at = 0;
}

export class TookOverGapState extends Schema implements TookOverGapWire {
  @type('int16') low = 0;
  @type('int16') high = 0;
}

export class TookOverPlayerState extends Schema implements TookOverPlayerWire {
  @type('uint8') hand = 0;
  @type('uint8') stack = 0;
}

export class TookOverTableState extends PublicViewState implements TookOverTableWire {
  @type('string') phase = '';
  @type([TrafficcarsCardState]) line = new ArraySchema<TrafficcarsCardState>();
  @type('int8') active = 0;
  @type('int8') taker = -1;
  @type(TookOverLatestState) latest?: TookOverLatestState;
  @type(TookOverGapState) gap?: TookOverGapState;
  @type('number') paceUntil = 0;
  @type('number') idleUntil = 0;
  @type('uint8') passes = 0;
  @type([TookOverPlayerState]) players = new ArraySchema<TookOverPlayerState>();
  @type('uint8') discarded = 0;
  @type('uint8') setAside = 0;
  @type('int8') winner = -1;
  @type('number') paceMs = 0;
}

export class TookOverSeatState extends SeatViewState implements TookOverSeatWire {
  @type('uint8') seat = 0;
  @type([TrafficcarsCardState]) hand = new ArraySchema<TrafficcarsCardState>();
  @type(['string']) canPlace = new ArraySchema<string>();
  @type(['string']) canTakeOver = new ArraySchema<string>();
  @type('boolean') canPass = false;
}
