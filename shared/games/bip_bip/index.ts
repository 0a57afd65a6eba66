/** Bip! Bip! ("Traffic", room `bip_bip`): one hand or a three-round match, everybody at once. */
import type { GameDefinition } from '../contract.js';
import { bipAction, isBipRace, type BipAction } from './actions.js';
import { bipBot, bipViewBot } from './bot.js';
import { bipOptions, seatRange, VARIANTS, type BipOptions } from './options.js';
import { bipBipMeta } from './meta.js';
import { advanceBip, applyBip, bipDeadline } from './rules.js';
import { bipResult } from './scoring.js';
import { setupBip } from './setup.js';
import type { BipState } from './state.js';
import { bipPublicView, bipSeatView, type BipPublicView, type BipSeatView } from './views.js';

export const bipBipGame: GameDefinition<BipState, BipAction, BipOptions, BipPublicView, BipSeatView> = {
  ...bipBipMeta,
  actionSchema: bipAction,
  isRace: isBipRace,
  setup: setupBip,
  apply: applyBip,
  nextDeadline: bipDeadline,
  advance: advanceBip,
  publicView: (s) => bipPublicView(s),
  seatView: (s, seat) => bipSeatView(s, seat),
  // Everyone plays at once; only the leader's card swap waits on one seat.
  activeSeats: (s) => (s.phase === 'swap' && s.swap ? [s.swap.leader] : []),
  result: bipResult,
  bot: bipBot,
  viewBot: bipViewBot,
};
