/**
 * Links a table's seats to guest identities. The link lives beside the synchronised PlayerState
 * (a WeakMap, so nothing of it is sent to clients) and follows the seat object through seat
 * compaction and tournament reservations.
 */
import type { IdentityRecord } from '../store/index.js';
import { displayName } from './names.js';
import type { IdentityService } from './service.js';
import { joinRefusal } from '../i18n/serverMessages.js';

export interface SeatIdentity {
  id: string;
  display: string;
}

/** What onAuth hands to onJoin (Colyseus keeps it as `client.auth`). */
export interface SeatAuth {
  identity: SeatIdentity | null;
  /** A new device token when the client's token was unknown or forged: sent to it once. */
  issued: { token: string; identity: { id: string; name: string; tag: string; display: string } } | null;
  /** The identity already holds a seat at this table: the join takes it back (docs/protocol.md "Retaking a seat"). */
  rejoin?: boolean;
  /** A tournament registrant's seat taken back by its seat id (no token needed, as for its reservation). */
  seat?: number;
}

const linkOf = (i: IdentityRecord): SeatIdentity => ({ id: i.id, display: displayName(i) });

/**
 * No token: an anonymous, unrated seat. A token nobody holds: a fresh guest, never someone else,
 * within the address' guest budget; past it the join is refused (`too_many_guests`).
 * `address` is the joining client's (joinAddress.ts).
 */
export async function authenticateSeat(identities: IdentityService, token: string | undefined, address: string): Promise<SeatAuth> {
  if (token === undefined) return { identity: null, issued: null };
  const resolved = await identities.resolveOrCreate(token, address);
  if (resolved.limited !== undefined) throw joinRefusal('too_many_guests', { count: resolved.limited });
  const { identity, issued } = resolved;
  return {
    identity: linkOf(identity),
    issued: issued ? { token: issued, identity: { id: identity.id, name: identity.name, tag: identity.tag, display: displayName(identity) } } : null,
  };
}

/**
 * The identity a token names, without creating a guest for an unknown one: a join that can only
 * retake a seat (a running table) must not grow the store with forged tokens.
 */
export async function knownIdentity(identities: IdentityService, token: string | undefined): Promise<SeatIdentity | null> {
  if (token === undefined) return null;
  const identity = await identities.resolve(token);
  return identity ? linkOf(identity) : null;
}

export class SeatIdentities<Seat extends object> {
  private links = new WeakMap<Seat, SeatIdentity>();

  link(seat: Seat, identity: SeatIdentity | null): void {
    if (identity) this.links.set(seat, identity);
  }

  of(seat: Seat): SeatIdentity | null {
    return this.links.get(seat) ?? null;
  }

  /** True when this identity already holds another seat at the table. */
  holds(seats: Iterable<Seat>, identityId: string): boolean {
    for (const s of seats) if (this.links.get(s)?.id === identityId) return true;
    return false;
  }
}
