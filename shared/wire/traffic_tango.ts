/**
 * Traffic Tango on the wire. Nullable numbers as NULL_NUMBER, "not asked today" flags as -1/0/1,
 * a sign as its kind plus tile, direction or line. Routes, own signs and replays only in their
 * owner's seat view (publicReplay aside).
 */
import type { SignInput } from '../games/traffic_tango/actions.js';
import type { CornerName, Dir } from '../games/traffic_tango/board.js';
import type { TrafficTangoOptions } from '../games/traffic_tango/options.js';
import type { CarState } from '../games/traffic_tango/simulate.js';
import type {
  MyDelivery, PublicLine, PublicPlayer, ReplayCar, TrafficTangoPublicView, TrafficTangoSeatView,
} from '../games/traffic_tango/views.js';
import { list, orNull, type ViewReader, type WireList } from './contract.js';

export interface TangoSignWire { kind: string; tile: string; dir: string; line: string }
export interface TangoDatedSignWire extends TangoSignWire { day: number }
export interface TangoTrackWire { tile: string; state: string }
export interface TangoCrashWire { tick: number; tile: string; with: WireList<number> }
export interface TangoHitWire { tick: number; tile: string; by: WireList<number> }
export interface TangoReplayCarWire {
  seat: number; track: WireList<TangoTrackWire>; crash?: TangoCrashWire; hitBy: WireList<TangoHitWire>;
  steps: number; tolls: number; gas: number;
}
export interface TangoMyDeliveryWire extends TangoReplayCarWire { number: number; garnets: number; speedingCost: number; defaulted: boolean }
export interface TangoOptionsWire {
  variant: string; players: number; phaseMs: number; choiceMs: number; startGarnets: number; noRoute: string;
  publicGarnets: boolean; publicReplay: boolean; deliveries: number;
}
export interface TangoTileWire { tile: string; oneWay: WireList<string>; yield: boolean; roundabout: boolean; tolls: number; stop: boolean }
export interface TangoLineWire { line: string; signs: number; limit: number; tilesPerMove: number }
/** signsIn / routeIn: -1 not asked today, 0 not in, 1 in. */
export interface TangoPlayerWire { seat: number; corner: string; start: string; dest: string; gas: number; signsIn: number; routeIn: number; garnets: number }
export interface TangoDeliveryWire { number: number; day: number; gas: WireList<number>; hasReplay: boolean; replay: WireList<TangoReplayCarWire> }
export interface TangoPlacedWire { day: number; signs: WireList<TangoSignWire> }
export interface TangoFinaleWire {
  bonus: WireList<number>; token: number; places: WireList<number>; tied: WireList<number>; chooser: number; candidate: number;
}

export interface TrafficTangoTableWire {
  options: TangoOptionsWire; phase: string; day: number; traffic: number; delivery: number; deadline: number; extraSignCost: number;
  tiles: WireList<TangoTileWire>; lines: WireList<TangoLineWire>; players: WireList<TangoPlayerWire>;
  deliveries: WireList<TangoDeliveryWire>; lastPlaced?: TangoPlacedWire; finale?: TangoFinaleWire;
}

export interface TrafficTangoSeatWire {
  seat: number; corner: string; start: string; dest: string; garnets: number; stopUsed: boolean;
  hasSigns: boolean; signs: WireList<TangoSignWire>;
  hasRoute: boolean; routeTiles: WireList<string>; routeSkips: WireList<number>;
  mySigns: WireList<TangoDatedSignWire>; failedSigns: WireList<TangoDatedSignWire>;
  deliveries: WireList<TangoMyDeliveryWire>; canEliminate: WireList<number>;
}

export function signOf(s: TangoSignWire): SignInput {
  if (s.kind === 'speed') return { kind: 'speed', line: s.line as Extract<SignInput, { kind: 'speed' }>['line'] };
  if (s.kind === 'oneWay') return { kind: 'oneWay', tile: s.tile, dir: s.dir as Dir };
  return { kind: s.kind as 'yield', tile: s.tile };
}

