/** Railway Madness moves (RULES-NOTES 5.2–5.3): flip, take, release, stop; The Longest Train's turn/place/bottom. */
import { edit } from '../edit.js';
import { ruleError, type Applied, type GameEvent } from '../contract.js';
import { msg, seatRef } from '../../i18n/msg.js';
import { carOf, carParams } from './cards.js';
import { follows, lastCar } from './matching.js';
import type { RailwayAction } from './actions.js';
import type { RailwayState } from './state.js';

const STOP_MINIMUM = 5;

export function applyRailway(state: RailwayState, seat: number, action: RailwayAction, now: number): Applied<RailwayState> {
  if (state.over) return ruleError('game_over');
  if (seat < 0 || seat >= state.seats) return ruleError('not_seated');
  const { state: next, result } = edit(state, (s) => {
    const events: GameEvent[] = [];
    const refused = s.longest ? longestTrainMove(s, seat, action, events) : tableMove(s, seat, action, now, events);
    if (!refused) finishIfDone(s, events);
    return { refused, events };
  });
  if (result.refused) return result.refused;
  return { ok: true, state: next, events: result.events };
}

/** Returns an error, or null after changing `s` in place. */
function tableMove(s: RailwayState, seat: number, action: RailwayAction, now: number, events: GameEvent[]) {
  const me = s.players[seat];
  switch (action.type) {
    case 'flip': {
      if (s.variant === 'juniors' || s.variant === 'express') return ruleError('no_flips');
      if (me.held) return ruleError('hand_full');
      const slot = s.table[action.slot];
      if (!slot) return goneError(s, action.slot);
      if (slot.faceUp) return ruleError('face_up');
      s.table[action.slot] = null;
      s.takenBy[action.slot] = seat;
      me.held = { card: slot.card, slot: action.slot, releaseAt: now + s.releaseMs };
      events.push({ type: 'flip', seat, slot: action.slot, msg: msg('railway_madness:event.flip', { seat: seatRef(seat), ...carParams(carOf(slot.card)) }) });
      return null;
    }
    case 'take': {
      let card: number;
      if (action.slot === undefined) {
        if (!me.held) return ruleError('hand_empty');
        card = me.held.card;
      } else {
        if (me.held) return ruleError('hand_full');
        const slot = s.table[action.slot];
        if (!slot) return goneError(s, action.slot);
        if (!slot.faceUp) return ruleError('face_down');
        card = slot.card;
      }
      if (s.assist && !follows(me.rule, lastCar(me.locomotive, me.train), carOf(card), me.locomotive)) {
        return ruleError('no_match', carParams(carOf(card)));
      }
      if (action.slot === undefined) me.held = null;
      else {
        s.table[action.slot] = null;
        s.takenBy[action.slot] = seat;
      }
      me.train.push(card);
      events.push({ type: 'take', seat, slot: action.slot ?? null, msg: msg('railway_madness:event.take', { seat: seatRef(seat), ...carParams(carOf(card)) }) });
      return null;
    }
    case 'release': {
      if (!me.held) return ruleError('nothing_held');
      releaseHeld(s, seat);
      events.push({ type: 'release', seat, msg: msg('railway_madness:event.release', { seat: seatRef(seat) }) });
      return null;
    }
    case 'stop': {
      if (s.variant !== 'training') return ruleError('no_stop');
      if (me.train.length < STOP_MINIMUM) return ruleError('too_short', { count: STOP_MINIMUM });
      s.stoppedBy = seat;
      end(s, 'stop', events, seat);
      return null;
    }
    default:
      return ruleError('longest_train_only');
  }
}

