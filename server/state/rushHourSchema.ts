/** Rush Hour's views as schema (shared/wire/rush_hour.ts). */
import { ArraySchema, Schema, type } from '@colyseus/schema';
import { PublicViewState, SeatViewState } from './TableState.js';
import type {
  RushHourOptionsWire, RushHourPlayWire, RushHourPlayerWire, RushHourPromptWire, RushHourRowWire, RushHourSeatWire,
  RushHourSlotWire, RushHourStepWire, RushHourTableWire, RushHourTurnWire,
} from '../../shared/wire/rush_hour.js';

export class RushHourOptionsState extends Schema implements RushHourOptionsWire {
  @type('string') variant = '';
  @type('uint8') players = 0;
  @type('uint8') maxNumber = 0;
  @type('uint8') handSize = 0;
  @type('uint8') rows = 0;
  @type('boolean') noSpecials = false;
  @type('boolean') noHeavyJam = false;
  @type('boolean') noTooSmallPenalty = false;
  @type('string') trailerNumbers = '';
  @type('uint8') trailerPoints = 0;
  @type('uint8') deals = 0;
  @type('number') pickMs = 0;
  @type('number') choiceMs = 0;
}

export class RushHourSlotState extends Schema implements RushHourSlotWire {
  @type('boolean') free = false;
  @type(['uint8']) cards = new ArraySchema<number>();
}

export class RushHourRowState extends Schema implements RushHourRowWire {
  @type([RushHourSlotState]) slots = new ArraySchema<RushHourSlotState>();
  @type('int16') end = -1;
  @type('boolean') open = false;
}

export class RushHourStepState extends Schema implements RushHourStepWire {
  @type('string') kind = '';
  @type('uint8') seat = 0;
  @type('int8') card = -1;
  @type('uint8') row = 0;
  @type('string') at = '';
  @type(['uint8']) cards = new ArraySchema<number>();
  @type('uint16') points = 0;
  @type('string') reason = '';
  @type(['uint8']) loaded = new ArraySchema<number>();
}

export class RushHourPlayState extends Schema implements RushHourPlayWire {
  @type('uint8') seat = 0;
  @type('uint8') card = 0;
}

export class RushHourTurnState extends Schema implements RushHourTurnWire {
  @type('uint8') deal = 0;
  @type('uint8') turn = 0;
  @type([RushHourPlayState]) revealed = new ArraySchema<RushHourPlayState>();
  @type([RushHourRowState]) rowsBefore = new ArraySchema<RushHourRowState>();
  @type([RushHourStepState]) steps = new ArraySchema<RushHourStepState>();
  @type(['uint8']) timedOut = new ArraySchema<number>();
}

export class RushHourPromptState extends Schema implements RushHourPromptWire {
  @type('string') kind = '';
  @type('string') special = '';
  @type(['uint8']) seats = new ArraySchema<number>();
  @type(['boolean']) chosen = new ArraySchema<boolean>();
  @type('number') deadline = 0;
  @type('uint8') seat = 0;
  @type('int8') card = -1;
  @type('string') mode = '';
  @type(['uint8']) rows = new ArraySchema<number>();
}

export class RushHourPlayerState extends Schema implements RushHourPlayerWire {
  @type('uint8') seat = 0;
  @type('uint8') handCount = 0;
  @type('boolean') picked = false;
  @type(['uint8']) pile = new ArraySchema<number>();
  @type('uint16') points = 0;
  @type('uint16') cardsTaken = 0;
}

export class RushHourTableState extends PublicViewState implements RushHourTableWire {
  @type(RushHourOptionsState) options = new RushHourOptionsState();
  @type('string') phase = '';
  @type('uint8') deal = 0;
  @type('uint8') turn = 0;
  @type('uint8') lead = 0;
  @type(['uint8']) priority = new ArraySchema<number>();
  @type('number') pickDeadline = -1;
  @type(RushHourPromptState) prompt?: RushHourPromptState;
  @type([RushHourRowState]) rows = new ArraySchema<RushHourRowState>();
  @type([RushHourPlayerState]) players = new ArraySchema<RushHourPlayerState>();
  @type(RushHourTurnState) lastTurn?: RushHourTurnState;
  @type('boolean') over = false;
}

export class RushHourSeatState extends SeatViewState implements RushHourSeatWire {
  @type('uint8') seat = 0;
  @type(['uint8']) hand = new ArraySchema<number>();
  @type('int8') pick = -1;
  @type('int8') secretRow = -1;
  @type(['uint8']) canChoose = new ArraySchema<number>();
}
