/** Dealing and the opening card (rulebook "Setup"; RULES-NOTES 2.2). */
import { seedRng } from '../../random.js';
import type { GameEvent } from '../contract.js';
import { msg, seatRef } from '../../i18n/msg.js';
import { CARD_COUNT, cardOf } from './cards.js';
import { cardRef } from './messages.js';
import type { CarExchangeOptions } from './options.js';
import type { CarExchangeState } from './state.js';
import { previousSeat, withRng } from './table.js';

const HAND_SIZE = 6;

export function setupCarExchange(options: CarExchangeOptions, seats: number, seed: number, now: number): CarExchangeState {
  const s: CarExchangeState = {
    options: { ...options, players: seats },
    seats,
    rng: seedRng(seed),
    startedAt: now,
    phase: 'playing',
    round: 0,
    firstSeat: 0,
    deck: [],
    discard: [],
    hands: [],
    tableaux: [],
    out: [],
    finishOrder: [],
    activeColour: null,
    turn: 0,
    pending: null,
    turnDeadline: null,
    skips: [],
    newCarWindow: null,
    exchange: null,
    talk: [],
    saidThisTurn: false,
    scores: Array.from({ length: seats }, () => 0),
    history: [],
    nextRoundAt: null,
  };
  // "The first seat is random and then moves clockwise each round."
  s.firstSeat = withRng(s, (rng) => rng.int(seats));
  startRound(s, now, []);
  return s;
}

/** Gather all 110 cards, shuffle, deal six each, and turn the opening card as if the dealer played it. */
export function startRound(s: CarExchangeState, now: number, events: GameEvent[]): void {
  s.round++;
  if (s.round > 1) s.firstSeat = (s.firstSeat + 1) % s.seats;
  s.deck = withRng(s, (rng) => rng.shuffle(Array.from({ length: CARD_COUNT }, (_, i) => i)));
  s.discard = [];
  s.hands = Array.from({ length: s.seats }, () => []);
  s.tableaux = Array.from({ length: s.seats }, () => []);
  for (let round = 0; round < HAND_SIZE; round++) {
    for (let i = 0; i < s.seats; i++) s.hands[(s.firstSeat + i) % s.seats].push(s.deck.pop()!);
  }
  s.out = Array.from({ length: s.seats }, () => false);
  s.skips = Array.from({ length: s.seats }, () => 0);
  s.finishOrder = [];
  s.newCarWindow = null;
  s.exchange = null;
  s.talk = [];
  s.saidThisTurn = false;
  s.nextRoundAt = null;
  s.phase = 'playing';
  s.turn = s.firstSeat;
  s.turnDeadline = now + s.options.turnMs;

  // "If the first played card is NEW CAR or CAR EXCHANGE, return it to the deck, shuffle, and turn over a new card."
  let first = s.deck.pop()!;
  while (cardOf(first).kind === 'newCar' || cardOf(first).kind === 'exchange') {
    const back = first;
    s.deck = withRng(s, (rng) => rng.shuffle([...s.deck, back]));
    first = s.deck.pop()!;
  }
  s.discard.push(first);
  const card = cardOf(first);
  s.activeColour = card.colour;
  switch (card.kind) {
    case 'service': s.pending = { kind: 'service', count: 1 }; break;
    case 'fine': s.pending = { kind: 'fine', chain: [null] }; break;
    case 'garage': s.pending = { kind: 'garage' }; break;
    case 'paint': s.pending = { kind: 'dealerColour', dealer: previousSeat(s, s.firstSeat) }; break;
    default: s.pending = null;
  }
  events.push({
    type: 'roundStart', round: s.round, first: s.firstSeat, card,
    msg: msg('car_exchange:event.round_start', { round: s.round, card: cardRef(first), seat: seatRef(s.firstSeat) }),
  });
}
