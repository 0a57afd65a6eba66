/** Car Exchange (room `car_exchange`): the UNO-like "Official card game rules", 2–8 players. */
import type { GameDefinition, Seat } from '../contract.js';
import { carExchangeAction, isCarExchangeRace, type CarExchangeAction } from './actions.js';
import { carExchangeBotMove, carExchangeViewBot } from './bot.js';
import { advanceCarExchange, carExchangeDeadline } from './clock.js';
import { carExchangeOptions, seatRange, type CarExchangeOptions } from './options.js';
import { carExchangeMeta } from './meta.js';
import { applyCarExchange } from './rules.js';
import { carExchangeResult } from './scoring.js';
import { setupCarExchange } from './setup.js';
import type { CarExchangeState } from './state.js';
import { carExchangePublicView, carExchangeSeatView, type CarExchangePublicView, type CarExchangeSeatView } from './views.js';

function activeSeats(s: CarExchangeState): Seat[] {
  if (s.phase !== 'playing') return [];
  if (s.exchange) return [s.exchange.target];
  // Anyone might hold a NEW CAR: highlighting nobody keeps that hidden.
  if (s.newCarWindow && s.newCarWindow.closesAt !== null) return [];
  if (s.pending?.kind === 'dealerColour') return [s.pending.dealer];
  return [s.turn];
}

export const carExchangeGame: GameDefinition<CarExchangeState, CarExchangeAction, CarExchangeOptions, CarExchangePublicView, CarExchangeSeatView> = {
  ...carExchangeMeta,
  actionSchema: carExchangeAction,
  isRace: isCarExchangeRace,
  setup: setupCarExchange,
  apply: applyCarExchange,
  nextDeadline: carExchangeDeadline,
  advance: advanceCarExchange,
  publicView: (s) => carExchangePublicView(s),
  seatView: (s, seat) => carExchangeSeatView(s, seat),
  activeSeats,
  result: carExchangeResult,
  bot: (s, seat, level, rng) => carExchangeBotMove(carExchangePublicView(s), carExchangeSeatView(s, seat), seat, level, rng),
  viewBot: (pub, mine, seat, rng) => carExchangeViewBot(pub, mine, seat, rng),
};

export type { CarExchangeState } from './state.js';
export type { CarExchangeAction } from './actions.js';
export type { CarExchangeOptions } from './options.js';
export type { CarExchangePublicView, CarExchangeSeatView } from './views.js';
