/** Trafficcars "Traffic-Memory" (room `traffic_memory`): the memory game of the rulebook's additional versions. */
import { Rng } from '../../random.js';
import type { GameDefinition } from '../contract.js';
import { trafficMemoryAction, type TrafficMemoryAction } from './actions.js';
import { trafficMemoryBot } from './bot.js';
import { seatRange, trafficMemoryOptions, VARIANTS, type TrafficMemoryOptions } from './options.js';
import { trafficMemoryMeta } from './meta.js';
import { advanceTrafficMemory, applyTrafficMemory, trafficMemoryDeadline } from './rules.js';
import { trafficMemoryResult } from './scoring.js';
import { setupTrafficMemory } from './setup.js';
import type { TrafficMemoryState } from './state.js';
import { trafficMemoryPublicView, trafficMemorySeatView, type TrafficMemoryPublicView, type TrafficMemorySeatView } from './views.js';

export const trafficMemoryGame: GameDefinition<TrafficMemoryState, TrafficMemoryAction, TrafficMemoryOptions, TrafficMemoryPublicView, TrafficMemorySeatView> = {
  ...trafficMemoryMeta,
  actionSchema: trafficMemoryAction,
  // One player opens cards at a time: nothing races.
  isRace: () => false,
  setup: setupTrafficMemory,
  apply: applyTrafficMemory,
  nextDeadline: trafficMemoryDeadline,
  advance: advanceTrafficMemory,
  publicView: (s) => trafficMemoryPublicView(s),
  seatView: (s, seat) => trafficMemorySeatView(s, seat),
  activeSeats: (s) => (s.phase === 'flip' ? [s.turn] : []),
  result: trafficMemoryResult,
  bot: trafficMemoryBot,
  viewBot: (_pub, mine, _seat, rng) => {
    if (!mine.myTurn || mine.canOpen.length === 0) return null;
    return { type: 'open', pos: mine.canOpen[new Rng(rng).int(mine.canOpen.length)] };
  },
};
