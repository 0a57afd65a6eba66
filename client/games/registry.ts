/**
 * One line per game: its room name and where its table drawing lives. Each renderer (with the
 * engine rules it uses to offer only legal moves) is its own chunk, fetched when a table opens.
 */
import type { AnyRenderer } from './renderer.js';

const loaders: Record<string, () => Promise<AnyRenderer>> = {
  railway_madness: async () => new (await import('./railway/RailwayRenderer.js')).RailwayRenderer(),
  rush_hour: async () => new (await import('./rush_hour/RushHourRenderer.js')).RushHourRenderer(),
  traffic_memory: async () => new (await import('./traffic_memory/MemoryRenderer.js')).MemoryRenderer(),
  took_over: async () => new (await import('./took_over/TookOverRenderer.js')).TookOverRenderer(),
  car_exchange: async () => new (await import('./car_exchange/CarExchangeRenderer.js')).CarExchangeRenderer(),
  bip_bip: async () => new (await import('./bip_bip/BipBipRenderer.js')).BipBipRenderer(),
  traffic_tango: async () => new (await import('./traffic_tango/TrafficTangoRenderer.js')).TrafficTangoRenderer(),
};

export const rendererGames: readonly string[] = Object.keys(loaders);

/** The game's renderer, its chunk loaded on first use; null for a game without one. */
export async function loadRenderer(game: string): Promise<AnyRenderer | null> {
  return Object.hasOwn(loaders, game) ? loaders[game]() : null;
}
