/** The game-independent parts of the table state: options, the public event log and the result as typed schema. */
import type { MapSchema } from '@colyseus/schema';
import type { GameResult } from '../../shared/games/contract.js';
import { paramsToWire, type Msg } from '../../shared/i18n/msg.js';
import { ResultState, SeatResultState, wireSafe, type TableState } from './TableState.js';
import { syncItems } from './sync.js';
import { logMsgOnWire, optionToWire } from '../../shared/wire/table.js';
import { LOG_SIZE, logEntryToWire } from '../../shared/wire/log.js';

/**
 * Options are validated by the game's zod schema: numbers, booleans, lists of numbers and short
 * enum strings, each sent as its JSON. A changed option re-sends only its own entry.
 */
export function writeOptions(target: MapSchema<string>, options: Record<string, unknown>): void {
  for (const key of [...target.keys()]) if (!(key in options)) target.delete(key);
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined) { target.delete(key); continue; }
    const json = wireSafe(optionToWire(value));
    if (target.get(key) !== json) target.set(key, json);
  }
}

/**
 * A message's parameters into a schema map. A string parameter may be free text (a player's
 * name): wireSafe keeps it off the 255-byte length; readers trim it back.
 */
export function writeParams(target: MapSchema<string>, message: Msg): void {
  const wire = new Map(paramsToWire(message.params).map(([k, v]) => [k, wireSafe(v)]));
  for (const key of [...target.keys()]) if (!wire.has(key)) target.delete(key);
  for (const [key, value] of wire) if (target.get(key) !== value) target.set(key, value);
}

/**
 * Appends public events to the log and keeps the last LOG_SIZE. The log is a ring: once full, the
 * oldest entry is rewritten in place, so a new event costs one entry on the wire (removing the
 * first item would shift and re-send every later one). `logged` counts the events: readers number
 * each slot from it (shared/wire/log.ts).
 */
export function appendLog(state: TableState, messages: readonly Msg[]): void {
  for (const message of messages) {
    const slot = state.logged % LOG_SIZE;
    const entry = wireSafe(logEntryToWire(logMsgOnWire(message, state.game), (shape) => shapeIndex(state, shape)));
    if (slot < state.log.length) state.log[slot] = entry;
    else state.log.push(entry);
    state.logged += 1;
  }
}

/** A table has a few dozen shapes at most (its game's event keys and the server's): a scan is enough. */
function shapeIndex(state: TableState, shape: string): number {
  const safe = wireSafe(shape);
  const index = state.logShapes.indexOf(safe);
  if (index >= 0) return index;
  state.logShapes.push(safe);
  return state.logShapes.length - 1;
}

export function writeResult(state: TableState, result: GameResult): void {
  const target = state.result ?? new ResultState();
  target.summary = result.summary.key;
  writeParams(target.summaryParams, result.summary);
  syncItems(target.seats, result.seats, () => new SeatResultState(), (item, s) => {
    item.seat = s.seat; item.place = s.place; item.score = s.score;
  });
  state.result = target;
}
