/** Moves and clocks (RULES-NOTES 1.2 "Turn"): secret picks, row choices, time-outs. */
import { edit, editWithEvents } from '../edit.js';
import { ruleError, type Applied, type GameEvent, type RuleError } from '../contract.js';
import { msg, seatRef } from '../../i18n/msg.js';
import { cardOf, cardParam } from './cards.js';
import type { RushHourAction } from './actions.js';
import { chooseRow, reveal, timeOutPrompt } from './resolve.js';
import { lowestRiskCard } from './risk.js';
import type { RushHourState } from './state.js';

export function applyRushHour(state: RushHourState, seat: number, action: RushHourAction, now: number): Applied<RushHourState> {
  if (state.over) return ruleError('game_over');
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.seats) return ruleError('not_seated');
  const { state: next, result } = edit(state, (s) => {
    const events: GameEvent[] = [];
    return { refused: action.type === 'pick' ? pick(s, seat, action.card, now, events) : chooseRow(s, seat, action.row, now, events), events };
  });
  if (result.refused) return { ok: false, error: result.refused };
  return { ok: true, state: next, events: result.events };
}

function pick(s: RushHourState, seat: number, card: number, now: number, events: GameEvent[]): RuleError | null {
  if (s.pickDeadline === null) return { code: 'not_picking' };
  if (!s.hands[seat].includes(card)) return { code: 'not_in_hand' };
  s.picks[seat] = card;
  events.push({ type: 'picked', seat, msg: msg('rush_hour:event.picked', { seat: seatRef(seat) }) });
  events.push({ type: 'myPick', seat, card, to: [seat], msg: msg('rush_hour:event.my_pick', { card: cardParam(cardOf(card, s.options)) }) });
  if (s.picks.every((p) => p !== null)) reveal(s, now, events, []);
  return null;
}

export function rushHourDeadline(s: RushHourState): number | null {
  if (s.over) return null;
  return s.pickDeadline ?? s.prompt?.deadline ?? null;
}

/** Time-outs: the pick clock plays the lowest-risk card (the issue overrides RULES-NOTES' random card). */
export function advanceRushHour(state: RushHourState, now: number): Applied<RushHourState> {
  return editWithEvents(state, (s, events) => advanceDue(s, now, events));
}

function advanceDue(s: RushHourState, now: number, events: GameEvent[]): void {
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
}
