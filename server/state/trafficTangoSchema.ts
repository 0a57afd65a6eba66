/** Traffic Tango's views as schema (shared/wire/traffic_tango.ts). */
import { ArraySchema, Schema, type } from '@colyseus/schema';
import { PublicViewState, SeatViewState } from './TableState.js';
import type {
  TangoCrashWire, TangoDatedSignWire, TangoDeliveryWire, TangoFinaleWire, TangoHitWire, TangoLineWire, TangoMyDeliveryWire,
  TangoOptionsWire, TangoPlacedWire, TangoPlayerWire, TangoReplayCarWire, TangoSignWire, TangoTileWire, TangoTrackWire,
  TrafficTangoSeatWire, TrafficTangoTableWire,
} from '../../shared/wire/traffic_tango.js';

export class TangoSignState extends Schema implements TangoSignWire {
  @type('string') kind = '';
  @type('string') tile = '';
  @type('string') dir = '';
  @type('string') line = '';
}

export class TangoDatedSignState extends TangoSignState implements TangoDatedSignWire {
  @type('uint8') day = 0;
}

export class TangoTrackState extends Schema implements TangoTrackWire {
  @type('string') tile = '';
  @type('string') state = '';
}

export class TangoCrashState extends Schema implements TangoCrashWire {
  @type('uint16') tick = 0;
  @type('string') tile = '';
  @type(['uint8']) with = new ArraySchema<number>();
}

export class TangoHitState extends Schema implements TangoHitWire {
  @type('uint16') tick = 0;
  @type('string') tile = '';
  @type(['uint8']) by = new ArraySchema<number>();
}

export class TangoReplayCarState extends Schema implements TangoReplayCarWire {
  @type('uint8') seat = 0;
  @type([TangoTrackState]) track = new ArraySchema<TangoTrackState>();
  @type(TangoCrashState) crash?: TangoCrashState;
  @type([TangoHitState]) hitBy = new ArraySchema<TangoHitState>();
  @type('int16') steps = -1;
  @type('number') tolls = 0;
  @type('number') gas = 0;
}

export class TangoMyDeliveryState extends TangoReplayCarState implements TangoMyDeliveryWire {
  @type('uint8') number = 0;
  @type('number') garnets = 0;
  @type('number') speedingCost = 0;
  @type('boolean') defaulted = false;
}

export class TangoOptionsState extends Schema implements TangoOptionsWire {
  @type('string') variant = '';
  @type('uint8') players = 0;
  @type('number') phaseMs = 0;
  @type('number') choiceMs = 0;
  @type('number') startGarnets = 0;
  @type('string') noRoute = '';
  @type('boolean') publicGarnets = false;
  @type('boolean') publicReplay = false;
  @type('uint8') deliveries = 0;
}

export class TangoTileState extends Schema implements TangoTileWire {
  @type('string') tile = '';
  @type(['string']) oneWay = new ArraySchema<string>();
  @type('boolean') yield = false;
  @type('boolean') roundabout = false;
  @type('uint8') tolls = 0;
  @type('boolean') stop = false;
}

export class TangoLineState extends Schema implements TangoLineWire {
  @type('string') line = '';
  @type('uint8') signs = 0;
  @type('int16') limit = -1;
  @type('uint8') tilesPerMove = 0;
}

export class TangoPlayerState extends Schema implements TangoPlayerWire {
  @type('uint8') seat = 0;
  @type('string') corner = '';
  @type('string') start = '';
  @type('string') dest = '';
  @type('number') gas = 0;
  @type('int8') signsIn = -1;
  @type('int8') routeIn = -1;
  @type('number') garnets = -1;
}

export class TangoDeliveryState extends Schema implements TangoDeliveryWire {
  @type('uint8') number = 0;
  @type('uint8') day = 0;
  @type(['number']) gas = new ArraySchema<number>();
  @type('boolean') hasReplay = false;
  @type([TangoReplayCarState]) replay = new ArraySchema<TangoReplayCarState>();
}

export class TangoPlacedState extends Schema implements TangoPlacedWire {
  @type('uint8') day = 0;
  @type([TangoSignState]) signs = new ArraySchema<TangoSignState>();
}

export class TangoFinaleState extends Schema implements TangoFinaleWire {
  @type(['number']) bonus = new ArraySchema<number>();
  @type('int8') token = -1;
  @type(['uint8']) places = new ArraySchema<number>();
  @type(['uint8']) tied = new ArraySchema<number>();
  @type('int8') chooser = -1;
  @type('int8') candidate = -1;
}

export class TrafficTangoTableState extends PublicViewState implements TrafficTangoTableWire {
  @type(TangoOptionsState) options = new TangoOptionsState();
  @type('string') phase = '';
  @type('uint8') day = 0;
  @type('int8') traffic = -1;
  @type('int8') delivery = -1;
  @type('number') deadline = -1;
  @type('number') extraSignCost = -1;
  @type([TangoTileState]) tiles = new ArraySchema<TangoTileState>();
  @type([TangoLineState]) lines = new ArraySchema<TangoLineState>();
  @type([TangoPlayerState]) players = new ArraySchema<TangoPlayerState>();
  @type([TangoDeliveryState]) deliveries = new ArraySchema<TangoDeliveryState>();
  @type(TangoPlacedState) lastPlaced?: TangoPlacedState;
  @type(TangoFinaleState) finale?: TangoFinaleState;
}

export class TrafficTangoSeatState extends SeatViewState implements TrafficTangoSeatWire {
  @type('uint8') seat = 0;
  @type('string') corner = '';
  @type('string') start = '';
  @type('string') dest = '';
  @type('number') garnets = 0;
  @type('boolean') stopUsed = false;
  @type('boolean') hasSigns = false;
  @type([TangoSignState]) signs = new ArraySchema<TangoSignState>();
  @type('boolean') hasRoute = false;
  @type(['string']) routeTiles = new ArraySchema<string>();
  @type(['uint8']) routeSkips = new ArraySchema<number>();
  @type([TangoDatedSignState]) mySigns = new ArraySchema<TangoDatedSignState>();
  @type([TangoDatedSignState]) failedSigns = new ArraySchema<TangoDatedSignState>();
  @type([TangoMyDeliveryState]) deliveries = new ArraySchema<TangoMyDeliveryState>();
  @type(['uint8']) canEliminate = new ArraySchema<number>();
}
