/** A turn of Traffic-Memory: open cards one by one until the run breaks (rulebook "How to Play", RULES-NOTES 1.4). */
import { Rng } from '../../random.js';
import { edit, editWithEvents } from '../edit.js';
import { ruleError, type Applied, type GameEvent } from '../contract.js';
import { keyRef, msg, seatRef, type Msg } from '../../i18n/msg.js';
import { isNumbered, type TrafficcarsCard } from '../trafficcars_deck/cards.js';
import type { TrafficMemoryAction } from './actions.js';
import { anyRunLeft, isRunnable, isTakeable } from './runs.js';
import type { TrafficMemoryState } from './state.js';

/** Positions still face down and not opened this turn: the cards the player may open. */
export function closedPositions(s: TrafficMemoryState): number[] {
  const out: number[] = [];
  s.grid.forEach((c, pos) => {
    if (c !== null && !s.opened.includes(pos)) out.push(pos);
  });
  return out;
}

/** A card in a message: a car is its number, a wild (Police, Ambulance) a translated fragment. */
const cardParam = (c: TrafficcarsCard): number | string => (isNumbered(c) ? c.value : keyRef(`traffic_memory:card.${c.kind}`));

/** The cards taken: the numbers in ascending order, then the wilds (named when there is one). */
function tookMsg(seat: number, cards: readonly TrafficcarsCard[]): Msg {
  const numbers = cards.filter(isNumbered).map((c) => c.value).sort((a, b) => a - b).join(', ');
  const wilds = cards.filter((c) => !isNumbered(c));
  const base = { seat: seatRef(seat), count: cards.length };
  if (wilds.length === 0) return msg('traffic_memory:event.took', { ...base, cards: numbers });
  if (numbers === '') return msg('traffic_memory:event.took_only_wilds', base);
  if (wilds.length === 1) return msg('traffic_memory:event.took_wild', { ...base, cards: numbers, wild: cardParam(wilds[0]) });
  return msg('traffic_memory:event.took_wilds', { ...base, cards: numbers, wilds: wilds.length });
}

const cardAt = (s: TrafficMemoryState, pos: number): TrafficcarsCard => {
  const c = s.grid[pos];
  if (c === null) throw new Error(`no card at ${pos}`);
  return c;
};

function startTurn(s: TrafficMemoryState, seat: number, now: number): void {
  s.turn = seat;
  s.phase = 'flip';
  s.flipBy = s.options.flipMs > 0 ? now + s.options.flipMs : null;
  s.revealUntil = null;
  s.lastFlipAt = now;
}

/** The opened cards are turned back; the game ends when no run is left face down, else the turn passes. */
function finishTurn(s: TrafficMemoryState, now: number, events: GameEvent[]): void {
  s.opened = [];
  const faceDown = s.grid.filter((c): c is TrafficcarsCard => c !== null);
  if (!anyRunLeft(faceDown)) {
    s.phase = 'over';
    s.flipBy = null;
    s.revealUntil = null;
    events.push({ type: 'over', left: faceDown.length, msg: msg(faceDown.length > 0 ? 'traffic_memory:event.over_no_run' : 'traffic_memory:event.over_all_taken') });
    return;
  }
  const next = (s.turn + 1) % s.seats;
  startTurn(s, next, now);
  events.push({ type: 'turn', seat: next, msg: msg('traffic_memory:event.turn', { seat: seatRef(next) }) });
}

/**
 * "Take all cards with sequence numbers ... The last non-neighbouring card is turned back facing down
 * and stays in the same place." `run` is what was opened before the breaking card (all of it if none broke).
 */
function endTurn(s: TrafficMemoryState, run: number[], now: number, events: GameEvent[]): void {
  const cards = run.map((p) => cardAt(s, p));
  if (isTakeable(cards)) {
    for (const p of run) s.grid[p] = null;
    s.piles[s.turn].push(...cards);
    s.opened = s.opened.filter((p) => !run.includes(p));
    events.push({ type: 'took', seat: s.turn, positions: run, cards, msg: tookMsg(s.turn, cards) });
  } else {
    events.push({ type: 'missed', seat: s.turn, positions: [...s.opened], msg: msg('traffic_memory:event.missed', { seat: seatRef(s.turn) }) });
  }
  s.phase = 'reveal';
  s.flipBy = null;
  s.revealUntil = now + s.options.revealMs;
  if (s.options.revealMs === 0) finishTurn(s, now, events);
}

function open(s: TrafficMemoryState, pos: number, now: number, events: GameEvent[], timedOut: boolean): void {
  s.opened.push(pos);
  s.seenAt[pos] = s.flips;
  s.flips++;
  s.lastFlipAt = now;
  const card = cardAt(s, pos);
  events.push({ type: 'opened', seat: s.turn, pos, card, msg: msg(timedOut ? 'traffic_memory:event.opened_timeout' : 'traffic_memory:event.opened', { seat: seatRef(s.turn), card: cardParam(card) }) });
  const cards = s.opened.map((p) => cardAt(s, p));
  if (!isRunnable(cards)) {
    endTurn(s, s.opened.slice(0, -1), now, events);
    return;
  }
  if (closedPositions(s).length === 0) {
    endTurn(s, [...s.opened], now, events);
    return;
  }
  s.flipBy = s.options.flipMs > 0 ? now + s.options.flipMs : null;
}

export function applyTrafficMemory(state: TrafficMemoryState, seat: number, action: TrafficMemoryAction, now: number): Applied<TrafficMemoryState> {
  if (state.phase === 'over') return ruleError('game_over');
  if (state.phase === 'reveal') return ruleError('not_now');
  if (seat !== state.turn) return ruleError('not_your_turn');
  const { pos } = action;
  if (pos >= state.grid.length || state.grid[pos] === null) return ruleError('no_card');
  if (state.opened.includes(pos)) return ruleError('already_open');
  const { state: next, result: events } = edit(state, (s) => {
    const events: GameEvent[] = [];
    open(s, pos, now, events, false);
    return events;
  });
  return { ok: true, state: next, events };
}

export function trafficMemoryDeadline(s: TrafficMemoryState): number | null {
  if (s.phase === 'flip') return s.flipBy;
  if (s.phase === 'reveal') return s.revealUntil;
  return null;
}

/** Time-outs: a card not opened in time is opened for the player at random; a finished reveal passes the turn. */
export function advanceTrafficMemory(state: TrafficMemoryState, now: number): Applied<TrafficMemoryState> {
  return editWithEvents(state, (s, events) => advanceDue(s, now, events));
}

function advanceDue(s: TrafficMemoryState, now: number, events: GameEvent[]): void {
  for (let guard = 0; guard < 200; guard++) {
    const due = trafficMemoryDeadline(s);
    if (due === null || due > now) break;
    if (s.phase === 'reveal') {
      finishTurn(s, due, events);
    } else {
      const rng = new Rng(s.rng);
      const pos = rng.pick(closedPositions(s));
      s.rng = rng.state;
      open(s, pos, due, events, true);
    }
  }
}
