/**
 * Quick play avoids seating two players together when either blocks the other (issue 29): the
 * tables where someone in a block with the caller has a live connection are left out of the
 * choice, and a new table is opened when no other one fits.
 */
import type { Presence } from '@colyseus/core';
import type { Store } from '../store/index.js';
import type { IdentityService } from '../identity/service.js';
import { roomsOf } from './online.js';

/** The rooms a quick play with these options should not pick (empty: no steering). */
export type AvoidRooms = (options: Record<string, unknown>) => Promise<Set<string>>;

export function quickPlayAvoidance(deps: { store: Store; identities: IdentityService; presence: Presence }): AvoidRooms {
  return async (options) => {
    const identity = await deps.identities.resolve(options.token);
    if (!identity) return new Set();
    const related = await deps.store.friends.blockRelations(identity.id);
    return related.length ? roomsOf(deps.presence, related) : new Set();
  };
}
