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
import { hasDelivery, hasTraffic, type TrafficTangoState } from './state.js';
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
  /** Price of an extra sign today, or null on day 5. */
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

function replayCar(car: CarReport): ReplayCar {
  return {
    seat: car.seat,
    track: car.track.map((p) => ({ tile: tileName(p.tile), state: p.state })),
    crash: car.crash && { tick: car.crash.tick, tile: tileName(car.crash.tile), with: car.crash.with },
    hitBy: car.hitBy.map((h) => ({ tick: h.tick, tile: tileName(h.tile), by: h.by })),
    steps: car.steps,
    tolls: car.tolls,
    gas: car.gas,
  };
}

export function trafficTangoPublicView(s: TrafficTangoState): TrafficTangoPublicView {
  const map = mapOf(s);
  const playing = s.phase === 'play';
  return {
    options: s.options,
    phase: s.phase,
    day: Math.min(s.day, 5),
    traffic: playing && hasTraffic(s) ? s.day : null,
    delivery: playing && hasDelivery(s) ? s.day - 1 : null,
    deadline: s.deadline,
    extraSignCost: playing && hasTraffic(s) ? extraSignCost(s.day) : null,
    tiles: map.tiles.map((t, i) => ({ tile: tileName(i), oneWay: [...t.oneWay], yield: t.yield, roundabout: t.roundabout, tolls: t.tolls, stop: t.stop })),
    lines: map.speed.map((n, line) => ({ line: LINE_NAMES[line], signs: n, limit: n > 0 ? speedLabel(n) : null, tilesPerMove: 1 + n })),
    players: s.corners.map((corner, seat) => {
      const { start, dest } = tripOf(s, seat);
      return {
        seat, corner, start: tileName(start), dest: tileName(dest), gas: s.gas[seat],
        signsIn: playing && hasTraffic(s) ? s.pending[seat].signs !== null : null,
        routeIn: playing && hasDelivery(s) ? s.pending[seat].route !== null : null,
        garnets: s.options.publicGarnets || s.phase === 'over' ? s.garnets[seat] : null,
      };
    }),
    deliveries: s.deliveries.map((d) => ({
      number: d.number, day: d.day, gas: d.result.cars.map((c) => c.gas),
      replay: s.options.publicReplay ? d.result.cars.map(replayCar) : null,
    })),
    lastPlaced: s.lastPlaced && { day: s.lastPlaced.day, signs: s.lastPlaced.signs.map(toInput) },
    finale: s.finale && { ...s.finale, bonus: [...s.finale.bonus], places: [...s.finale.places], tied: [...s.finale.tied] },
  };
}

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
    signs: p.signs && p.signs.map(toInput),
    route: p.route && { tiles: p.route.tiles.map(tileName), skips: [...p.route.skips] },
    mySigns: s.placed.filter((x) => x.owner === seat).map((x) => ({ day: x.day, sign: toInput(x.sign) })),
    failedSigns: s.failed.filter((x) => x.owner === seat).map((x) => ({ day: x.day, sign: toInput(x.sign) })),
    deliveries: s.deliveries.map((d) => ({
      ...replayCar(d.result.cars[seat]),
      number: d.number,
      garnets: d.garnets[seat],
      speedingCost: d.speeding[seat],
      defaulted: d.defaulted[seat],
    })),
    canEliminate: s.phase === 'choose' && s.finale?.chooser === seat ? [...s.finale.tied] : [],
  };
}

/** Seats whose submission is still awaited (the UI highlights them), or the chooser. */
export function waitingSeats(s: TrafficTangoState): number[] {
  if (s.phase === 'choose') return s.finale?.chooser != null ? [s.finale.chooser] : [];
  if (s.phase !== 'play') return [];
  return s.pending.flatMap((_, seat) => (isIn(s, seat) ? [] : [seat]));
}
