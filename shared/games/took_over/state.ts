import type { RngState } from '../../random.js';
import type { NumberedCard } from '../trafficcars_deck/cards.js';
import type { TookOverOptions } from './options.js';

/** The active player's latest placement, the one the next player may take over. */
export interface LatestPlacement {
  id: string;
  side: 'left' | 'right';
  at: number;
}

export interface TookOverState {
  options: TookOverOptions;
  seats: number;
  rng: RngState;
  /** Personal face-down stacks, top card first. */
  stacks: NumberedCard[][];
  hands: NumberedCard[][];
  /** The central line, strictly ascending left to right. */
  line: NumberedCard[];
  /** Cards left over by the equal deal ("you can discard the last few cards"). */
  aside: NumberedCard[];
  /** Lines cleared after everyone passed. */
  discard: NumberedCard[];
  active: number;
  /** Null when there is nothing to take over (opening card, after a take-over or a pass). */
  latest: LatestPlacement | null;
  /** The active player may not place before this (the agreed pace). */
  paceUntil: number;
  /** If the active player has a playable card and has not placed by then, the server places one. */
  idleUntil: number;
  /** Passes in a row; when every player has passed, the line is discarded. */
  passes: number;
  winner: number | null;
}
