/**
 * What clients see. Public (rulebook: "Each update will only show the updated map of the city and
 * every player's number of gas costs"): the map without owners, gas, who is in, the corners.
 * Private to a seat: its garnets (public only with the option), its submissions and routes, its
 * own signs, failed placements, its crash reports and its own replay. Who placed a sign and any
 * other seat's route are never shown.
 */
import { LINE_NAMES, tileName, type CornerName, type Dir } from './board.js';
import type { SignInput } from './actions.js';
import { mapOf, toInput, tripOf } from './notation.js';
import { extraSignCost } from './placement.js';
import { speedLabel } from './signs.js';
import type { CarReport, CarState } from './simulate.js';
import { memoOn } from '../memo.js';
import type { Plan } from './routes.js';
import type { Sign } from './signs.js';
import { hasDelivery, hasTraffic, lastDay, type DeliveryRecord, type FailedSign, type Finale, type Pending, type PlacedSign, type TrafficTangoState } from './state.js';
import type { TrafficTangoOptions } from './options.js';
import { isIn } from './rules.js';

export interface PublicTile {
  tile: string;
  oneWay: Dir[];
  yield: boolean;
  roundabout: boolean;
  tolls: number;
  stop: boolean;
}

export interface PublicLine {
  line: (typeof LINE_NAMES)[number];
  /** Speed Limit signs stacked on it; 0 = none. */
  signs: number;
  /** 70 / 105 / 140 / 175, or null. */
  limit: number | null;
  /** Tiles moved per step along this line. */
  tilesPerMove: number;
}

export interface PublicPlayer {
  seat: number;
  corner: CornerName;
  start: string;
  dest: string;
  gas: number;
  /** Null when not needed today. */
  signsIn: boolean | null;
  routeIn: boolean | null;
  /** Only with the `publicGarnets` option, or once the match is over. */
  garnets: number | null;
}

export interface ReplayCar {
  seat: number;
  /** Position at each step (index 0 = step 1) while the car is on the board. */
  track: { tile: string; state: CarState }[];
  crash: { tick: number; tile: string; with: number[] } | null;
  hitBy: { tick: number; tile: string; by: number[] }[];
  steps: number | null;
  tolls: number;
  gas: number;
}

export interface PublicDelivery {
  number: number;
  day: number;
  /** Gas of this delivery per seat (public per the rulebook). */
  gas: number[];
  /** Every car's replay: only with the `publicReplay` option (routes are secret by the rulebook). */
  replay: ReplayCar[] | null;
}

export interface PublicFinale {
  bonus: number[];
  token: number | null;
  places: number[];
  tied: number[];
  chooser: number | null;
  candidate: number | null;
}

export interface TrafficTangoPublicView {
  options: TrafficTangoOptions;
  phase: 'play' | 'choose' | 'over';
  day: number;
  /** Traffic phase number today, or null. */
  traffic: number | null;
  /** Delivery phase number today (driven on the map as it stands), or null. */
  delivery: number | null;
  deadline: number | null;
  /** Price of an extra sign today, or null on the last day. */
  extraSignCost: number | null;
  tiles: PublicTile[];
  lines: PublicLine[];
  players: PublicPlayer[];
  deliveries: PublicDelivery[];
  /** Signs revealed at the end of the last day, sorted (never their owners). */
  lastPlaced: { day: number; signs: SignInput[] } | null;
  finale: PublicFinale | null;
}

export interface MyDelivery extends ReplayCar {
  number: number;
  garnets: number;
  speedingCost: number;
  defaulted: boolean;
}

export interface TrafficTangoSeatView {
  seat: number;
  corner: CornerName;
  start: string;
  dest: string;
  garnets: number;
  stopUsed: boolean;
  /** This day's secret submissions, if in. */
  signs: SignInput[] | null;
  route: { tiles: string[]; skips: number[] } | null;
  /** My signs on the map. */
  mySigns: { day: number; sign: SignInput }[];
  failedSigns: { day: number; sign: SignInput }[];
  deliveries: MyDelivery[];
  /** Players I may name as Elimination Candidate now (empty unless I am choosing). */
  canEliminate: number[];
}

// Parts are memoised on the pieces of state they come from (shared/games/memo.ts), so an
// unchanged map, delivery, finale or list keeps its view's reference and the mirror skips it.
const replayCar = memoOn((car: CarReport): ReplayCar => ({
  seat: car.seat,
  track: car.track.map((p) => ({ tile: tileName(p.tile), state: p.state })),
  crash: car.crash && { tick: car.crash.tick, tile: tileName(car.crash.tile), with: car.crash.with },
  hitBy: car.hitBy.map((h) => ({ tick: h.tick, tile: tileName(h.tile), by: h.by })),
  steps: car.steps,
  tolls: car.tolls,
  gas: car.gas,
}));

