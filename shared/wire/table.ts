/** Reading the game-independent typed parts of the table state: options and result. */
import type { GameResult } from '../games/contract.js';
import { list, type WireList } from './contract.js';

export interface OptionValueWire { kind: string; number: number; flag: boolean; text: string; numbers: WireList<number> }
export interface ResultWire { seats: WireList<{ seat: number; place: number; score: number }>; summary: string }

export function readOptions(options: { forEach(cb: (value: OptionValueWire, key: string) => void): void }): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  options.forEach((v, key) => {
    out[key] = v.kind === 'number' ? v.number : v.kind === 'boolean' ? v.flag : v.kind === 'numbers' ? list(v.numbers) : v.text;
  });
  return out;
}

/** Null until the game is over. */
export function readResult(result: ResultWire | undefined): GameResult | null {
  if (!result) return null;
  return {
    seats: list(result.seats).map((s) => ({ seat: s.seat, place: s.place, score: s.score })),
    summary: result.summary.trimEnd(),
  };
}
