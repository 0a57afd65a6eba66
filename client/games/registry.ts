/** One line per game: its room name and the renderer that draws its table. */
import type { RendererFactory } from './renderer.js';
import { RailwayRenderer } from './railway/RailwayRenderer.js';
import { RushHourRenderer } from './rush_hour/RushHourRenderer.js';
import { MemoryRenderer } from './traffic_memory/MemoryRenderer.js';
import { TookOverRenderer } from './took_over/TookOverRenderer.js';
import { CarExchangeRenderer } from './car_exchange/CarExchangeRenderer.js';
import { BipBipRenderer } from './bip_bip/BipBipRenderer.js';
import { TrafficTangoRenderer } from './traffic_tango/TrafficTangoRenderer.js';

export const renderers: Record<string, RendererFactory> = {
  railway_madness: () => new RailwayRenderer(),
  rush_hour: () => new RushHourRenderer(),
  traffic_memory: () => new MemoryRenderer(),
  took_over: () => new TookOverRenderer(),
  car_exchange: () => new CarExchangeRenderer(),
  bip_bip: () => new BipBipRenderer(),
  traffic_tango: () => new TrafficTangoRenderer(),
};
