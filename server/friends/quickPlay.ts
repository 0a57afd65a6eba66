/**
 * Quick play avoids seating two players together when either blocks the other (issue 29): the
 * tables where someone in a block with the caller has a live connection are left out of the
 * choice, and a new table is opened when no other one fits.
 */
import type { Presence } from '@colyseus/core';
import type { Store } from '../store/index.js';
import type { IdentityService } from '../identity/service.js';
import { roomsOf } from './online.js';
import { findGame } from '../../shared/games/registry.js';

/** The rooms a quick play of `roomName` with these options should not pick (empty: no steering). Game rooms only, never the lobby. */
export type AvoidRooms = (roomName: string, options: Record<string, unknown>) => Promise<Set<string>>;

export function quickPlayAvoidance(deps: { store: Store; identities: IdentityService; presence: Presence }): AvoidRooms {
  return async (roomName, options) => {
    if (!findGame(roomName)) return new Set();
    const identity = await deps.identities.resolve(options.token);
    if (!identity) return new Set();
    const related = await deps.store.friends.blockRelations(identity.id);
    return related.length ? roomsOf(deps.presence, related) : new Set();
  };
}
