/**
 * What each client may see. Hands are private: the public view has counts only, and a seat view
 * holds that seat's own hand (RULES-NOTES 2.7; the issue: a swapped hand is never shown to others).
 */
import { cardOf, type Card, type Colour } from './cards.js';
import { playableCards } from './legality.js';
import type { CarExchangeState, Seat } from './state.js';
import { topCard } from './table.js';

export type PublicPending =
  | { kind: 'service'; count: number }
  | { kind: 'fine'; chain: (Seat | null)[]; cards: number }
  | { kind: 'garage' }
  | { kind: 'dealerColour'; dealer: Seat }
  /** The player on turn drew a card they may play at once (its face stays private). */
  | { kind: 'drawn' };

export interface PublicPlayer {
  seat: Seat;
  /** Number of cards in hand, never their faces. */
  cards: number;
  /** CAR EXCHANGE and NEW CAR cards laid in front of the player this round. */
  tableau: Card[];
  out: boolean;
  /** 1-based finishing place this round, null while still playing. */
  place: number | null;
  score: number;
  skips: number;
}

export interface CarExchangePublicView {
  variant: 'classic';
  phase: CarExchangeState['phase'];
  round: number;
  targetScore: number;
  rounds: number;
  /** Absolute time (ms) the game's time limit ends the game after the current round; null if none. */
  timeLimitAt: number | null;
  top: Card | null;
  activeColour: Colour | null;
  deck: number;
  discard: number;
  turn: Seat;
  /** Turn clock deadline (ms), null while a window pauses the game. */
  turnDeadline: number | null;
  pending: PublicPending | null;
  /** NEW CAR window: who just finished; closesAt null = open until the next player moves (raceMode). */
  newCarWindow: { seat: Seat; closesAt: number | null } | null;
  exchange: { by: Seat; target: Seat; closesAt: number } | null;
  /** Talking rule: who must still say something, and by when. */
  talk: { seat: Seat; deadline: number }[];
  talking: boolean;
  players: PublicPlayer[];
  finishOrder: Seat[];
  history: number[][];
  nextRoundAt: number | null;
}

export interface CarExchangeSeatView {
  seat: Seat;
  hand: Card[];
  /** Ids of the hand's cards that may be played now. */
  playable: number[];
  /** The card just drawn, which may be played at once (option playDrawn). */
  drawn: Card | null;
  /** This seat must still say something (talking rule). */
  mustSay: boolean;
  /** It is this seat's turn and they already spoke before playing (talking rule). */
  spokeThisTurn: boolean;
}

export function carExchangePublicView(s: CarExchangeState): CarExchangePublicView {
  const top = topCard(s);
  const p = s.pending;
  let pending: PublicPending | null = null;
  if (p?.kind === 'drawn') pending = { kind: 'drawn' };
  else if (p?.kind === 'fine') pending = { kind: 'fine', chain: [...p.chain], cards: 2 * p.chain.length };
  else if (p) pending = { ...p };
  return {
    variant: 'classic',
    phase: s.phase,
    round: s.round,
    targetScore: s.options.targetScore,
    rounds: s.options.rounds,
    timeLimitAt: s.options.timeLimitMs > 0 ? s.startedAt + s.options.timeLimitMs : null,
    top: top === null ? null : cardOf(top),
    activeColour: s.activeColour,
    deck: s.deck.length,
    discard: s.discard.length,
    turn: s.turn,
    turnDeadline: s.exchange || s.newCarWindow?.closesAt != null ? null : s.turnDeadline,
    pending,
    newCarWindow: s.newCarWindow && { ...s.newCarWindow },
    exchange: s.exchange && { ...s.exchange },
    talk: s.talk.map((t) => ({ ...t })),
    talking: s.options.talking,
    players: s.hands.map((hand, seat) => ({
      seat,
      cards: hand.length,
      tableau: s.tableaux[seat].map(cardOf),
      out: s.out[seat],
      place: s.finishOrder.includes(seat) ? s.finishOrder.indexOf(seat) + 1 : null,
      score: s.scores[seat],
      skips: s.skips[seat],
    })),
    finishOrder: [...s.finishOrder],
    history: s.history.map((r) => [...r]),
    nextRoundAt: s.nextRoundAt,
  };
}

export function carExchangeSeatView(s: CarExchangeState, seat: Seat): CarExchangeSeatView {
  const hand = s.hands[seat] ?? [];
  const drawn = s.pending?.kind === 'drawn' && s.turn === seat ? cardOf(s.pending.card) : null;
  return {
    seat,
    hand: hand.map(cardOf),
    playable: s.phase === 'playing' && s.hands[seat] ? playableCards(s, seat) : [],
    drawn,
    mustSay: s.talk.some((t) => t.seat === seat),
    spokeThisTurn: s.turn === seat && s.saidThisTurn,
  };
}
