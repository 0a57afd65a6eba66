/** Railway Madness moves (RULES-NOTES 5.2–5.3): flip, take, release, stop; The Longest Train's turn/place/bottom. */
import { ruleError, type Applied, type GameEvent } from '../contract.js';
import { carOf, describeCar } from './cards.js';
import { follows, lastCar } from './matching.js';
import type { RailwayAction } from './actions.js';
import type { RailwayState } from './state.js';

const STOP_MINIMUM = 5;

export function applyRailway(state: RailwayState, seat: number, action: RailwayAction, now: number): Applied<RailwayState> {
  if (state.over) return ruleError('game_over', 'The game is over.');
  if (seat < 0 || seat >= state.seats) return ruleError('not_seated', 'You have no seat at this table.');
  const next = structuredClone(state);
  const events: GameEvent[] = [];
  const outcome = state.longest ? longestTrainMove(next, seat, action, events) : tableMove(next, seat, action, now, events);
  if (outcome) return outcome;
  finishIfDone(next, events);
  return { ok: true, state: next, events };
}

/** Returns an error, or null after changing `s` in place. */
function tableMove(s: RailwayState, seat: number, action: RailwayAction, now: number, events: GameEvent[]) {
  const me = s.players[seat];
  switch (action.type) {
    case 'flip': {
      if (s.variant === 'juniors' || s.variant === 'express') return ruleError('no_flips', 'Every card is face up in this variant: take one.');
      if (me.held) return ruleError('hand_full', 'Your search hand already holds a card: take it or put it back first.');
      const slot = s.table[action.slot];
      if (!slot) return ruleError('gone', goneMessage(s, action.slot));
      if (slot.faceUp) return ruleError('face_up', 'That card is already face up: take it instead.');
      s.table[action.slot] = null;
      s.takenBy[action.slot] = seat;
      me.held = { card: slot.card, slot: action.slot, releaseAt: now + s.releaseMs };
      events.push({ type: 'flip', seat, slot: action.slot, text: `Seat ${seat + 1} turned over a ${describeCar(carOf(slot.card))}` });
      return null;
    }
    case 'take': {
      let card: number;
      if (action.slot === undefined) {
        if (!me.held) return ruleError('hand_empty', 'Your search hand is empty: turn a card over or pick a face-up one.');
        card = me.held.card;
      } else {
        if (me.held) return ruleError('hand_full', 'Only one card at a time: take or put back the card you hold first.');
        const slot = s.table[action.slot];
        if (!slot) return ruleError('gone', goneMessage(s, action.slot));
        if (!slot.faceUp) return ruleError('face_down', 'That card is face down: turn it over first.');
        card = slot.card;
      }
      if (s.assist && !follows(me.rule, lastCar(me.locomotive, me.train), carOf(card), me.locomotive)) {
        return ruleError('no_match', `The ${describeCar(carOf(card))} does not match your last car.`);
      }
      if (action.slot === undefined) me.held = null;
      else {
        s.table[action.slot] = null;
        s.takenBy[action.slot] = seat;
      }
      me.train.push(card);
      events.push({ type: 'take', seat, slot: action.slot ?? null, text: `Seat ${seat + 1} added a ${describeCar(carOf(card))} to their train` });
      return null;
    }
    case 'release': {
      if (!me.held) return ruleError('hand_empty', 'You are not holding a card.');
      releaseHeld(s, seat);
      events.push({ type: 'release', seat, text: `Seat ${seat + 1} put a card back` });
      return null;
    }
    case 'stop': {
      if (s.variant !== 'training') return ruleError('no_stop', 'Only the Training game ends with "Stop!".');
      if (me.train.length < STOP_MINIMUM) return ruleError('too_short', `You need at least ${STOP_MINIMUM} cars to call Stop.`);
      s.stoppedBy = seat;
      end(s, 'stop', events, `Seat ${seat + 1} called Stop!`);
      return null;
    }
    default:
      return ruleError('wrong_variant', 'That move belongs to The Longest Train.');
  }
}

function longestTrainMove(s: RailwayState, seat: number, action: RailwayAction, events: GameEvent[]) {
  const me = s.longest!.players[seat];
  switch (action.type) {
    case 'turn': {
      if (me.turned !== null) return ruleError('already_turned', 'Lay your turned card or put it under your pile first.');
      const top = me.pile.shift();
      if (top === undefined) return ruleError('pile_empty', 'Your pile is empty.');
      me.turned = top;
      events.push({ type: 'turn', seat, text: `Seat ${seat + 1} turned a ${describeCar(carOf(top))}` });
      return null;
    }
    case 'place': {
      if (me.turned === null) return ruleError('nothing_turned', 'Turn over your top card first.');
      const train = me.trains[action.train];
      const locomotive = s.longest!.locomotives[action.train];
      if (s.assist && !follows('atLeastOne', lastCar(locomotive, train), carOf(me.turned), locomotive)) {
        return ruleError('no_match', 'That card does not match the end of that train.');
      }
      train.push(me.turned);
      me.turned = null;
      me.bottomsInARow = 0;
      events.push({ type: 'place', seat, train: action.train, text: `Seat ${seat + 1} laid a car behind locomotive ${action.train + 1}` });
      return null;
    }
    case 'bottom': {
      if (me.turned === null) return ruleError('nothing_turned', 'Turn over your top card first.');
      me.pile.push(me.turned);
      me.turned = null;
      me.bottomsInARow++;
      return null;
    }
    default:
      return ruleError('wrong_variant', 'In The Longest Train you turn your own cards: turn, place or bottom.');
  }
}

function goneMessage(s: RailwayState, slot: number): string {
  const by = s.takenBy[slot];
  return by === null ? 'There is no card there.' : `Seat ${by + 1} took that card first.`;
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
  const next = structuredClone(state);
  const events: GameEvent[] = [];
  next.players.forEach((p, seat) => {
    if (p.held && p.held.releaseAt <= now) {
      releaseHeld(next, seat);
      events.push({ type: 'release', seat, text: `Seat ${seat + 1}'s card went back after ${Math.round(next.releaseMs / 1000)} s` });
    }
  });
  if (now >= next.endsAt) end(next, 'time', events, 'Time is up.');
  else finishIfDone(next, events);
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
    if (ps.some((p) => p.pile.length === 0 && p.turned === null)) return end(s, 'out_of_cards', events, 'A player has laid every card.');
    if (ps.every((p) => p.turned === null && p.bottomsInARow >= p.pile.length)) return end(s, 'stuck', events, 'Neither player can lay a card.');
    return;
  }
  if (s.players.some((p) => p.held)) return;
  const onTable = s.table.flatMap((t) => (t ? [t.card] : []));
  if (onTable.length === 0) return end(s, 'table_empty', events, 'The table is empty.');
  // "The game is over as soon as none of the players can collect any more matching cards",
  // face-down cards included (the server knows them; RULES-NOTES 5.3 Basic).
  const anyoneCanCollect = s.players.some((p) => onTable.some((id) => follows(p.rule, lastCar(p.locomotive, p.train), carOf(id), p.locomotive)));
  if (!anyoneCanCollect) end(s, 'no_match_left', events, 'Nobody can collect another matching car.');
}

function end(s: RailwayState, reason: string, events: GameEvent[], text: string): void {
  s.over = true;
  s.endReason = reason;
  events.push({ type: 'end', reason, text });
}
