/**
 * Traffic Tango on the wire. Nullable numbers as -1, "not asked today" flags as -1/0/1, a sign as
 * its kind plus tile, direction or line. Routes, own signs and replays only in their owner's seat
 * part (publicReplay aside).
 */
import { declareWire, f } from '../../wire/declare.js';
import type { SignInput } from './actions.js';
import type { CornerName, Dir } from './board.js';
import type { TrafficTangoOptions } from './options.js';
import type { CarState } from './simulate.js';
import type {
  MyDelivery, PublicDelivery, PublicFinale, PublicLine, PublicPlayer, PublicTile, ReplayCar, TrafficTangoPublicView,
  TrafficTangoSeatView,
} from './views.js';

/** Every kind of sign in one class: which fields count depends on `kind`. */
interface SignWire { kind: SignInput['kind']; tile: string; dir: Dir | ''; line: Extract<SignInput, { kind: 'speed' }>['line'] | '' }

const signFields = {
  kind: f.literal<SignWire['kind']>(),
  tile: f.string,
  dir: f.literal<SignWire['dir']>(),
  line: f.literal<SignWire['line']>(),
};

const signWire = (s: SignInput): SignWire => ({
  kind: s.kind, tile: 'tile' in s ? s.tile : '', dir: s.kind === 'oneWay' ? s.dir : '', line: s.kind === 'speed' ? s.line : '',
});

function signOf(w: SignWire): SignInput {
  if (w.kind === 'speed') return { kind: 'speed', line: w.line as Extract<SignInput, { kind: 'speed' }>['line'] };
  if (w.kind === 'oneWay') return { kind: 'oneWay', tile: w.tile, dir: w.dir as Dir };
  return { kind: w.kind, tile: w.tile };
}

const sign = f.struct<SignInput, SignWire>('TangoSign', signFields, { encode: signWire, decode: signOf });

type DatedSign = TrafficTangoSeatView['mySigns'][number];
const datedSign = f.struct<DatedSign, SignWire & { day: number }>('TangoDatedSign', { ...signFields, day: f.uint8 }, {
  encode: (d) => ({ ...signWire(d.sign), day: d.day }),
  decode: (w) => ({ day: w.day, sign: signOf(w) }),
});

/** signsIn / routeIn: -1 not asked today, 0 not in, 1 in. */
const askedFlag = f.mapped<boolean | null, number>(f.int8, (b) => (b === null ? -1 : b ? 1 : 0), (n) => (n === -1 ? null : n === 1));

type Crash = NonNullable<ReplayCar['crash']>;
const carFields = {
  seat: f.uint8,
  track: f.list(f.struct<ReplayCar['track'][number]>('TangoTrack', { tile: f.string, state: f.literal<CarState>() })),
  crash: f.optional(f.struct<Crash>('TangoCrash', { tick: f.uint16, tile: f.string, with: f.list(f.uint8) })),
  hitBy: f.list(f.struct<ReplayCar['hitBy'][number]>('TangoHit', { tick: f.uint16, tile: f.string, by: f.list(f.uint8) })),
  steps: f.nullable(f.int16),
  tolls: f.number,
  gas: f.number,
};
const replayCar = f.struct<ReplayCar>('TangoReplayCar', carFields);
const myDelivery = f.struct<MyDelivery>('TangoMyDelivery', {
  ...carFields, number: f.uint8, garnets: f.number, speedingCost: f.number, defaulted: f.boolean,
});

const options = f.struct<TrafficTangoOptions>('TangoOptions', {
  variant: f.literal<TrafficTangoOptions['variant']>(),
  players: f.uint8,
  phaseMs: f.number,
  choiceMs: f.number,
  startGarnets: f.number,
  noRoute: f.literal<TrafficTangoOptions['noRoute']>(),
  publicGarnets: f.boolean,
  publicReplay: f.boolean,
  deliveries: f.uint8,
});

const tile = f.struct<PublicTile>('TangoTile', {
  tile: f.string, oneWay: f.list(f.literal<Dir>()), yield: f.boolean, roundabout: f.boolean, tolls: f.uint8, stop: f.boolean,
});

const line = f.struct<PublicLine>('TangoLine', {
  line: f.literal<PublicLine['line']>(), signs: f.uint8, limit: f.nullable(f.int16), tilesPerMove: f.uint8,
});

const player = f.struct<PublicPlayer>('TangoPlayer', {
  seat: f.uint8,
  corner: f.literal<CornerName>(),
  start: f.string,
  dest: f.string,
  gas: f.number,
  signsIn: askedFlag,
  routeIn: askedFlag,
  garnets: f.nullable(f.number),
});

const delivery = f.struct<PublicDelivery>('TangoDelivery', {
  number: f.uint8,
  day: f.uint8,
  gas: f.list(f.number),
  replay: f.shown('hasReplay', f.list(replayCar), null),
});

type Placed = NonNullable<TrafficTangoPublicView['lastPlaced']>;
type Route = NonNullable<TrafficTangoSeatView['route']>;

const finale = f.struct<PublicFinale>('TangoFinale', {
  bonus: f.list(f.number),
  token: f.nullable(f.int8),
  places: f.list(f.uint8),
  tied: f.list(f.uint8),
  chooser: f.nullable(f.int8),
  candidate: f.nullable(f.int8),
});

export const trafficTangoWire = declareWire('traffic_tango', {
  table: f.struct<TrafficTangoPublicView>('TrafficTangoTable', {
    options,
    phase: f.literal<TrafficTangoPublicView['phase']>(),
    day: f.uint8,
    traffic: f.nullable(f.int8),
    delivery: f.nullable(f.int8),
    deadline: f.nullable(f.number),
    extraSignCost: f.nullable(f.number),
    tiles: f.list(tile),
    lines: f.list(line),
    players: f.list(player),
    deliveries: f.list(delivery),
    lastPlaced: f.optional(f.struct<Placed>('TangoPlaced', { day: f.uint8, signs: f.list(sign) })),
    finale: f.optional(finale),
  }),
  seat: f.struct<TrafficTangoSeatView>('TrafficTangoSeat', {
    seat: f.uint8,
    corner: f.literal<CornerName>(),
    start: f.string,
    dest: f.string,
    garnets: f.number,
    stopUsed: f.boolean,
    signs: f.shown('hasSigns', f.list(sign), null),
    /** Flat beside the flag (routeTiles, routeSkips): seat parts stay flat (server/state/mirror.ts). */
    route: f.shown('hasRoute', f.flat(f.struct<Route>('TangoRoute', { tiles: f.list(f.string), skips: f.list(f.uint8) })), null),
    mySigns: f.list(datedSign),
    failedSigns: f.list(datedSign),
    deliveries: f.list(myDelivery),
    canEliminate: f.list(f.uint8),
  }),
});
