/** Trafficcars "Took Over!" (room `took_over`): shed your cards on one ascending line, and take over the turn. */
import { Rng } from '../../random.js';
import type { GameDefinition } from '../contract.js';
import { tookOverAction, type TookOverAction } from './actions.js';
import { tookOverBot } from './bot.js';
import { seatRange, tookOverOptions, VARIANTS, type TookOverOptions } from './options.js';
import { tookOverMeta } from './meta.js';
import { advanceTookOver, applyTookOver, takerOf, tookOverDeadline } from './rules.js';
import { tookOverResult } from './scoring.js';
import { setupTookOver } from './setup.js';
import type { TookOverState } from './state.js';
import { tookOverPublicView, tookOverSeatView, type TookOverPublicView, type TookOverSeatView } from './views.js';

export const tookOverGame: GameDefinition<TookOverState, TookOverAction, TookOverOptions, TookOverPublicView, TookOverSeatView> = {
  ...tookOverMeta,
  actionSchema: tookOverAction,
  // "Taking Over!" races the active player's next placement: the room orders both by compensated time.
  isRace: (a) => a.type === 'takeOver' || a.type === 'place',
  setup: setupTookOver,
  apply: applyTookOver,
  nextDeadline: tookOverDeadline,
  advance: advanceTookOver,
  publicView: (s) => tookOverPublicView(s),
  seatView: (s, seat) => tookOverSeatView(s, seat),
  activeSeats: (s) => {
    if (s.winner !== null) return [];
    if (s.latest === null) return [s.active];
    return s.options.anyoneCanTakeOver
      ? Array.from({ length: s.seats }, (_, i) => i)
      : [s.active, takerOf(s)];
  },
  result: tookOverResult,
  bot: tookOverBot,
  viewBot: (pub, mine, seat, rng, now) => {
    if (pub.phase === 'over') return null;
    if (mine.canTakeOver.length > 0) return { type: 'takeOver', cards: mine.canTakeOver };
    if (pub.active !== seat || now < pub.paceUntil) return null;
    if (mine.canPass) return { type: 'pass' };
    return { type: 'place', card: mine.canPlace[new Rng(rng).int(mine.canPlace.length)] };
  },
};
