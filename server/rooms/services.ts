/**
 * What rooms need from the process: the store, the settings and the hooks tournaments use. Colyseus
 * constructs rooms itself, so rooms get it bound to their class (GameRoom `roomFor`, the lobby's
 * `lobbyRoom`).
 */
import type { Config } from '../config.js';
import type { Store, GameRecord } from '../store/index.js';
import type { IdentityService } from '../identity/service.js';
import type { ResultOutbox } from '../results/outbox.js';
import type { TurnNotifier } from '../push/sender.js';
import type { OnlineLedger } from '../friends/online.js';

export interface RoomServices {
  config: Config;
  store: Store;
  /** Guest identities: seats are linked to them (server/identity). */
  identities: IdentityService;
  /** Secret that marks room options as created by this server (tournament seating). */
  internalKey: string;
  /** Finished games' records wait here until the store takes them (server/results). */
  results: ResultOutbox;
  /** Called after a finished game's record is stored. */
  onGameStored: (record: GameRecord) => Promise<void> | void;
  /** A tournament table closed its check-in with these registrants absent (their seats are played by a bot). */
  onTournamentNoShows?: (tableId: string, roomId: string, playerIds: string[]) => Promise<void> | void;
  /** Web Push "your turn" to players with no connection to a turn-based table (off without VAPID keys). */
  push: TurnNotifier;
  /** This process's online marks of connected identities (server/friends/online.ts). */
  online: OnlineLedger;
  /** True once SIGTERM arrived: no new tables here. */
  draining: boolean;
}
