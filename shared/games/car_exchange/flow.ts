/** Turn hand-over, finishing, the NEW CAR window, round ends and the talking rule. They change `s` in place. */
import type { GameEvent } from '../contract.js';
import { msg, seatRef } from '../../i18n/msg.js';
import { placePoints } from './scoring.js';
import type { CarExchangeState, Seat } from './state.js';
import { drawCards, inPlay, nextTurn, playersLeft } from './table.js';

/** Hand the turn to `seat` with a fresh clock. */
export function passTo(s: CarExchangeState, seat: Seat, now: number): void {
  s.turn = seat;
  s.saidThisTurn = false;
  s.turnDeadline = now + s.options.turnMs;
}

/** After any move: a player whose hand is empty has finished and the NEW CAR window opens (RULES-NOTES 2.6). */
export function settleFinished(s: CarExchangeState, seat: Seat, now: number, events: GameEvent[]): void {
  if (s.phase !== 'playing' || !inPlay(s, seat) || s.hands[seat].length > 0) return;
  s.out[seat] = true;
  s.finishOrder.push(seat);
  events.push({ type: 'finished', seat, place: s.finishOrder.length, msg: msg('car_exchange:event.finished', { seat: seatRef(seat) }) });
  if (s.turn === seat) {
    // Settlement (docs): the turn, and any penalty aimed at a player who went out, passes to the next player in play.
    if (s.pending?.kind === 'drawn') s.pending = null;
    passTo(s, nextTurn(s, seat), now);
  }
  // raceMode needs a "next player" whose move closes the window; with one player left it uses the timed window.
  const timed = !s.options.raceMode || playersLeft(s) <= 1;
  const closesAt = timed ? now + s.options.newCarWindowMs : null;
  s.newCarWindow = { seat, closesAt };
  if (closesAt !== null) s.turnDeadline = closesAt + s.options.turnMs;
}

export function closeNewCarWindow(s: CarExchangeState, now: number, events: GameEvent[]): void {
  const w = s.newCarWindow;
  if (!w) return;
  s.newCarWindow = null;
  events.push({ type: 'windowClosed', seat: w.seat, msg: msg('car_exchange:event.window_closed', { seat: seatRef(w.seat), place: s.finishOrder.indexOf(w.seat) + 1 }) });
  if (playersLeft(s) <= 1) endRound(s, now, events);
  else if (w.closesAt !== null) s.turnDeadline = now + s.options.turnMs;
}

/** "The round ends when only one player remains." Places score 20/10/5/1…, the last player 0. */
export function endRound(s: CarExchangeState, now: number, events: GameEvent[]): void {
  const order = [...s.finishOrder, ...s.out.flatMap((o, seat) => (o ? [] : [seat]))];
  const points = Array.from({ length: s.seats }, () => 0);
  order.forEach((seat, i) => { points[seat] = placePoints(i, s.seats); });
  points.forEach((p, seat) => { s.scores[seat] += p; });
  s.history.push(points);
  s.finishOrder = order;
  s.turnDeadline = null;
  s.talk = [];
  s.pending = null;
  s.exchange = null;
  s.newCarWindow = null;
  events.push({
    type: 'roundOver', round: s.round, order, points,
    // The log names the round's winner; every seat's points are on the scoreboard (and in `points`).
    msg: msg('car_exchange:event.round_over', { round: s.round, seat: seatRef(order[0]), points: points[order[0]] }),
  });
  const o = s.options;
  const reached = s.scores.some((x) => x >= o.targetScore);
  const roundsDone = o.rounds > 0 && s.round >= o.rounds;
  const timeUp = o.timeLimitMs > 0 && now - s.startedAt >= o.timeLimitMs;
  if (reached || roundsDone || timeUp) {
    s.phase = 'over';
    s.nextRoundAt = null;
    const why = reached ? msg('car_exchange:event.game_over_target', { points: o.targetScore })
      : roundsDone ? msg('car_exchange:event.game_over_rounds', { count: o.rounds }) : msg('car_exchange:event.game_over_time');
    events.push({ type: 'gameOver', scores: [...s.scores], msg: why });
  } else {
    s.phase = 'roundOver';
    s.nextRoundAt = now + o.roundPauseMs;
  }
}

/** Talking rule: record that `seat` must say something after playing, unless they already did this turn. */
export function oweTalk(s: CarExchangeState, seat: Seat, alreadySaid: boolean, now: number): void {
  if (!s.options.talking || alreadySaid) return;
  s.talk = s.talk.filter((t) => t.seat !== seat);
  s.talk.push({ seat, deadline: now + s.options.talkMs });
}

/** Players who owed a phrase and did not say it before `mover`'s move (or before `now` when mover is null) draw 1. */
export function chargeSilence(s: CarExchangeState, mover: Seat | null, now: number, events: GameEvent[]): void {
  const due = s.talk.filter((t) => (mover === null ? t.deadline <= now : t.seat !== mover));
  if (due.length === 0) return;
  s.talk = s.talk.filter((t) => !due.includes(t));
  for (const { seat } of due) {
    // Settlement (docs): a player who has gone out takes no penalty card, so it cannot undo their finish.
    if (!s.options.talkPenalty || !inPlay(s, seat)) continue;
    const drawn = drawCards(s, seat, 1, events);
    events.push({ type: 'silencePenalty', seat, cards: drawn.length, msg: msg('car_exchange:event.silence_penalty', { seat: seatRef(seat) }) });
  }
}
