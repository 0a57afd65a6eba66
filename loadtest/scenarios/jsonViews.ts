/**
 * The wire as it was before issue 14, kept only as the wire bench's baseline: every view as one
 * JSON string, re-sent whole on every change. No room sends this any more (every game declares
 * its wire, shared/games/wires.ts). Strings here can reach 255 bytes, hence wireSafe.
 */
import { type } from '@colyseus/schema';
import { PublicViewState, SeatViewState, wireSafe } from '../../server/state/TableState.js';
import { defineMirror } from '../../server/state/mirror.js';

export class JsonTableState extends PublicViewState {
  @type('string') json = '';
}

export class JsonSeatState extends SeatViewState {
  @type('string') json = '';
}

export const jsonViewsMirror = defineMirror({
  createTable: () => new JsonTableState(),
  writeTable(target: JsonTableState, view: unknown) { target.json = wireSafe(JSON.stringify(view)); },
  createSeat: () => new JsonSeatState(),
  writeSeat(target: JsonSeatState, view: unknown) { target.json = wireSafe(JSON.stringify(view)); },
});
