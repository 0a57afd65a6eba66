/** Moves and clocks (RULES-NOTES 1.2 "Turn"): secret picks, row choices, time-outs. */
import { ruleError, type Applied, type GameEvent } from '../contract.js';
import { msg, seatRef } from '../../i18n/msg.js';
import { cardOf, cardParam } from './cards.js';
import type { RushHourAction } from './actions.js';
import { chooseRow, reveal, timeOutPrompt } from './resolve.js';
import { lowestRiskCard } from './risk.js';
import type { RushHourState } from './state.js';

export function applyRushHour(state: RushHourState, seat: number, action: RushHourAction, now: number): Applied<RushHourState> {
  if (state.over) return ruleError('game_over');
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.seats) return ruleError('not_seated');
  const s = structuredClone(state);
  const events: GameEvent[] = [];
  if (action.type === 'pick') {
    if (s.pickDeadline === null) return ruleError('not_picking');
    if (!s.hands[seat].includes(action.card)) return ruleError('not_in_hand');
    s.picks[seat] = action.card;
    events.push({ type: 'picked', seat, msg: msg('rush_hour:event.picked', { seat: seatRef(seat) }) });
    events.push({ type: 'myPick', seat, card: action.card, to: [seat], msg: msg('rush_hour:event.my_pick', { card: cardParam(cardOf(action.card, s.options)) }) });
    if (s.picks.every((p) => p !== null)) reveal(s, now, events, []);
    return { ok: true, state: s, events };
  }
  const refusal = chooseRow(s, seat, action.row, now, events);
  if (refusal) return { ok: false, error: refusal };
  return { ok: true, state: s, events };
}

export function rushHourDeadline(s: RushHourState): number | null {
  if (s.over) return null;
  return s.pickDeadline ?? s.prompt?.deadline ?? null;
}

/** Time-outs: the pick clock plays the lowest-risk card (the issue overrides RULES-NOTES' random card). */
export function advanceRushHour(state: RushHourState, now: number): Applied<RushHourState> {
  const s = structuredClone(state);
  const events: GameEvent[] = [];
  for (let guard = 0; guard < 100 && !s.over; guard++) {
    if (s.pickDeadline !== null && now >= s.pickDeadline) {
      const late = s.picks.flatMap((p, seat) => (p === null ? [seat] : []));
      for (const seat of late) {
        s.picks[seat] = lowestRiskCard(s.rows, s.hands[seat], seat, s.options);
        events.push({ type: 'timeout', seat, msg: msg('rush_hour:event.timeout_pick', { seat: seatRef(seat) }) });
      }
      reveal(s, now, events, late);
    } else if (s.prompt && now >= s.prompt.deadline) {
      timeOutPrompt(s, now, events);
    } else break;
  }
  return { ok: true, state: s, events };
}
