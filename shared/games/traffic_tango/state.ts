import type { RngState } from '../../random.js';
import type { CornerName } from './board.js';
import type { TrafficTangoOptions } from './options.js';
import type { Plan } from './routes.js';
import type { Sign } from './signs.js';
import type { DeliveryResult } from './simulate.js';

/** A sign on the map. `owner` is secret forever (rulebook: "It will not be announced who has placed each sign"). */
export interface PlacedSign {
  sign: Sign;
  owner: number;
  day: number;
}

/** One seat's secret submission for the current day; null = not in yet. */
export interface Pending {
  signs: Sign[] | null;
  route: Plan | null;
}

export interface DeliveryRecord {
  /** Delivery phase number 1..4, driven on day number + 1. */
  number: number;
  day: number;
  result: DeliveryResult;
  garnets: number[];
  /** Garnets each seat spent on speeding. */
  speeding: number[];
  /** Seats whose route was chosen by the clock. */
  defaulted: boolean[];
}

/** A sign that failed placement at resolution (RULES-NOTES 3.5): only its owner is told. */
export interface FailedSign {
  day: number;
  owner: number;
  sign: Sign;
}

export interface Finale {
  bonus: number[];
  token: number | null;
  places: number[];
  /** Players tied for the highest gas total. */
  tied: number[];
  chooser: number | null;
  candidate: number | null;
}

export interface TrafficTangoState {
  options: TrafficTangoOptions;
  seats: number;
  rng: RngState;
  corners: CornerName[];
  /** Day 1..5 (RULES-NOTES 3.2): Traffic phase `day` if day ≤ 4, Delivery phase `day − 1` if day ≥ 2 (4 = the `deliveries` option). */
  day: number;
  phase: 'play' | 'choose' | 'over';
  deadline: number | null;
  placed: PlacedSign[];
  garnets: number[];
  gas: number[];
  crashes: number[];
  stopUsed: boolean[];
  pending: Pending[];
  deliveries: DeliveryRecord[];
  failed: FailedSign[];
  /** Signs revealed on the last resolved day (public, never their owners). */
  lastPlaced: { day: number; signs: Sign[] } | null;
  finale: Finale | null;
}

type Schedule = { day: number; options: Pick<TrafficTangoOptions, 'deliveries'> };

/** Deliveries in this match (a table stored before the option existed has the rulebook's 4). */
const deliveriesOf = (s: Schedule): number => s.options.deliveries ?? 4;
/** The day of the last delivery: 5 by the rulebook. */
export const lastDay = (s: Schedule): number => deliveriesOf(s) + 1;
export const hasTraffic = (s: Schedule): boolean => s.day <= deliveriesOf(s);
export const hasDelivery = (s: Schedule): boolean => s.day >= 2 && s.day <= lastDay(s);
