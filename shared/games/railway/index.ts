/** Railway Madness (room `railway_madness`): five variants over one engine. */
import type { GameDefinition } from '../contract.js';
import { railwayAction, isRailwayRace, type RailwayAction } from './actions.js';
import { railwayOptions, seatRange, type RailwayOptions } from './options.js';
import { railwayMadnessMeta } from './meta.js';
import { setupRailway } from './setup.js';
import { applyRailway, advanceRailway, railwayDeadline } from './rules.js';
import { railwayPublicView, railwaySeatView, type RailwayPublicView, type RailwaySeatView } from './views.js';
import { railwayResult } from './scoring.js';
import { railwayBotMove, railwayViewBot } from './bot.js';
import type { RailwayState } from './state.js';

export const railwayMadnessGame: GameDefinition<RailwayState, RailwayAction, RailwayOptions, RailwayPublicView, RailwaySeatView> = {
  ...railwayMadnessMeta,
  actionSchema: railwayAction,
  isRace: isRailwayRace,
  setup: setupRailway,
  apply: applyRailway,
  nextDeadline: railwayDeadline,
  advance: advanceRailway,
  publicView: (s) => railwayPublicView(s),
  seatView: (s, seat) => railwaySeatView(s, seat),
  // Everyone plays at once: no single seat to wait for.
  activeSeats: () => [],
  result: railwayResult,
  bot: (s, seat, level, rng) => railwayBotMove(railwayPublicView(s), railwaySeatView(s, seat), seat, level, rng),
  viewBot: (pub, mine, seat, rng) => railwayViewBot(pub, mine, seat, rng),
};
