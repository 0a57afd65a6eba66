/** Applying one seat's move (rulebook "Gameplay" and the card sections; RULES-NOTES 2.3–2.7). */
import { edit } from '../edit.js';
import { ruleError, type Applied, type GameEvent } from '../contract.js';
import type { CarExchangeAction } from './actions.js';
import { msg, seatRef } from '../../i18n/msg.js';
import { cardOf, type Colour } from './cards.js';
import { payFines } from './fines.js';
import { chargeSilence, closeNewCarWindow, oweTalk, passTo, settleFinished } from './flow.js';
import { cardRefusal, refuse, turnRefusal, wrongKind, type Refusal } from './legality.js';
import { cardRef, colourRef, kindRef } from './messages.js';
import { block, exchange } from './exchange.js';
import type { CarExchangeState, Seat } from './state.js';
import { drawCards, inPlay, nextTurn, removeFromHand, toTableau, withRng } from './table.js';

export function applyCarExchange(state: CarExchangeState, seat: Seat, action: CarExchangeAction, now: number): Applied<CarExchangeState> {
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.seats) return ruleError('not_seated');
  if (action.type !== 'say') {
    if (state.phase === 'over') return ruleError('game_over');
    if (state.phase !== 'playing') return ruleError('between_rounds');
  }
  // A copy-on-write draft (shared/games/edit.ts): a refused move's changes (the silence charged
  // before it) are dropped with the draft.
  const { state: next, result } = edit(state, (s) => {
    const events: GameEvent[] = [];
    if (action.type === 'say') {
      say(s, seat, action.text, events);
      return { refused: null, events };
    }
    // Talking rule: whoever still owes a phrase when someone else moves draws a penalty card.
    chargeSilence(s, seat, now, events);
    return { refused: move(s, seat, action, now, events), events };
  });
  if (result.refused) return result.refused;
  return { ok: true, state: next, events: result.events };
}

function say(s: CarExchangeState, seat: Seat, text: string, events: GameEvent[]): void {
  s.talk = s.talk.filter((t) => t.seat !== seat);
  if (s.phase === 'playing' && seat === s.turn) s.saidThisTurn = true;
  events.push({ type: 'say', seat, said: text, msg: msg('car_exchange:event.say', { seat: seatRef(seat), said: asPlainText(text) }) });
}

/**
 * A player's own words go into the message as they are, except a leading '@', '$' or '#', which the
 * wire and the client would read as a seat, a key or a number (shared/i18n/msg.ts).
 */
