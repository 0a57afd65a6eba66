import type { RngState } from '../../random.js';
import type { Board } from './board.js';
import type { BipOptions, BipVariant } from './options.js';

/**
 * countdown: the 3-2-1 before a round (4.3); play: the real-time round; swap: the leader chooses
 * cards to give up (leaderChooses); between: the round's result before the next deal; over.
 */
export type Phase = 'countdown' | 'play' | 'swap' | 'between' | 'over';

export interface MoveRecord { seat: number; from: number; to: number; swapped: boolean }

/** A valid claim shown to everybody while moves are frozen ("montre aux autres sa carte et les trois voitures"). */
export interface ShownClaim { seat: number; card: number; cars: number[]; at: number }

/** manualReferee: a claim that stands unless an opponent says "Wrong!" before `until`. */
export interface Review extends ShownClaim {
  until: number;
  /** Known to the server only; never in a view. */
  wrong: boolean;
  /** The board the claim was made on, so anyone can check it. */
  board: Board;
}

export type Rules = Pick<BipOptions, 'hiddenHands' | 'freezeMs' | 'claimBlockMs' | 'countdownMs' | 'manualReferee'
  | 'challengeMs' | 'handicap' | 'leaderChooses' | 'swapMs' | 'betweenRoundsMs' | 'handSize'>;

export interface BipState {
  variant: BipVariant;
  seats: number;
  rules: Rules;
  rng: RngState;
  phase: Phase;
  round: number;
  rounds: number;
  /** End of the countdown (phase countdown). */
  startsAt: number;
  board: Board;
  /** Bumped by every move and every new board: a claim or move names the version its player saw. */
  boardVersion: number;
  boardChangedAt: number;
  /** The board before the last move: no move may bring it back (4.4 no undo). */
  beforeLastMove: Board | null;
  /** Who holds the green light (null: nobody yet this round). */
  light: number | null;
  lastMove: MoveRecord | null;
  frozenUntil: number;
  hands: number[][];
  /** Cards each seat got rid of this round, in order. */
  claimed: number[][];
  blockedUntil: number[];
  /** Cards out of play this round: left out of the deal, given up by a swap. */
  aside: number[];
  /** Expert cards not in any hand, shuffled. */
  expertPile: number[];
  lastClaim: ShownClaim | null;
  reviews: Review[];
  swap: { leader: number; count: number; until: number } | null;
  nextRoundAt: number | null;
  /** scores[round][seat] = cards left when that round ended. */
  scores: number[][];
  /** Who emptied their hand in each finished round. */
  roundWinners: number[];
}
