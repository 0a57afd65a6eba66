/** The game-independent parts of the table state: options and result as typed schema. */
import type { MapSchema } from '@colyseus/schema';
import type { GameResult } from '../../shared/games/contract.js';
import { OptionValueState, ResultState, SeatResultState, wireSafe, type TableState } from './TableState.js';
import { syncItems, syncValues } from './sync.js';

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

export function writeResult(state: TableState, result: GameResult): void {
  const target = state.result ?? new ResultState();
  target.summary = wireSafe(typeof result.summary === 'string' ? result.summary : result.summary.key);
  syncItems(target.seats, result.seats, () => new SeatResultState(), (item, s) => {
    item.seat = s.seat; item.place = s.place; item.score = s.score;
  });
  state.result = target;
}