/** The map's tiles and lines, rebuilt only when a sign is placed. */
const mapView = memoOn((placed: readonly PlacedSign[]): { tiles: PublicTile[]; lines: PublicLine[] } => {
  const map = mapOf({ placed: placed as PlacedSign[] });
  return {
    tiles: map.tiles.map((t, i) => ({ tile: tileName(i), oneWay: [...t.oneWay], yield: t.yield, roundabout: t.roundabout, tolls: t.tolls, stop: t.stop })),
    lines: map.speed.map((n, line) => ({ line: LINE_NAMES[line], signs: n, limit: n > 0 ? speedLabel(n) : null, tilesPerMove: 1 + n })),
  };
});

const playersView = memoOn((corners: CornerName[], options: TrafficTangoOptions, gas: readonly number[], pending: readonly Pending[], garnets: readonly number[], phase: TrafficTangoState['phase'], day: number): PublicPlayer[] => {
  const playing = phase === 'play';
  return corners.map((corner, seat) => {
    const { start, dest } = tripOf({ corners }, seat);
    return {
      seat, corner, start: tileName(start), dest: tileName(dest), gas: gas[seat],
      signsIn: playing && hasTraffic({ day, options }) ? pending[seat].signs !== null : null,
      routeIn: playing && hasDelivery({ day, options }) ? pending[seat].route !== null : null,
      garnets: options.publicGarnets || phase === 'over' ? garnets[seat] : null,
    };
  });
});

const deliveryView = memoOn((d: DeliveryRecord, publicReplay: boolean): PublicDelivery => ({
  number: d.number, day: d.day, gas: d.result.cars.map((c) => c.gas),
  replay: publicReplay ? d.result.cars.map(replayCar) : null,
}));
const deliveriesView = memoOn((deliveries: readonly DeliveryRecord[], publicReplay: boolean) => deliveries.map((d) => deliveryView(d, publicReplay)));
const lastPlacedView = memoOn((last: { day: number; signs: Sign[] }) => ({ day: last.day, signs: last.signs.map(toInput) }));
const finaleView = memoOn((f: Finale): PublicFinale => ({ ...f, bonus: [...f.bonus], places: [...f.places], tied: [...f.tied] }));

export function trafficTangoPublicView(s: TrafficTangoState): TrafficTangoPublicView {
  const playing = s.phase === 'play';
  const { tiles, lines } = mapView(s.placed);
  return {
    options: s.options,
    phase: s.phase,
    day: Math.min(s.day, lastDay(s)),
    traffic: playing && hasTraffic(s) ? s.day : null,
    delivery: playing && hasDelivery(s) ? s.day - 1 : null,
    deadline: s.deadline,
    extraSignCost: playing && hasTraffic(s) ? extraSignCost(s.day) : null,
    tiles,
    lines,
    players: playersView(s.corners, s.options, s.gas, s.pending, s.garnets, s.phase, s.day),
    deliveries: deliveriesView(s.deliveries, s.options.publicReplay),
    lastPlaced: s.lastPlaced && lastPlacedView(s.lastPlaced),
    finale: s.finale && finaleView(s.finale),
  };
}

const signsView = memoOn((signs: readonly Sign[]) => signs.map(toInput));
const routeView = memoOn((route: Plan) => ({ tiles: route.tiles.map(tileName), skips: [...route.skips] }));
const ownSigns = memoOn((list: readonly (PlacedSign | FailedSign)[], seat: number) =>
  list.filter((x) => x.owner === seat).map((x) => ({ day: x.day, sign: toInput(x.sign) })));
const myDelivery = memoOn((d: DeliveryRecord, seat: number): MyDelivery => ({
  ...replayCar(d.result.cars[seat]),
  number: d.number,
  garnets: d.garnets[seat],
  speedingCost: d.speeding[seat],
  defaulted: d.defaulted[seat],
}));
const myDeliveries = memoOn((deliveries: readonly DeliveryRecord[], seat: number) => deliveries.map((d) => myDelivery(d, seat)));

export function trafficTangoSeatView(s: TrafficTangoState, seat: number): TrafficTangoSeatView {
  const { start, dest } = tripOf(s, seat);
  const p = s.pending[seat];
  return {
    seat,
    corner: s.corners[seat],
    start: tileName(start),
    dest: tileName(dest),
    garnets: s.garnets[seat],
    stopUsed: s.stopUsed[seat],
    signs: p.signs && signsView(p.signs),
    route: p.route && routeView(p.route),
    mySigns: ownSigns(s.placed, seat),
    failedSigns: ownSigns(s.failed, seat),
    deliveries: myDeliveries(s.deliveries, seat),
    canEliminate: s.phase === 'choose' && s.finale?.chooser === seat ? [...s.finale.tied] : [],
  };
}

/** Seats whose submission is still awaited (the UI highlights them), or the chooser. */
export function waitingSeats(s: TrafficTangoState): number[] {
  if (s.phase === 'choose') return s.finale?.chooser != null ? [s.finale.chooser] : [];
  if (s.phase !== 'play') return [];
  return s.pending.flatMap((_, seat) => (isIn(s, seat) ? [] : [seat]));
}
