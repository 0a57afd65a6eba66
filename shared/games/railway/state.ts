import type { RngState } from '../../random.js';
import type { Car } from './cards.js';

export type RailwayVariant = 'training' | 'classic' | 'juniors' | 'express' | 'longest_train';

/** What lies at one table position: nothing, a face-down car or a face-up car (by card id). */
export type TableSlot = { card: number; faceUp: boolean } | null;

export interface Held {
  card: number;
  /** Where it was taken from, so a release puts it back in place. */
  slot: number;
  /** Auto-release time (RULES-NOTES 5.2: a held card is released after 3 s). */
  releaseAt: number;
}

export interface RailwayPlayer {
  locomotive: Car;
  /** Card ids in collection order; the order never changes (rulebook "Important"). */
  train: number[];
  held: Held | null;
  /** Matching rule this seat plays by (mixed table: juniors or express per player). */
  rule: 'atLeastOne' | 'exactlyOne' | 'sameTypeAsLocomotive';
}

/** The Longest Train: per player a face-down pile, a turned top card and five trains (one per locomotive). */
export interface LongestTrainPlayer {
  pile: number[];
  turned: number | null;
  /** trains[i] belongs to locomotive i of `locomotives`. */
  trains: number[][];
  /** Consecutive cards sent to the bottom since this player last laid one. */
  bottomsInARow: number;
}

export interface RailwayState {
  variant: RailwayVariant;
  seats: number;
  rng: RngState;
  startedAt: number;
  endsAt: number;
  table: TableSlot[];
  /** Who last removed the card at each position, to tell a late grabber who was first. */
  takenBy: (number | null)[];
  players: RailwayPlayer[];
  longest: { locomotives: Car[]; players: LongestTrainPlayer[] } | null;
  assist: boolean;
  releaseMs: number;
  over: boolean;
  endReason: string;
  /** Seat that called Stop (training), for the result line. */
  stoppedBy: number | null;
}
