/**
 * How a table appears in the listings: its metadata in the lobby (seats, phase, Watch), and its
 * entry in the shared listing (RedisDriver's `roomcaches`) when the table moves between processes.
 */
import { matchMaker, updateLobby, type Room } from '@colyseus/core';
import { announceWatchable } from './JunctionLobbyRoom.js';
import { logger } from '../ops/logger.js';

export interface TableMetadata {
  game: string;
  variant: string;
  seats: number;
  taken: number;
  free: number;
  phase: string;
  private: boolean;
  /** A public (non-tournament) game being played: listed in the lobby with Watch. */
  watchable: boolean;
}

export interface ListedTable { game: string; variant: string; seats: number; taken: number; phase: string; isPrivate: boolean; tournament: boolean }

/** The table's metadata, pushed to the lobby; a public game playing (or just finished) stays listed for Watch. */
export async function publishMetadata(room: Room, table: ListedTable): Promise<void> {
  const listedPublicly = !table.isPrivate && !table.tournament;
  const metadata: TableMetadata = {
    game: table.game, variant: table.variant, seats: table.seats,
    taken: table.taken, free: Math.max(0, table.seats - table.taken), phase: table.phase, private: table.isPrivate,
    watchable: table.phase === 'playing' && listedPublicly,
  };
  await room.setMetadata(metadata);
  updateLobby(room);
  if (metadata.watchable || (table.phase === 'finished' && listedPublicly)) announceWatchable(room.roomId);
}

/** The part of Colyseus' listing entry a moved table silences (not in its public types). */
interface ListingEntry { save(): Promise<void>; remove(): void; updateOne(): Promise<void> }

/**
 * The shared listing now belongs to the copy another process opens under the same id: this copy
 * must neither overwrite it (save) nor delete it (remove on dispose).
 */
export function detachListing(room: Room): void {
  const listing = room.listing as unknown as ListingEntry;
  listing.save = async () => undefined;
  listing.updateOne = async () => undefined;
  listing.remove = () => undefined;
}

/**
 * A reopened table has the id its dead process listed it under, and the survivors' clean-up of
 * that process (RedisDriver `cleanup`: it lists the dead process's rooms, then deletes them by
 * id) can delete this table's new listing when it lands between the two: the table is then open
 * and unreachable (joinById finds nothing; the abandoned sweep ends it as "open nowhere"). Seen
 * in the failover bench with ~30 tables reopened at once (docs/benchmarks.md). So a reopened
 * table lists itself again whenever its entry is gone (never over another process's entry:
 * that one holds the table now, and fencing closes this copy: `lost`).
 */
export async function keepListed(room: Room, lost: () => boolean): Promise<void> {
  if (lost()) return;
  let listed: unknown;
  try {
    listed = await matchMaker.driver.findOne({ roomId: room.roomId });
  } catch {
    return; // Redis away: the next check
  }
  if (listed || lost()) return;
  logger.warn({ room: room.roomId }, 'takeover: the shared listing lost this reopened table; listed again');
  await room.listing.save();
}
