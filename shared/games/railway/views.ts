/** What each client may see (RULES-NOTES 5.2 "Visibility"). Face-down cards are only `{ down: true }`. */
import { carOf, type Car } from './cards.js';
import { validPrefix } from './matching.js';
import { memoOn } from '../memo.js';
import type { LongestTrainPlayer, RailwayPlayer, RailwayState, TableSlot } from './state.js';

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

// Each part is memoised on the piece of state it comes from (shared/games/memo.ts), so an
// unchanged player or table keeps its view's reference and the mirror skips it.
const slotView = (t: TableSlot): PublicSlot => (t === null ? null : t.faceUp ? { car: carOf(t.card) } : { down: true });
const tableView = memoOn((table: readonly TableSlot[]): PublicSlot[] => table.map(slotView));

const playerView = memoOn((p: RailwayPlayer, seat: number, over: boolean): PublicPlayer => ({
  seat, locomotive: p.locomotive, rule: p.rule, cars: p.train.length,
  holding: p.held ? carOf(p.held.card) : null, holdingReleaseAt: p.held?.releaseAt ?? null,
  ...(over ? { train: cars(p.train), valid: validPrefix(p.rule, p.locomotive, p.train).length } : {}),
}));
const playersView = memoOn((players: readonly RailwayPlayer[], over: boolean) => players.map((p, seat) => playerView(p, seat, over)));

const longestPlayerView = memoOn((p: LongestTrainPlayer, seat: number, over: boolean, locomotives: readonly Car[]): PublicLongestPlayer => ({
  seat, pile: p.pile.length, turned: p.turned === null ? null : carOf(p.turned),
  trainLengths: p.trains.map((t) => t.length),
  ...(over ? {
    trains: p.trains.map(cars),
    valid: p.trains.map((t, i) => validPrefix('atLeastOne', locomotives[i], t).length),
  } : {}),
}));
const longestView = memoOn((longest: NonNullable<RailwayState['longest']>, over: boolean): NonNullable<RailwayPublicView['longest']> => ({
  locomotives: longest.locomotives,
  players: longest.players.map((p, seat) => longestPlayerView(p, seat, over, longest.locomotives)),
}));

const trainView = memoOn((p: RailwayPlayer): RailwaySeatView => ({ train: cars(p.train), valid: validPrefix(p.rule, p.locomotive, p.train).length }));
const longestTrainsView = memoOn((mine: LongestTrainPlayer): RailwaySeatView => ({ train: [], valid: 0, longestTrains: mine.trains.map(cars) }));

export function railwayPublicView(s: RailwayState): RailwayPublicView {
  return {
    variant: s.variant,
    table: tableView(s.table),
    players: playersView(s.players, s.over),
    longest: s.longest && longestView(s.longest, s.over),
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
    return longestTrainsView(mine);
  }
  const p = s.players[seat];
  if (!p) return { train: [], valid: 0 };
  return trainView(p);
}