function longestTrainMove(s: RailwayState, seat: number, action: RailwayAction, events: GameEvent[]) {
  const me = s.longest!.players[seat];
  switch (action.type) {
    case 'turn': {
      if (me.turned !== null) return ruleError('already_turned');
      const top = me.pile.shift();
      if (top === undefined) return ruleError('pile_empty');
      me.turned = top;
      events.push({ type: 'turn', seat, msg: msg('railway_madness:event.turn', { seat: seatRef(seat), ...carParams(carOf(top)) }) });
      return null;
    }
    case 'place': {
      if (me.turned === null) return ruleError('nothing_turned');
      const train = me.trains[action.train];
      const locomotive = s.longest!.locomotives[action.train];
      if (s.assist && !follows('atLeastOne', lastCar(locomotive, train), carOf(me.turned), locomotive)) {
        return ruleError('no_match_train', { train: action.train + 1 });
      }
      train.push(me.turned);
      me.turned = null;
      me.bottomsInARow = 0;
      events.push({ type: 'place', seat, train: action.train, msg: msg('railway_madness:event.place', { seat: seatRef(seat), train: action.train + 1 }) });
      return null;
    }
    case 'bottom': {
      if (me.turned === null) return ruleError('nothing_turned');
      me.pile.push(me.turned);
      me.turned = null;
      me.bottomsInARow++;
      return null;
    }
    default:
      return ruleError('not_in_longest_train');
  }
}

/** An empty position: tell a late grabber who was first (RULES-NOTES 5.4 test 5); `seat` names the taker. */
function goneError(s: RailwayState, slot: number) {
  const by = s.takenBy[slot];
  return by === null ? ruleError('no_card') : ruleError('gone', { seat: seatRef(by) });
}

/** Training puts a released card back face down, the other variants face up (RULES-NOTES 5.3). */
function releaseHeld(s: RailwayState, seat: number): void {
  const held = s.players[seat].held!;
  const slot = held.slot >= 0 && s.table[held.slot] === null ? held.slot : s.table.findIndex((t) => t === null);
  s.table[slot] = { card: held.card, faceUp: s.variant !== 'training' };
  s.players[seat].held = null;
}

export function advanceRailway(state: RailwayState, now: number): Applied<RailwayState> {
  if (state.over) return { ok: true, state, events: [] };
  const { state: next, result: events } = edit(state, (s) => {
    const events: GameEvent[] = [];
    s.players.forEach((p, seat) => {
      if (p.held && p.held.releaseAt <= now) {
        releaseHeld(s, seat);
        events.push({ type: 'release', seat, msg: msg('railway_madness:event.release_auto', { seat: seatRef(seat), count: Math.round(s.releaseMs / 1000) }) });
      }
    });
    if (now >= s.endsAt) end(s, 'time', events);
    else finishIfDone(s, events);
    return events;
  });
  return { ok: true, state: next, events };
}

export function railwayDeadline(state: RailwayState): number | null {
  if (state.over) return null;
  const releases = state.players.flatMap((p) => (p.held ? [p.held.releaseAt] : []));
  return Math.min(state.endsAt, ...releases);
}

/** The end conditions of each variant (RULES-NOTES 5.3). */
function finishIfDone(s: RailwayState, events: GameEvent[]): void {
  if (s.over) return;
  if (s.longest) {
    const ps = s.longest.players;
    if (ps.some((p) => p.pile.length === 0 && p.turned === null)) return end(s, 'out_of_cards', events);
    if (ps.every((p) => p.turned === null && p.bottomsInARow >= p.pile.length)) return end(s, 'stuck', events);
    return;
  }
  if (s.players.some((p) => p.held)) return;
  const onTable = s.table.flatMap((t) => (t ? [t.card] : []));
  if (onTable.length === 0) return end(s, 'table_empty', events);
  // "The game is over as soon as none of the players can collect any more matching cards",
  // face-down cards included (the server knows them; RULES-NOTES 5.3 Basic).
  const anyoneCanCollect = s.players.some((p) => onTable.some((id) => follows(p.rule, lastCar(p.locomotive, p.train), carOf(id), p.locomotive)));
  if (!anyoneCanCollect) end(s, 'no_match_left', events);
}

const END_KEYS = {
  stop: 'railway_madness:event.end_stop',
  time: 'railway_madness:event.end_time',
  out_of_cards: 'railway_madness:event.end_out_of_cards',
  stuck: 'railway_madness:event.end_stuck',
  table_empty: 'railway_madness:event.end_table_empty',
  no_match_left: 'railway_madness:event.end_no_match_left',
} as const;

/** Stop names who called it. */
function end(s: RailwayState, reason: keyof typeof END_KEYS, events: GameEvent[], caller?: number): void {
  s.over = true;
  s.endReason = reason;
  events.push({ type: 'end', reason, msg: msg(END_KEYS[reason], caller === undefined ? undefined : { seat: seatRef(caller) }) });
}