const flag = (n: number): boolean | null => (n === -1 ? null : n === 1);

function replayCarOf(c: TangoReplayCarWire): ReplayCar {
  return {
    seat: c.seat, track: list(c.track).map((t) => ({ tile: t.tile, state: t.state as CarState })),
    crash: c.crash ? { tick: c.crash.tick, tile: c.crash.tile, with: list(c.crash.with) } : null,
    hitBy: list(c.hitBy).map((h) => ({ tick: h.tick, tile: h.tile, by: list(h.by) })),
    steps: orNull(c.steps), tolls: c.tolls, gas: c.gas,
  };
}

function optionsOf(o: TangoOptionsWire): TrafficTangoOptions {
  return {
    variant: o.variant as 'classic', players: o.players, phaseMs: o.phaseMs, choiceMs: o.choiceMs, startGarnets: o.startGarnets,
    noRoute: o.noRoute as TrafficTangoOptions['noRoute'], publicGarnets: o.publicGarnets, publicReplay: o.publicReplay,
    deliveries: o.deliveries,
  };
}

export const trafficTangoReader: ViewReader<TrafficTangoPublicView, TrafficTangoSeatView | null> = {
  publicView(wire) {
    const w = wire as TrafficTangoTableWire;
    const f = w.finale;
    return {
      options: optionsOf(w.options), phase: w.phase as TrafficTangoPublicView['phase'], day: w.day,
      traffic: orNull(w.traffic), delivery: orNull(w.delivery), deadline: orNull(w.deadline), extraSignCost: orNull(w.extraSignCost),
      tiles: list(w.tiles).map((t) => ({
        tile: t.tile, oneWay: list(t.oneWay) as Dir[], yield: t.yield, roundabout: t.roundabout, tolls: t.tolls, stop: t.stop,
      })),
      lines: list(w.lines).map((l) => ({ line: l.line as PublicLine['line'], signs: l.signs, limit: orNull(l.limit), tilesPerMove: l.tilesPerMove })),
      players: list(w.players).map((p): PublicPlayer => ({
        seat: p.seat, corner: p.corner as CornerName, start: p.start, dest: p.dest, gas: p.gas,
        signsIn: flag(p.signsIn), routeIn: flag(p.routeIn), garnets: orNull(p.garnets),
      })),
      deliveries: list(w.deliveries).map((d) => ({
        number: d.number, day: d.day, gas: list(d.gas), replay: d.hasReplay ? list(d.replay).map(replayCarOf) : null,
      })),
      lastPlaced: w.lastPlaced ? { day: w.lastPlaced.day, signs: list(w.lastPlaced.signs).map(signOf) } : null,
      finale: f ? {
        bonus: list(f.bonus), token: orNull(f.token), places: list(f.places), tied: list(f.tied), chooser: orNull(f.chooser), candidate: orNull(f.candidate),
      } : null,
    };
  },
  seatView(wire) {
    const w = wire as TrafficTangoSeatWire | undefined;
    if (!w) return null;
    const dated = (s: TangoDatedSignWire) => ({ day: s.day, sign: signOf(s) });
    return {
      seat: w.seat, corner: w.corner as CornerName, start: w.start, dest: w.dest, garnets: w.garnets, stopUsed: w.stopUsed,
      signs: w.hasSigns ? list(w.signs).map(signOf) : null,
      route: w.hasRoute ? { tiles: list(w.routeTiles), skips: list(w.routeSkips) } : null,
      mySigns: list(w.mySigns).map(dated), failedSigns: list(w.failedSigns).map(dated),
      deliveries: list(w.deliveries).map((d): MyDelivery => ({
        ...replayCarOf(d), number: d.number, garnets: d.garnets, speedingCost: d.speedingCost, defaulted: d.defaulted,
      })),
      canEliminate: list(w.canEliminate),
    };
  },
};
