/** Connects the tournament service to rooms (table launches, results) and to HTTP. */
import { Router, type Express } from 'express';
import type { Presence } from '@colyseus/core';
import type { Store } from '../store/index.js';
import type { RoomServices } from '../rooms/services.js';

export interface Tournaments {
  router: Router;
  close(): Promise<void>;
}

export async function setUpTournaments(_deps: { app: Express; store: Store; presence: Presence; services: RoomServices }): Promise<Tournaments> {
  return { router: Router(), close: async () => undefined };
}
