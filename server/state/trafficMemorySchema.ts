/** Traffic-Memory's views as schema (shared/wire/traffic_memory.ts). A face-down cell has no card. */
import { ArraySchema, Schema, type } from '@colyseus/schema';
import { PublicViewState, SeatViewState } from './TableState.js';
import { CardRowState, TrafficcarsCardState } from './trafficcarsSchema.js';
import type { MemoryCellWire, TrafficMemorySeatWire, TrafficMemoryTableWire } from '../../shared/wire/traffic_memory.js';

export class MemoryCellState extends Schema implements MemoryCellWire {
  @type('uint8') pos = 0;
  @type('string') state = 'down';
  @type(TrafficcarsCardState) card?: TrafficcarsCardState;
}

export class TrafficMemoryTableState extends PublicViewState implements TrafficMemoryTableWire {
  @type('string') phase = '';
  @type('uint8') turn = 0;
  @type('uint8') columns = 0;
  @type([MemoryCellState]) cells = new ArraySchema<MemoryCellState>();
  @type(['uint8']) opened = new ArraySchema<number>();
  @type([CardRowState]) piles = new ArraySchema<CardRowState>();
  @type('uint8') faceDown = 0;
  @type('uint8') rangeFrom = 0;
  @type('uint8') rangeTo = 0;
  @type('boolean') wilds = false;
  @type('number') flipBy = -1;
  @type('number') revealUntil = -1;
}

export class TrafficMemorySeatState extends SeatViewState implements TrafficMemorySeatWire {
  @type('uint8') seat = 0;
  @type('boolean') myTurn = false;
  @type(['uint8']) canOpen = new ArraySchema<number>();
}