function asPlainText(text: string): string {
  return /^[@$#]/.test(text) ? `\u2060${text}` : text;
}

function move(s: CarExchangeState, seat: Seat, action: Exclude<CarExchangeAction, { type: 'say' }>, now: number, events: GameEvent[]): Refusal | null {
  if (action.type === 'newCar' && action.back !== undefined) return bringBack(s, seat, action.card, action.back, now, events);
  if (action.type === 'block') return block(s, seat, action.card, now, events);
  if (action.type === 'colour') return dealerColour(s, seat, action.colour, now, events);
  // raceMode (RULES-NOTES 2.6 [opt]): the next player's move closes the NEW CAR window, as in the source.
  if (s.newCarWindow && s.newCarWindow.closesAt === null && seat === s.turn) closeNewCarWindow(s, now, events);
  const notNow = turnRefusal(s, seat);
  if (notNow) return refuse(notNow);
  const alreadySaid = s.saidThisTurn;
  if (action.type === 'draw') return draw(s, seat, now, events);
  if (action.type === 'accept') return accept(s, seat, now, events);
  if (action.type === 'pass') {
    if (s.pending?.kind !== 'drawn') return refuse({ code: 'nothing_to_pass' });
    s.pending = null;
    events.push({ type: 'pass', seat, msg: msg('car_exchange:event.keep', { seat: seatRef(seat) }) });
    passTo(s, nextTurn(s, seat), now);
    return null;
  }
  const cardNotNow = action.card === undefined ? null : cardRefusal(s, seat, action.card);
  if (cardNotNow) return refuse(cardNotNow);
  const wasDrawnCard = s.pending?.kind === 'drawn';
  const refusal = playCard(s, seat, action, now, events);
  if (refusal) return refusal;
  if (wasDrawnCard && s.pending?.kind === 'drawn') s.pending = null;
  oweTalk(s, seat, alreadySaid, now);
  settleFinished(s, seat, now, events);
  return null;
}

/** `how` names the sentence for cards played with a choice (`play_fine`, `play_paint`, `play_garage`) and its extra params. */
function discard(s: CarExchangeState, seat: Seat, card: number, events: GameEvent[], how?: { key: string; params: Record<string, string> }): void {
  removeFromHand(s, seat, card);
  s.discard.push(card);
  const c = cardOf(card);
  if (c.colour) s.activeColour = c.colour;
  events.push({ type: 'play', seat, card: c, msg: msg(`car_exchange:event.${how?.key ?? 'play'}`, { seat: seatRef(seat), card: cardRef(card), ...how?.params }) });
}

function playCard(s: CarExchangeState, seat: Seat, action: Exclude<CarExchangeAction, { type: 'say' | 'draw' | 'accept' | 'pass' | 'block' | 'colour' }>, now: number, events: GameEvent[]): Refusal | null {
  switch (action.type) {
    case 'play': {
      const kind = cardOf(action.card).kind;
      if (kind === 'car') {
        // A single CAR also finishes an opening GARAGE (RULES-NOTES 2.2: "one or more CARs").
        s.pending = null;
        discard(s, seat, action.card, events);
        passTo(s, nextTurn(s, seat), now);
        return null;
      }
      if (kind === 'service') {
        // "If someone plays a SERVICE on you, you can counter it with another SERVICE."
        const count = s.pending?.kind === 'service' ? s.pending.count + 1 : 1;
        discard(s, seat, action.card, events);
        s.pending = { kind: 'service', count };
        passTo(s, nextTurn(s, seat), now);
        return null;
      }
      return refuse({ code: 'own_move', params: { card: cardRef(action.card) } });
    }
    case 'fine': {
      if (cardOf(action.card).kind !== 'fine') return wrongKind('fine');
      const target = action.target;
      if (target === seat) return refuse({ code: 'fine_self' });
      if (target >= s.seats || !inPlay(s, target)) return refuse({ code: 'not_in_round' });
      const chain = s.pending?.kind === 'fine' ? [...s.pending.chain, seat] : [seat];
      discard(s, seat, action.card, events, { key: 'play_fine', params: { target: seatRef(target) } });
      s.pending = { kind: 'fine', chain };
      // "The turns of the players you have skipped are missed": play jumps to the target.
      passTo(s, target, now);
      return null;
    }
    case 'paint': {
      if (cardOf(action.card).kind !== 'paint') return wrongKind('paint');
      discard(s, seat, action.card, events, { key: 'play_paint', params: { colour: colourRef(action.colour) } });
      s.activeColour = action.colour;
      s.pending = null;
      passTo(s, nextTurn(s, seat), now);
      return null;
    }
    case 'garage':
      return garage(s, seat, action.card, action.cars, now, events);
    case 'exchange':
      return exchange(s, seat, action.card, action.mode, action.target, now, events);
    case 'newCar': {
      if (cardOf(action.card).kind !== 'newCar') return wrongKind('newCar');
      // On the fly: "the card does not affect the game"; it goes in front of the player.
      toTableau(s, seat, action.card);
      s.pending = null;
      events.push({ type: 'newCarFly', seat, msg: msg('car_exchange:event.new_car_fly', { seat: seatRef(seat) }) });
      passTo(s, nextTurn(s, seat), now);
      return null;
    }
  }
}

/** GARAGE: "Choose a colour, discard the GARAGE first, and then discard any number of CARS of that colour." */
function garage(s: CarExchangeState, seat: Seat, card: number | undefined, cars: number[], now: number, events: GameEvent[]): Refusal | null {
  if (card === undefined) {
    if (s.pending?.kind !== 'garage') return refuse({ code: 'no_garage' });
  } else if (cardOf(card).kind !== 'garage') return wrongKind('garage');
  if (new Set(cars).size !== cars.length) return refuse({ code: 'duplicate_cars' });
  const hand = s.hands[seat];
  if (!cars.every((c) => hand.includes(c))) return refuse({ code: 'cars_not_in_hand' });
  const faces = cars.map(cardOf);
  if (!faces.every((c) => c.kind === 'car')) return refuse({ code: 'only_cars' });
  const colour = faces[0].colour;
  if (!faces.every((c) => c.colour === colour)) return refuse({ code: 'mixed_colours' });
  if (card !== undefined) discard(s, seat, card, events, { key: 'play_garage', params: { colour: colourRef(colour) } });
  for (const c of cars) discard(s, seat, c, events);
  s.pending = null;
  passTo(s, nextTurn(s, seat), now);
  return null;
}

/** NEW CAR in the window: the finished player draws two and is back, losing their place (RULES-NOTES 2.6). */
function bringBack(s: CarExchangeState, seat: Seat, card: number, back: Seat, now: number, events: GameEvent[]): Refusal | null {
  const w = s.newCarWindow;
  if (!w || w.seat !== back) {
    const already = back < s.seats && !s.out[back];
    return refuse({ code: already ? 'already_back' : 'too_late', params: { player: seatRef(back) } });
  }
  if (seat === w.seat) return refuse({ code: 'own_finish' });
  if (!inPlay(s, seat)) return refuse({ code: 'finished' });
  if (!s.hands[seat].includes(card)) return refuse({ code: 'not_in_hand' });
  if (cardOf(card).kind !== 'newCar') return wrongKind('newCar');
  toTableau(s, seat, card);
  s.newCarWindow = null;
  s.out[w.seat] = false;
  s.finishOrder = s.finishOrder.filter((x) => x !== w.seat);
  const drawn = drawCards(s, w.seat, 2, events);
  events.push({ type: 'newCar', seat, back: w.seat, msg: msg('car_exchange:event.new_car', { seat: seatRef(seat), back: seatRef(w.seat), count: drawn.length }) });
  events.push({ type: 'received', to: [w.seat], cards: drawn.map(cardOf), msg: msg('car_exchange:event.back_in', { count: drawn.length }) });
  if (w.closesAt !== null) s.turnDeadline = now + s.options.turnMs;
  oweTalk(s, seat, false, now);
  settleFinished(s, seat, now, events);
  return null;
}

function dealerColour(s: CarExchangeState, seat: Seat, colour: Colour, now: number, events: GameEvent[]): Refusal | null {
  if (s.pending?.kind !== 'dealerColour') return refuse({ code: 'no_colour_choice' });
  if (seat !== s.pending.dealer) return refuse({ code: 'not_dealer' });
  s.pending = null;
  s.activeColour = colour;
  s.turnDeadline = now + s.options.turnMs;
  events.push({ type: 'colour', seat, colour, msg: msg('car_exchange:event.colour', { seat: seatRef(seat), colour: colourRef(colour) }) });
  return null;
}

/** "If you don't want to or can't discard a card, take one from the draw deck." */
export function draw(s: CarExchangeState, seat: Seat, now: number, events: GameEvent[], forced = false): Refusal | null {
  const p = s.pending;
  if (p?.kind === 'service' || p?.kind === 'fine') {
    return refuse({ code: 'penalty_pending', params: { penalty: kindRef(p.kind) } });
  }
  if (p?.kind === 'drawn') return refuse({ code: 'already_drew' });
  if (p?.kind === 'garage' && !forced && s.hands[seat].some((c) => cardOf(c).kind === 'car')) {
    return refuse({ code: 'garage_pending_car' });
  }
  const drawn = drawCards(s, seat, 1, events);
  events.push({ type: 'draw', seat, cards: drawn.length, msg: msg('car_exchange:event.draw', { seat: seatRef(seat) }) });
  if (drawn.length) events.push({ type: 'received', to: [seat], cards: drawn.map(cardOf), msg: msg('car_exchange:event.drew_card', { card: cardRef(drawn[0]) }) });
  // Option playDrawn: the player always gets the choice, even for an unplayable card, so the
  // table cannot tell from the pause whether the hidden card matched.
  if (p === null && s.options.playDrawn && drawn.length === 1) {
    s.pending = { kind: 'drawn', card: drawn[0] };
    s.turnDeadline = now + s.options.turnMs;
    return null;
  }
  // Under an opening GARAGE the obligation passes on to the next player (RULES-NOTES 2.2).
  passTo(s, nextTurn(s, seat), now);
  return null;
}

/** Take the pending SERVICE (skip, draw nothing) or FINE chain (RULES-NOTES 2.4, 2.5). */
export function accept(s: CarExchangeState, seat: Seat, now: number, events: GameEvent[]): Refusal | null {
  const p = s.pending;
  if (p?.kind === 'service') {
    s.pending = null;
    if (s.options.serviceStack) s.skips[seat] += p.count - 1;
    const turns = s.options.serviceStack ? p.count : 1;
    events.push({ type: 'skip', seat, turns, msg: msg('car_exchange:event.skip', { seat: seatRef(seat), count: turns }) });
    passTo(s, nextTurn(s, seat), now);
    return null;
  }
  if (p?.kind === 'fine') {
    s.pending = null;
    payFines(s, seat, p.chain, events);
    // "The game always continues with the player following the player who received penalty cards."
    passTo(s, nextTurn(s, seat), now);
    return null;
  }
  return refuse({ code: 'nothing_to_accept' });
}

/** Turn clock ran out: the default move (auto-draw; accept a penalty; keep a drawn card). */
export function timeOut(s: CarExchangeState, now: number, events: GameEvent[]): void {
  const p = s.pending;
  if (p?.kind === 'dealerColour') {
    const colour = withRng(s, (rng) => rng.pick(['red', 'blue', 'green', 'yellow'] as const));
    dealerColour(s, p.dealer, colour, now, events);
    return;
  }
  const seat = s.turn;
  events.push({ type: 'timeout', seat, msg: msg('car_exchange:event.timeout', { seat: seatRef(seat) }) });
  if (p?.kind === 'service' || p?.kind === 'fine') accept(s, seat, now, events);
  else if (p?.kind === 'drawn') {
    s.pending = null;
    passTo(s, nextTurn(s, seat), now);
  } else draw(s, seat, now, events, true);
}
