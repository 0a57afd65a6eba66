/**
 * Who is online (issue 29, friends): an identity is online while it has a live connection to a
 * table (its seat) or to the lobby's live list. Each connection is one field of the identity's
 * hash in Colyseus' presence (Redis with REDIS_URL, so every process sees every connection; in
 * memory for one process): field = session id, value = room id. A process that dies leaves its
 * fields behind; they name rooms that no longer exist and are dropped when read.
 */
import { matchMaker, type Presence } from '@colyseus/core';

const key = (identityId: string): string => `junction:online:${identityId}`;

export async function markOnline(presence: Presence, identityId: string, sessionId: string, roomId: string): Promise<void> {
  await presence.hset(key(identityId), sessionId, roomId);
}

export async function markOffline(presence: Presence, identityId: string, sessionId: string): Promise<void> {
  await presence.hdel(key(identityId), sessionId);
}

/** What a follower may see of the table a friend sits at. */
export interface FriendTable {
  /** Null at a private table: its id would let anyone sit down without an invitation. */
  roomId: string | null; game: string; variant: string; phase: string; seats: number; free: number; private: boolean;
  /** `join`: a public table waiting with a free seat; `watch`: a public game being played; null: neither (private, finished). */
  action: 'join' | 'watch' | null;
}

export interface OnlineStatus { online: boolean; table: FriendTable | null }

interface Listing { roomId: string; name: string; metadata?: unknown }
interface TableMeta { game?: unknown; variant?: unknown; phase?: unknown; seats?: unknown; free?: unknown; private?: unknown; watchable?: unknown }

/** The live connections of these identities, read against the rooms open on every process. */
export async function onlineStatus(presence: Presence, identityIds: string[]): Promise<Map<string, OnlineStatus>> {
  const out = new Map<string, OnlineStatus>();
  if (identityIds.length === 0) return out;
  const rooms = new Map((await matchMaker.query({}) as Listing[]).map((r) => [r.roomId, r]));
  await Promise.all(identityIds.map(async (id) => {
    const connections = Object.entries(await presence.hgetall(key(id)) ?? {});
    const stale = connections.filter(([, roomId]) => !rooms.has(roomId));
    if (stale.length) await Promise.all(stale.map(([session]) => presence.hdel(key(id), session)));
    const live = connections.filter(([, roomId]) => rooms.has(roomId)).map(([, roomId]) => rooms.get(roomId)!);
    const table = live.map(tableOf).find((t) => t !== null) ?? null;
    out.set(id, { online: live.length > 0, table });
  }));
  return out;
}

/** The rooms where these identities have a live connection now. */
export async function roomsOf(presence: Presence, identityIds: string[]): Promise<Set<string>> {
  const all = await Promise.all(identityIds.map(async (id) => Object.values(await presence.hgetall(key(id)) ?? {})));
  return new Set(all.flat());
}

function tableOf(r: Listing): FriendTable | null {
  const m = (r.metadata ?? {}) as TableMeta;
  if (typeof m.game !== 'string') return null; // the lobby, or a room that is not a table
  const isPrivate = m.private === true;
  const phase = typeof m.phase === 'string' ? m.phase : 'waiting';
  const free = typeof m.free === 'number' ? m.free : 0;
  const action = isPrivate ? null : phase === 'waiting' && free > 0 ? 'join' : m.watchable === true ? 'watch' : null;
  return {
    roomId: isPrivate ? null : r.roomId, game: m.game, variant: typeof m.variant === 'string' ? m.variant : '', phase,
    seats: typeof m.seats === 'number' ? m.seats : 0, free, private: isPrivate, action,
  };
}

/**
 * One room's connections in the presence (the room's own, set by the matchmaker after construction): a seat's connection is marked when it joins or comes
 * back, cleared when it drops; whatever is left is cleared when the room is disposed.
 */
export class RoomConnections {
  private readonly identities = new Map<string, string>();
  private readonly live = new Set<string>();

  constructor(private readonly presence: () => Presence, private readonly roomId: () => string, private readonly onError: (error: unknown) => void) {}

  /** `identityId` is needed the first time; a reconnection of the same session finds it again. */
  online(sessionId: string, identityId?: string | null): void {
    if (identityId) this.identities.set(sessionId, identityId);
    const id = this.identities.get(sessionId);
    if (!id) return;
    this.live.add(sessionId);
    markOnline(this.presence(), id, sessionId, this.roomId()).catch(this.onError);
  }

  offline(sessionId: string): void {
    const id = this.identities.get(sessionId);
    if (!id || !this.live.delete(sessionId)) return;
    markOffline(this.presence(), id, sessionId).catch(this.onError);
  }

  clear(): void {
    for (const sessionId of [...this.live]) this.offline(sessionId);
    this.identities.clear();
  }
}
