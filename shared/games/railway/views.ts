/** What each client may see (RULES-NOTES 5.2 "Visibility"). Face-down cards are only `{ down: true }`. */
import { carOf, type Car } from './cards.js';
import { validPrefix } from './matching.js';
import type { RailwayState } from './state.js';

export type PublicSlot = null | { down: true } | { car: Car };

export interface PublicPlayer {
  seat: number;
  locomotive: Car;
  rule: 'atLeastOne' | 'exactlyOne' | 'sameTypeAsLocomotive';
  cars: number;
  /** The card in this player's search hand: everyone sees a turned card. */
  holding: Car | null;
  holdingReleaseAt: number | null;
  /** Revealed by the final check once the game is over. */
  train?: Car[];
  valid?: number;
}

export interface PublicLongestPlayer {
  seat: number;
  pile: number;
  turned: Car | null;
  /** Cars behind each locomotive (counts while playing; whole trains after the end). */
  trainLengths: number[];
  trains?: Car[][];
  valid?: number[];
}

export interface RailwayPublicView {
  variant: RailwayState['variant'];
  table: PublicSlot[];
  players: PublicPlayer[];
  longest: { locomotives: Car[]; players: PublicLongestPlayer[] } | null;
  endsAt: number;
  over: boolean;
  endReason: string;
  assist: boolean;
}

export interface RailwaySeatView {
  /** My whole train, in order. */
  train: Car[];
  /** How many of them pass the check so far. */
  valid: number;
  longestTrains?: Car[][];
}

const cars = (ids: readonly number[]) => ids.map(carOf);

export function railwayPublicView(s: RailwayState): RailwayPublicView {
  return {
    variant: s.variant,
    table: s.table.map((t) => (t === null ? null : t.faceUp ? { car: carOf(t.card) } : { down: true })),
    players: s.players.map((p, seat) => ({
      seat, locomotive: p.locomotive, rule: p.rule, cars: p.train.length,
      holding: p.held ? carOf(p.held.card) : null, holdingReleaseAt: p.held?.releaseAt ?? null,
      ...(s.over ? { train: cars(p.train), valid: validPrefix(p.rule, p.locomotive, p.train).length } : {}),
    })),
    longest: s.longest && {
      locomotives: s.longest.locomotives,
      players: s.longest.players.map((p, seat) => ({
        seat, pile: p.pile.length, turned: p.turned === null ? null : carOf(p.turned),
        trainLengths: p.trains.map((t) => t.length),
        ...(s.over ? {
          trains: p.trains.map(cars),
          valid: p.trains.map((t, i) => validPrefix('atLeastOne', s.longest!.locomotives[i], t).length),
        } : {}),
      })),
    },
    endsAt: s.endsAt,
    over: s.over,
    endReason: s.endReason,
    assist: s.assist,
  };
}

export function railwaySeatView(s: RailwayState, seat: number): RailwaySeatView {
  if (s.longest) {
    const mine = s.longest.players[seat];
    if (!mine) return { train: [], valid: 0 };
    return { train: [], valid: 0, longestTrains: mine.trains.map(cars) };
  }
  const p = s.players[seat];
  if (!p) return { train: [], valid: 0 };
  return { train: cars(p.train), valid: validPrefix(p.rule, p.locomotive, p.train).length };
}

