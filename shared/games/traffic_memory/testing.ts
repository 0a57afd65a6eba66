/** Test-only builders: a hand-made layout, acting and advancing (imported by *.test.ts only). */
import type { GameEvent } from '../contract.js';
import { carCard, wildCard, type TrafficcarsCard } from '../trafficcars_deck/cards.js';
import { trafficMemoryGame as game } from './index.js';
import { trafficMemoryOptions } from './options.js';
import type { TrafficMemoryState } from './state.js';
import { engineHarness } from '../testing/engineHarness.js';

/** A layout cell: a number is that car, 'P'/'A' a Police/Ambulance wild, null an empty place. */
export type Cell = number | 'P' | 'A' | null;

let wildCount = 0;
export function cardOfCell(cell: Exclude<Cell, null>): TrafficcarsCard {
  if (cell === 'P') return wildCard('police', ++wildCount);
  if (cell === 'A') return wildCard('ambulance', ++wildCount);
  return carCard(cell);
}

/** Seat 0 to open, at time 0, with this layout face down; options as given (2 players, no reveal pause by default). */
export function table(layout: Cell[], extra: Record<string, unknown> = {}): TrafficMemoryState {
  const o = trafficMemoryOptions.parse({ players: 2, revealMs: 0, ...extra });
  const s = structuredClone(game.setup(o, o.players, 1, 0));
  s.grid = layout.map((c) => (c === null ? null : cardOfCell(c)));
  s.columns = Math.ceil(Math.sqrt(layout.length));
  s.seenAt = layout.map(() => null);
  s.turn = 0;
  return s;
}

export const { act, refusal, advance } = engineHarness<TrafficMemoryState>(game);

/** Seat opens the given positions in order. */
export function openAll(s: TrafficMemoryState, seat: number, positions: number[], now = 100): { s: TrafficMemoryState; events: GameEvent[] } {
  let cur = s;
  const events: GameEvent[] = [];
  for (const pos of positions) {
    const r = act(cur, seat, { type: 'open', pos }, now);
    cur = r.state;
    events.push(...r.events);
  }
  return { s: cur, events };
}

/** The numbers (or 'W') of a seat's pile. */
export const pile = (s: TrafficMemoryState, seat: number): (number | 'W')[] => s.piles[seat].map((c) => c.value ?? 'W');
