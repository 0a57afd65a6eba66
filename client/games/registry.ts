/**
 * Every game's client side, one line per game: where its table drawing lives (its own chunk,
 * fetched when a table opens, with the engine rules it uses to offer only legal moves) and its
 * art outside the table (the gallery's picture and the how-to pictures, drawn with its pieces).
 * The lobby's gallery (client/lobby/pictures.ts) and the how-to pages (client/howto) read it from here.
 */
import type { AnyRenderer } from './renderer.js';
import type { GameArt } from '../howto/pictures/picture.js';
import { railwayGallery, railwayPictures } from '../howto/pictures/railway.js';
import { rushHourGallery, rushHourPictures } from '../howto/pictures/rush_hour.js';
import { trafficMemoryGallery, trafficMemoryPictures } from '../howto/pictures/traffic_memory.js';
import { tookOverGallery, tookOverPictures } from '../howto/pictures/took_over.js';
import { carExchangeGallery, carExchangePictures } from '../howto/pictures/car_exchange.js';
import { bipBipGallery, bipBipPictures } from '../howto/pictures/bip_bip.js';
import { trafficTangoGallery, trafficTangoPictures } from '../howto/pictures/traffic_tango.js';

export interface ClientGame extends GameArt {
  renderer(): Promise<AnyRenderer>;
}

const clientGames: Record<string, ClientGame> = {
  railway_madness: { renderer: async () => new (await import('./railway/RailwayRenderer.js')).RailwayRenderer(), gallery: railwayGallery, howto: railwayPictures },
  rush_hour: { renderer: async () => new (await import('./rush_hour/RushHourRenderer.js')).RushHourRenderer(), gallery: rushHourGallery, howto: rushHourPictures },
  traffic_memory: { renderer: async () => new (await import('./traffic_memory/MemoryRenderer.js')).MemoryRenderer(), gallery: trafficMemoryGallery, howto: trafficMemoryPictures },
  took_over: { renderer: async () => new (await import('./took_over/TookOverRenderer.js')).TookOverRenderer(), gallery: tookOverGallery, howto: tookOverPictures },
  car_exchange: { renderer: async () => new (await import('./car_exchange/CarExchangeRenderer.js')).CarExchangeRenderer(), gallery: carExchangeGallery, howto: carExchangePictures },
  bip_bip: { renderer: async () => new (await import('./bip_bip/BipBipRenderer.js')).BipBipRenderer(), gallery: bipBipGallery, howto: bipBipPictures },
  traffic_tango: { renderer: async () => new (await import('./traffic_tango/TrafficTangoRenderer.js')).TrafficTangoRenderer(), gallery: trafficTangoGallery, howto: trafficTangoPictures },
};

export const rendererGames: readonly string[] = Object.keys(clientGames);

/** The game's client side, or null for a game without one (a test-only game). */
export function clientGame(game: string): ClientGame | null {
  return Object.hasOwn(clientGames, game) ? clientGames[game] : null;
}

/** The game's renderer, its chunk loaded on first use; null for a game without one. */
export async function loadRenderer(game: string): Promise<AnyRenderer | null> {
  return clientGame(game)?.renderer() ?? null;
}
