/** Traffic Tango (room `traffic_tango`): signs by day, secret routes, a step-by-step delivery. */
import type { GameDefinition } from '../contract.js';
import { trafficTangoAction, type TrafficTangoAction } from './actions.js';
import { trafficTangoBotMove, trafficTangoViewBot } from './bot.js';
import { seatRange, trafficTangoOptions, VARIANTS, type TrafficTangoOptions } from './options.js';
import { trafficTangoMeta } from './meta.js';
import { advanceTrafficTango, applyTrafficTango, trafficTangoDeadline } from './rules.js';
import { trafficTangoResult } from './result.js';
import { setupTrafficTango } from './setup.js';
import type { TrafficTangoState } from './state.js';
import {
  trafficTangoPublicView, trafficTangoSeatView, waitingSeats, type TrafficTangoPublicView, type TrafficTangoSeatView,
} from './views.js';

export const trafficTangoGame: GameDefinition<TrafficTangoState, TrafficTangoAction, TrafficTangoOptions, TrafficTangoPublicView, TrafficTangoSeatView> = {
  ...trafficTangoMeta,
  actionSchema: trafficTangoAction,
  // Signs and routes are secret and simultaneous; the Elimination choice is one player's: nothing races.
  isRace: () => false,
  setup: setupTrafficTango,
  apply: applyTrafficTango,
  nextDeadline: trafficTangoDeadline,
  advance: advanceTrafficTango,
  publicView: (s) => trafficTangoPublicView(s),
  seatView: (s, seat) => trafficTangoSeatView(s, seat),
  activeSeats: waitingSeats,
  result: trafficTangoResult,
  bot: (s, seat, level, rng) => trafficTangoBotMove(trafficTangoPublicView(s), trafficTangoSeatView(s, seat), seat, level, rng),
  viewBot: (pub, mine, seat, rng) => trafficTangoViewBot(pub, mine, seat, rng),
};
