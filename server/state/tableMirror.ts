/** The game-independent parts of the table state: options, the public event log and the result as typed schema. */
import type { MapSchema } from '@colyseus/schema';
import type { GameResult } from '../../shared/games/contract.js';
import { paramsToWire, type Msg } from '../../shared/i18n/msg.js';
import { LOG_SIZE, LogEntryState, OptionValueState, ResultState, SeatResultState, wireSafe, type TableState } from './TableState.js';
import { syncItems, syncValues } from './sync.js';
import { logMsgOnWire } from '../../shared/wire/table.js';

/**
 * Options are validated by the game's zod schema: numbers, booleans, lists of numbers and short
 * enum strings (never near 255 bytes, so no wireSafe).
 */
export function writeOptions(target: MapSchema<OptionValueState>, options: Record<string, unknown>): void {
  for (const key of [...target.keys()]) if (!(key in options)) target.delete(key);
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined) { target.delete(key); continue; }
    const entry = target.get(key) ?? new OptionValueState();
    if (typeof value === 'number') { entry.kind = 'number'; entry.number = value; }
    else if (typeof value === 'boolean') { entry.kind = 'boolean'; entry.flag = value; }
    else if (Array.isArray(value)) { entry.kind = 'numbers'; syncValues(entry.numbers, value.map(Number)); }
    else { entry.kind = 'string'; entry.text = String(value); }
    if (!target.has(key)) target.set(key, entry);
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
 * Appends public events to the log, numbering them after the last one, and keeps the last LOG_SIZE.
 * The log is a ring: once full, the oldest entry is rewritten in place, so a new event costs one
 * entry on the wire (removing the first item would shift and re-send every later one). Readers
 * order entries by `n` (shared/wire/table.ts readLog).
 */
export function appendLog(state: TableState, messages: readonly Msg[]): void {
  if (messages.length === 0) return;
  let n = 0;
  for (const entry of state.log) n = Math.max(n, entry.n);
  for (const message of messages) {
    n += 1;
    const slot = (n - 1) % LOG_SIZE;
    const entry = state.log.length > slot ? state.log[slot] : new LogEntryState();
    const onWire = logMsgOnWire(message, state.game);
    entry.n = n;
    entry.key = onWire.key;
    writeParams(entry.params, onWire);
    if (state.log.length <= slot) state.log.push(entry);
  }
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
