/**
 * What each client may see. Hands are private: the public view has counts only, and a seat view
 * holds that seat's own hand (RULES-NOTES 2.7; the issue: a swapped hand is never shown to others).
 */
import { cardOf, type Card, type Colour } from './cards.js';
import { playableCards } from './legality.js';
import { memoOn } from '../memo.js';
import type { CarExchangeState, ExchangeWindow, NewCarWindow, Pending, Seat, TalkDue } from './state.js';
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

// Parts are memoised on the pieces of state they come from (shared/games/memo.ts), so an
// unchanged player, window or list keeps its view's reference and the mirror skips it.
const pendingView = memoOn((p: Pending): PublicPending => {
  if (p.kind === 'drawn') return { kind: 'drawn' };
  if (p.kind === 'fine') return { kind: 'fine', chain: [...p.chain], cards: 2 * p.chain.length };
  return { ...p };
});
const windowView = memoOn((w: NewCarWindow) => ({ ...w }));
const exchangeView = memoOn((e: ExchangeWindow) => ({ ...e }));
const talkView = memoOn((talk: readonly TalkDue[]) => talk.map((t) => ({ ...t })));
const cardsView = memoOn((ids: readonly number[]): Card[] => ids.map(cardOf));

const playerView = memoOn((hand: readonly number[], seat: Seat, tableau: readonly number[], out: boolean, place: number | null, score: number, skips: number): PublicPlayer => ({
  seat, cards: hand.length, tableau: cardsView(tableau), out, place, score, skips,
}));
const playersView = memoOn((hands: readonly number[][], tableaux: readonly number[][], out: readonly boolean[], finishOrder: readonly Seat[], scores: readonly number[], skips: readonly number[]) =>
  hands.map((hand, seat) => playerView(hand, seat, tableaux[seat], out[seat],
    finishOrder.includes(seat) ? finishOrder.indexOf(seat) + 1 : null, scores[seat], skips[seat])));
const NO_HAND: number[] = [];

export function carExchangePublicView(s: CarExchangeState): CarExchangePublicView {
  const top = topCard(s);
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
    pending: s.pending && pendingView(s.pending),
    newCarWindow: s.newCarWindow && windowView(s.newCarWindow),
    exchange: s.exchange && exchangeView(s.exchange),
    talk: talkView(s.talk),
    talking: s.options.talking,
    players: playersView(s.hands, s.tableaux, s.out, s.finishOrder, s.scores, s.skips),
    finishOrder: s.finishOrder,
    history: s.history,
    nextRoundAt: s.nextRoundAt,
  };
}

export function carExchangeSeatView(s: CarExchangeState, seat: Seat): CarExchangeSeatView {
  const hand = s.hands[seat] ?? NO_HAND;
  const drawn = s.pending?.kind === 'drawn' && s.turn === seat ? cardOf(s.pending.card) : null;
  return {
    seat,
    hand: cardsView(hand),
    playable: s.phase === 'playing' && s.hands[seat] ? playableCards(s, seat) : [],
    drawn,
    mustSay: s.talk.some((t) => t.seat === seat),
    spokeThisTurn: s.turn === seat && s.saidThisTurn,
  };
}
