/** Tiny (room `tiny`, test-only): the whole engine contract in a few moves. */
import type { GameDefinition } from '../../contract.js';
import { tinyMeta } from './meta.js';
import { applyTiny, setupTiny, tinyAction, tinyOver, tinyResult, type TinyAction, type TinyOptions, type TinyState } from './rules.js';
import { tinyPublicView, tinySeatView, type TinyPublicView, type TinySeatView } from './views.js';

export const tinyGame: GameDefinition<TinyState, TinyAction, TinyOptions, TinyPublicView, TinySeatView> = {
  ...tinyMeta,
  actionSchema: tinyAction,
  isRace: () => false,
  setup: (options, seats, seed) => setupTiny(options, seats, seed),
  apply: (s, seat, action) => applyTiny(s, seat, action),
  nextDeadline: () => null,
  advance: (s) => ({ ok: true, state: s, events: [] }),
  publicView: (s) => tinyPublicView(s),
  seatView: (s, seat) => tinySeatView(s, seat),
  activeSeats: (s) => (tinyOver(s) ? [] : [s.turn]),
  result: tinyResult,
  bot: (s, seat) => (!tinyOver(s) && s.turn === seat ? { action: { type: 'tap' }, delayMs: 300 } : null),
  viewBot: (pub, _mine, seat) => (pub.phase === 'play' && pub.turn === seat ? { type: 'tap' } : null),
};
