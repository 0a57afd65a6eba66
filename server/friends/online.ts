/**
 * Who is online (issue 29, friends): an identity is online while it has a live connection to a
 * table (its seat) or to the lobby's live list. Each connection is one field of the identity's
 * hash in Colyseus' presence (Redis with REDIS_URL, so every process sees every connection; in
 * memory for one process): field = session id, value = "<room id> <expires at, ms>". The process
 * holding the connection writes it again every third of ONLINE_TTL_SECONDS (OnlineLedger); a
 * process that dies stops writing, so its fields lapse even when their room lives on (a survivor
 * reopens a journaled table under the same id). Readers drop lapsed fields and fields naming a room
 * that is gone; the whole hash expires once no process writes it.
 */
import { LocalPresence, matchMaker, type Presence } from '@colyseus/core';

const key = (identityId: string): string => `junction:online:${identityId}`;

interface Mark { roomId: string; expiresAt: number }

/** A field's value; one written before marks had an expiry is read as lasting (the room check still applies). */
function parseMark(value: string): Mark {
  const [roomId, until] = value.split(' ');
  const expiresAt = until === undefined ? Number.POSITIVE_INFINITY : Number(until);
  return { roomId, expiresAt: Number.isNaN(expiresAt) ? 0 : expiresAt };
}

/** This process's live connections, written again before they lapse. One per process (server/app.ts). */
export class OnlineLedger {
  private readonly marks = new Map<string, { identityId: string; sessionId: string; roomId: string }>();
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly presence: Presence, readonly ttlSeconds: number, private readonly onError: (error: unknown) => void) {}

  async online(identityId: string, sessionId: string, roomId: string): Promise<void> {
    this.marks.set(`${identityId} ${sessionId}`, { identityId, sessionId, roomId });
    this.timer ??= setInterval(() => this.renew(), (this.ttlSeconds * 1000) / 3);
    this.timer.unref?.();
    await this.write(identityId, sessionId, roomId);
  }

  async offline(identityId: string, sessionId: string): Promise<void> {
    this.marks.delete(`${identityId} ${sessionId}`);
    if (this.marks.size === 0) this.stop();
    await dropField(this.presence, identityId, sessionId);
  }

  /** Connections this process keeps writing (a figure for /metrics: none once every table closed). */
  get size(): number {
    return this.marks.size;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private renew(): void {
    for (const m of this.marks.values()) this.write(m.identityId, m.sessionId, m.roomId).catch(this.onError);
  }

  private async write(identityId: string, sessionId: string, roomId: string): Promise<void> {
    await this.presence.hset(key(identityId), sessionId, `${roomId} ${Date.now() + this.ttlSeconds * 1000}`);
    // Redis drops the whole hash once no process writes it; the in-memory presence's expire leaves hashes alone (and would only add a timer).
    if (!(this.presence instanceof LocalPresence)) await this.presence.expire(key(identityId), this.ttlSeconds);
  }
}

/**
 * Deletes one connection's field. Redis drops a hash with its last field; the in-memory presence
 * keeps an empty hash under the key, one per identity that was ever online: dropped here.
 */
async function dropField(presence: Presence, identityId: string, sessionId: string): Promise<void> {
  await presence.hdel(key(identityId), sessionId);
  if (presence instanceof LocalPresence && (await presence.hlen(key(identityId))) === 0) await presence.del(key(identityId));
}

/** The identity's connections that have not lapsed (lapsed ones are deleted on the way). */
async function liveMarks(presence: Presence, identityId: string, now: number): Promise<Mark[]> {
  const fields = Object.entries(await presence.hgetall(key(identityId)) ?? {}).map(([session, value]) => [session, parseMark(value)] as const);
  const lapsed = fields.filter(([, m]) => m.expiresAt <= now);
  if (lapsed.length) await Promise.all(lapsed.map(([session]) => dropField(presence, identityId, session)));
  return fields.filter(([, m]) => m.expiresAt > now).map(([, m]) => m);
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
  const now = Date.now();
  await Promise.all(identityIds.map(async (id) => {
    const live = (await liveMarks(presence, id, now)).flatMap((m) => rooms.get(m.roomId) ?? []);
    const table = live.map(tableOf).find((t) => t !== null) ?? null;
    out.set(id, { online: live.length > 0, table });
  }));
  return out;
}

/** The rooms where these identities have a live connection now. */
export async function roomsOf(presence: Presence, identityIds: string[]): Promise<Set<string>> {
  const now = Date.now();
  const all = await Promise.all(identityIds.map(async (id) => (await liveMarks(presence, id, now)).map((m) => m.roomId)));
  return new Set(all.flat());
}

/** True when the identity has a live connection to the lobby's list (a lobby page is open somewhere). */
export async function inLobby(presence: Presence, identityId: string): Promise<boolean> {
  const marks = await liveMarks(presence, identityId, Date.now());
  if (marks.length === 0) return false;
  const lobbies = await matchMaker.query({ name: 'lobby' }) as Listing[];
  return lobbies.some((l) => marks.some((m) => m.roomId === l.roomId));
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
 * One room's connections in the ledger: a seat's connection is marked when it joins or comes
 * back, cleared when it drops; whatever is left is cleared when the room is disposed.
 */
export class RoomConnections {
  private readonly identities = new Map<string, string>();
  private readonly live = new Set<string>();

  constructor(private readonly ledger: () => OnlineLedger, private readonly roomId: () => string, private readonly onError: (error: unknown) => void) {}

  /** `identityId` is needed the first time; a reconnection of the same session finds it again. */
  online(sessionId: string, identityId?: string | null): void {
    if (identityId) this.identities.set(sessionId, identityId);
    const id = this.identities.get(sessionId);
    if (!id) return;
    this.live.add(sessionId);
    this.ledger().online(id, sessionId, this.roomId()).catch(this.onError);
  }

  offline(sessionId: string): void {
    const id = this.identities.get(sessionId);
    if (!id || !this.live.delete(sessionId)) return;
    this.ledger().offline(id, sessionId).catch(this.onError);
  }

  clear(): void {
    for (const sessionId of [...this.live]) this.offline(sessionId);
    this.identities.clear();
  }
}
