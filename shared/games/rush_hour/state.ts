import type { RngState } from '../../random.js';
import type { RushHourOptions } from './options.js';

/**
 * RULES-NOTES 1.2 "Row model": a row is a list of slots; a slot is a stack of card ids (bottom
 * first, only the top card counts); an empty slot is the free spot a Tow Truck leaves behind it.
 */
export type Slot = number[];
export type Row = Slot[];

export type SpecialKind = 'ambulance' | 'police' | 'tow';

export interface Play {
  seat: number;
  card: number;
}

/** Resolution steps of one turn (RULES-NOTES 1.2 step 3), in order. */
export type Stage =
  | { kind: 'group'; special: SpecialKind; plays: Play[] }
  | { kind: 'card'; play: Play };

/** How a numbered card may go into the row a player picks. */
export type CardMode = 'place' | 'tooSmall' | 'front';

/** A row choice asked of players, with its clock. */
export type Prompt =
  | {
      kind: 'group';
      special: SpecialKind;
      /** In priority order; `choices[i]` is the secret row of `plays[i]`. */
      plays: Play[];
      choices: (number | null)[];
      deadline: number;
    }
  | { kind: 'card'; play: Play; mode: CardMode; rows: number[]; deadline: number };

/** What the client replays card by card. */
export type Step =
  | { kind: 'place'; seat: number; card: number; row: number; at: 'end' | 'free' | 'stack' | 'front' | 'start' }
  | { kind: 'take'; seat: number; row: number; cards: number[]; points: number; reason: 'jam' | 'tooSmall' | 'ambulance' | 'police' | 'tow' }
  | { kind: 'tow'; seat: number; card: number; row: number; loaded: number[] };

export interface TurnRecord {
  deal: number;
  turn: number;
  /** Revealed cards in resolution order. */
  revealed: Play[];
  rowsBefore: Row[];
  steps: Step[];
  /** Seats whose card was chosen for them by the clock. */
  timedOut: number[];
}

export interface RushHourState {
  options: RushHourOptions;
  seats: number;
  rng: RngState;
  /** Cards not dealt this deal (face down, unused). */
  unused: number[];
  rows: Row[];
  hands: number[][];
  /** Cards taken this deal, face up next to their player. */
  piles: number[][];
  /** Totals from earlier deals ([opt] several deals). */
  banked: { points: number; cards: number }[];
  deal: number;
  /** 1-based turn within the deal. */
  turn: number;
  /** Priority order runs clockwise from here (RULES-NOTES conventions). */
  lead: number;
  /** Secret picks of this turn, still in the hands until the reveal. */
  picks: (number | null)[];
  pickDeadline: number | null;
  stages: Stage[];
  prompt: Prompt | null;
  lastTurn: TurnRecord | null;
  over: boolean;
}
