import type { RngState } from '../../random.js';
import type { Colour } from './cards.js';
import type { CarExchangeOptions } from './options.js';

export type Seat = number;

/** What the player on turn faces before they may play freely. */
export type Pending =
  /** A SERVICE (or a chain of them): counter with a SERVICE or skip. */
  | { kind: 'service'; count: number }
  /** FINEs in play order; `null` = the opening FINE, paid from the deck (RULES-NOTES 2.2). */
  | { kind: 'fine'; chain: (Seat | null)[] }
  /** An opening GARAGE still needs CARs (RULES-NOTES 2.2 [R]). */
  | { kind: 'garage' }
  /** An opening PAINT SHOP: the dealer names the colour (RULES-NOTES 2.2 [R]). */
  | { kind: 'dealerColour'; dealer: Seat }
  /** Option playDrawn: the player may play the card just drawn, or pass. */
  | { kind: 'drawn'; card: number };

export interface NewCarWindow {
  /** The player who just shed their last card. */
  seat: Seat;
  /** Null in raceMode: the next player's move closes it (or their clock running out). */
  closesAt: number | null;
}

export interface ExchangeWindow {
  by: Seat;
  target: Seat;
  closesAt: number;
}

export interface TalkDue {
  seat: Seat;
  deadline: number;
}

export interface CarExchangeState {
  options: CarExchangeOptions;
  seats: number;
  rng: RngState;
  startedAt: number;
  phase: 'playing' | 'roundOver' | 'over';
  round: number;
  /** First player of the current round (moves one seat clockwise each round). */
  firstSeat: Seat;
  /** Draw pile; the last element is the top. */
  deck: number[];
  /** Discard pile; the last element is the top, index 0 the bottom. */
  discard: number[];
  hands: number[][];
  /** CAR EXCHANGE and NEW CAR cards laid in front of their player for the round. */
  tableaux: number[][];
  /** Has shed their last card this round (a NEW CAR can still bring them back). */
  out: boolean[];
  finishOrder: Seat[];
  /** Colour to follow; null while an opening GARAGE or PAINT SHOP is unresolved. */
  activeColour: Colour | null;
  turn: Seat;
  pending: Pending | null;
  turnDeadline: number | null;
  /** Turns still to be skipped (option serviceStack). */
  skips: number[];
  newCarWindow: NewCarWindow | null;
  exchange: ExchangeWindow | null;
  talk: TalkDue[];
  /** The player on turn already spoke this turn, before playing (talking rule). */
  saidThisTurn: boolean;
  scores: number[];
  /** Points per round, per seat. */
  history: number[][];
  nextRoundAt: number | null;
}
