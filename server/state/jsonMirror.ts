/**
 * The mirror of games that have no schema of their own yet: their views travel as JSON strings
 * (re-sent whole on every change; read by shared/wire/json.ts). Strings here can reach 255 bytes,
 * hence wireSafe.
 */
import { type } from '@colyseus/schema';
import { PublicViewState, SeatViewState, wireSafe } from './TableState.js';
import { defineMirror } from './mirror.js';

export class JsonTableState extends PublicViewState {
  @type('string') json = '';
}

export class JsonSeatState extends SeatViewState {
  @type('string') json = '';
}

export const jsonMirror = defineMirror({
  createTable: () => new JsonTableState(),
  writeTable(target: JsonTableState, view: unknown) { target.json = wireSafe(JSON.stringify(view)); },
  createSeat: () => new JsonSeatState(),
  writeSeat(target: JsonSeatState, view: unknown) { target.json = wireSafe(JSON.stringify(view)); },
});
