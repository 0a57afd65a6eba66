/**
 * The move log on the wire (TableState `log`, `logShapes`, `logged`). Every schema instance costs
 * the server a change tree (≈ 1.3 KiB) per table, and the log as one instance per entry with a map
 * of parameters was most of a table's: here an entry is one string in a list of strings.
 *
 * An event's shape, its key and parameter names (`key␟name␟name…`), is sent once per table in
 * `logShapes`; an entry is the index of its shape and the parameter values in the same order
 * (`3␟@0␟$:type.cattle␟#4`, values as paramsToWire writes them). A ring slot rewritten with a
 * new event then carries its values only, not names and key again.
 */
import { paramsFromWire, paramsToWire, type Msg } from '../i18n/msg.js';

/** How many public events the table state keeps (the client's move log). */
export const LOG_SIZE = 30;

/**
 * Separates a shape's key and names and an entry's values: a control character that no key or
 * name holds; free text (an engine's transitional sentence) has it replaced by a space.
 */
const FIELD = '\u001f';

/** One public event on the wire: its shape's index and its parameter values (logEntryToWire). */
export type LogEntryWire = string;

/** `shapeIndex` finds the shape in the table's `logShapes`, adding it the first time. */
export function logEntryToWire(message: Msg, shapeIndex: (shape: string) => number): LogEntryWire {
  const params = paramsToWire(message.params);
  const shape = [message.key, ...params.map(([name]) => name)].join(FIELD);
  return [String(shapeIndex(shape)), ...params.map(([, value]) => value.replaceAll(FIELD, ' '))].join(FIELD);
}

/** Every part trimmed of wireSafe's padding (and of trailing spaces, as each parameter was before). */
export function logEntryFromWire(entry: LogEntryWire, shapes: readonly string[]): Msg {
  const [index = '', ...values] = entry.split(FIELD);
  const [key = '', ...names] = (shapes[Number(index)] ?? '').split(FIELD).map((part) => part.trimEnd());
  if (names.length === 0) return { key };
  return { key, params: paramsFromWire(names.map((name, i): [string, string] => [name, (values[i] ?? '').trimEnd()])) };
}

/**
 * The n (1, 2, …) of the event in ring slot `slot` once `logged` events were written: event n goes
 * to slot (n − 1) mod LOG_SIZE, and the slots hold the last LOG_SIZE events.
 */
export function logNumber(logged: number, slot: number): number {
  return logged - ((((logged - 1 - slot) % LOG_SIZE) + LOG_SIZE) % LOG_SIZE);
}
