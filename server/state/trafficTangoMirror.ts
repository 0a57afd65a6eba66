/** Writes Traffic Tango's views into its schema (server/state/trafficTangoSchema.ts). */
import type { SignInput } from '../../shared/games/traffic_tango/actions.js';
import type { ReplayCar, TrafficTangoPublicView, TrafficTangoSeatView } from '../../shared/games/traffic_tango/views.js';
import { fromNull } from '../../shared/wire/contract.js';
import { defineMirror, unchanged } from './mirror.js';
import { syncItems, syncValues } from './sync.js';
import {
  TangoCrashState, TangoDatedSignState, TangoDeliveryState, TangoFinaleState, TangoHitState, TangoLineState, TangoMyDeliveryState,
  TangoPlacedState, TangoPlayerState, TangoReplayCarState, TangoSignState, TangoTileState, TangoTrackState, TrafficTangoSeatState,
  TrafficTangoTableState,
} from './trafficTangoSchema.js';

function writeSign(t: TangoSignState, s: SignInput): void {
  t.kind = s.kind;
  t.tile = 'tile' in s ? s.tile : '';
  t.dir = s.kind === 'oneWay' ? s.dir : '';
  t.line = s.kind === 'speed' ? s.line : '';
}

const flag = (b: boolean | null): number => (b === null ? -1 : b ? 1 : 0);

function writeCar(t: TangoReplayCarState, c: ReplayCar): void {
  t.seat = c.seat;
  syncItems(t.track, c.track, () => new TangoTrackState(), (p, v) => { p.tile = v.tile; p.state = v.state; });
  if (!c.crash) t.crash = undefined;
  else {
    const crash = t.crash ?? (t.crash = new TangoCrashState());
    crash.tick = c.crash.tick;
    crash.tile = c.crash.tile;
    syncValues(crash.with, c.crash.with);
  }
  syncItems(t.hitBy, c.hitBy, () => new TangoHitState(), (h, v) => { h.tick = v.tick; h.tile = v.tile; syncValues(h.by, v.by); });
  t.steps = fromNull(c.steps);
  t.tolls = c.tolls;
  t.gas = c.gas;
}

export const trafficTangoMirror = defineMirror({
  createTable: () => new TrafficTangoTableState(),
  writeTable(t: TrafficTangoTableState, v: TrafficTangoPublicView) {
    const o = t.options;
    if (!unchanged(o, v.options)) {
      o.variant = v.options.variant;
      o.players = v.options.players;
      o.phaseMs = v.options.phaseMs;
      o.choiceMs = v.options.choiceMs;
      o.startGarnets = v.options.startGarnets;
      o.noRoute = v.options.noRoute;
      o.publicGarnets = v.options.publicGarnets;
      o.publicReplay = v.options.publicReplay;
      o.deliveries = v.options.deliveries;
    }
    t.phase = v.phase;
    t.day = v.day;
    t.traffic = fromNull(v.traffic);
    t.delivery = fromNull(v.delivery);
    t.deadline = fromNull(v.deadline);
    t.extraSignCost = fromNull(v.extraSignCost);
    if (!unchanged(t.tiles, v.tiles)) syncItems(t.tiles, v.tiles, () => new TangoTileState(), (tile, view) => {
      tile.tile = view.tile;
      syncValues(tile.oneWay, view.oneWay);
      tile.yield = view.yield;
      tile.roundabout = view.roundabout;
      tile.tolls = view.tolls;
      tile.stop = view.stop;
    });
    if (!unchanged(t.lines, v.lines)) syncItems(t.lines, v.lines, () => new TangoLineState(), (line, view) => {
      line.line = view.line;
      line.signs = view.signs;
      line.limit = fromNull(view.limit);
      line.tilesPerMove = view.tilesPerMove;
    });
    if (!unchanged(t.players, v.players)) syncItems(t.players, v.players, () => new TangoPlayerState(), (p, view) => {
      p.seat = view.seat;
      p.corner = view.corner;
      p.start = view.start;
      p.dest = view.dest;
      p.gas = view.gas;
      p.signsIn = flag(view.signsIn);
      p.routeIn = flag(view.routeIn);
      p.garnets = fromNull(view.garnets);
    });
    if (!unchanged(t.deliveries, v.deliveries)) syncItems(t.deliveries, v.deliveries, () => new TangoDeliveryState(), (d, view) => {
      if (unchanged(d, view)) return;
      d.number = view.number;
      d.day = view.day;
      syncValues(d.gas, view.gas);
      d.hasReplay = view.replay !== null;
      syncItems(d.replay, view.replay ?? [], () => new TangoReplayCarState(), writeCar);
    });
    if (!v.lastPlaced) t.lastPlaced = undefined;
    else {
      const placed = t.lastPlaced ?? (t.lastPlaced = new TangoPlacedState());
      if (!unchanged(placed, v.lastPlaced)) {
        placed.day = v.lastPlaced.day;
        syncItems(placed.signs, v.lastPlaced.signs, () => new TangoSignState(), writeSign);
      }
    }
    const f = v.finale;
    if (!f) t.finale = undefined;
    else {
      const finale = t.finale ?? (t.finale = new TangoFinaleState());
      if (!unchanged(finale, f)) {
        syncValues(finale.bonus, f.bonus);
        finale.token = fromNull(f.token);
        syncValues(finale.places, f.places);
        syncValues(finale.tied, f.tied);
        finale.chooser = fromNull(f.chooser);
        finale.candidate = fromNull(f.candidate);
      }
    }
  },
  createSeat: () => new TrafficTangoSeatState(),
  writeSeat(s: TrafficTangoSeatState, v: TrafficTangoSeatView, reveal) {
    s.seat = v.seat;
    s.corner = v.corner;
    s.start = v.start;
    s.dest = v.dest;
    s.garnets = v.garnets;
    s.stopUsed = v.stopUsed;
    s.hasSigns = v.signs !== null;
    if (!unchanged(s.signs, v.signs)) syncItems(s.signs, v.signs ?? [], () => new TangoSignState(), writeSign);
    s.hasRoute = v.route !== null;
    if (!unchanged(s.routeTiles, v.route)) {
      syncValues(s.routeTiles, v.route?.tiles ?? []);
      syncValues(s.routeSkips, v.route?.skips ?? []);
    }
    const dated = (d: TangoDatedSignState, x: { day: number; sign: SignInput }) => { d.day = x.day; writeSign(d, x.sign); };
    if (!unchanged(s.mySigns, v.mySigns)) syncItems(s.mySigns, v.mySigns, () => new TangoDatedSignState(), dated);
    if (!unchanged(s.failedSigns, v.failedSigns)) syncItems(s.failedSigns, v.failedSigns, () => new TangoDatedSignState(), dated);
    // A delivery holds lists (track, hits): it must be revealed to the owner once attached.
    if (!unchanged(s.deliveries, v.deliveries)) syncItems(s.deliveries, v.deliveries, () => new TangoMyDeliveryState(), (d, view) => {
      if (unchanged(d, view)) return;
      writeCar(d, view);
      d.number = view.number;
      d.garnets = view.garnets;
      d.speedingCost = view.speedingCost;
      d.defaulted = view.defaulted;
    }, reveal);
    syncValues(s.canEliminate, v.canEliminate);
  },
});
