/** Trafficcars "Rush Hour" (room `rush_hour`): the basic game with the kids' options. */
import type { GameDefinition } from '../contract.js';
import { rushHourAction, type RushHourAction } from './actions.js';
import { rushHourBotMove, rushHourViewBot } from './bot.js';
import { rushHourOptions, seatRange, VARIANTS, type RushHourOptions } from './options.js';
import { rushHourMeta } from './meta.js';
import { advanceRushHour, applyRushHour, rushHourDeadline } from './rules.js';
import { rushHourResult } from './scoring.js';
import { setupRushHour } from './setup.js';
import type { RushHourState } from './state.js';
import { rushHourPublicView, rushHourSeatView, type RushHourPublicView, type RushHourSeatView } from './views.js';

export const rushHourGame: GameDefinition<RushHourState, RushHourAction, RushHourOptions, RushHourPublicView, RushHourSeatView> = {
  ...rushHourMeta,
  actionSchema: rushHourAction,
  // Picks are secret and simultaneous, row choices are asked of one player: nothing races.
  isRace: () => false,
  setup: setupRushHour,
  apply: applyRushHour,
  nextDeadline: rushHourDeadline,
  advance: advanceRushHour,
  publicView: (s) => rushHourPublicView(s),
  seatView: (s, seat) => rushHourSeatView(s, seat),
  activeSeats: (s) => {
    if (s.over) return [];
    if (s.prompt?.kind === 'card') return [s.prompt.play.seat];
    const prompt = s.prompt;
    if (prompt?.kind === 'group') return prompt.plays.filter((_, i) => prompt.choices[i] === null).map((p) => p.seat);
    // The secret pick is simultaneous: whoever has not picked yet is to move (a turn-based table's
    // "your turn" and its move clock's time-outs go by this).
    return s.picks.flatMap((pick, seat) => (pick === null ? [seat] : []));
  },
  result: rushHourResult,
  bot: (s, seat, level, rng) => rushHourBotMove(rushHourPublicView(s), rushHourSeatView(s, seat), seat, level, rng),
  viewBot: (pub, mine, seat, rng) => rushHourViewBot(pub, mine, seat, rng),
};
