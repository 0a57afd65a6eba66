/**
 * Builds one Junction process: HTTP (health, API, metrics, monitor, built client), the Colyseus
 * matchmaker with every game room and the lobby, the store, and the tournament service.
 * `main.ts` runs it; tests boot it on their own port.
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import express from 'express';
import compression from 'compression';
import { matchMaker, type Presence } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { ListingDriver } from './matchmaking/listingDriver.js';
import { games } from '../shared/games/registry.js';
import { loadConfig, type Config } from './config.js';
import { openStore, type Store } from './store/index.js';
import { roomFor } from './rooms/GameRoom.js';
import type { RoomServices } from './rooms/services.js';
import { apiRoutes } from './http/apiRoutes.js';
import { opsRoutes } from './http/opsRoutes.js';
import { staticClient } from './http/staticClient.js';
import { limitMatchmaking } from './http/matchmakeLimit.js';
import { LimitStore } from './http/ipLimits.js';
import { proxyTrust } from './http/clientAddress.js';
import { capConnections } from './http/connectionCap.js';
import { apiNotFound, jsonErrors } from './http/jsonErrors.js';
import { JunctionServer } from './http/matchmakeServer.js';
import { rememberJoinAddresses } from './http/joinAddress.js';
import { lobbyRoom } from './rooms/JunctionLobbyRoom.js';
import { colyseusLogger } from './ops/colyseusLogger.js';
import { announcedAddress } from './ops/publicAddress.js';
import { RoomPlacement } from './matchmaking/placement.js';
import { openPresence } from './presence.js';
import { setUpTournaments, type Tournaments } from './tournament/wiring.js';
import { logger } from './ops/logger.js';
import { IdentityService } from './identity/service.js';
import { identityRoutes } from './identity/routes.js';
import { playerRoutes, type SeatHeld } from './http/playerRoutes.js';
import { moderationRoutes } from './http/moderationRoutes.js';
import { friendsRoutes } from './friends/routes.js';
import { quickPlayAvoidance } from './friends/quickPlay.js';
import { OnlineLedger } from './friends/online.js';
import { expireIdleGuests, keepReplaysFor } from './store/retention.js';
import { resumableFromJournal, resumeTables } from './journal/resume.js';
import { TableWaker } from './turnbased/wake.js';
import { wakeRoutes } from './turnbased/routes.js';
import { vapidFrom, WebPushSender } from './push/sender.js';
import { pushRoutes } from './push/routes.js';
import { ProcessLease } from './journal/lease.js';
import { closeMovedTables, Takeover } from './journal/takeover.js';
import { PROCESS_OWNER } from './journal/committer.js';
import { localTables } from './journal/localTables.js';
import { setResumableCheck, setUpResults, type Results } from './results/index.js';
import { gamesFinished } from './ops/metrics.js';
import { watchProcessEntries } from './ops/processEntries.js';


/** How long a journaled table whose owner is alive may be open nowhere before the sweep ends it (its owner may be reopening it). */
const REOPEN_GRACE_MS = 15_000;
export interface Junction {
  config: Config;
  store: Store;
  presence: Presence;
  tournaments: Tournaments;
  results: Results;
  port: number;
  /** Marks room options as created by this server (the resume's and tournaments' own rooms). */
  internalKey: string;
  /** Stop accepting tables, let running games finish or store their results, close. */
  shutdown(): Promise<void>;
}

export async function startJunction(overrides: Partial<Config> = {}, opts: { exitOnSignal?: boolean } = {}): Promise<Junction> {
  const config = loadConfig(process.env, overrides);
  const publicAddress = announcedAddress(config);
  const store = await openStore({ databaseUrl: config.DATABASE_URL, dataDir: config.JUNCTION_DATA_DIR, connectTimeoutMs: config.CONNECT_TIMEOUT_MS });
  const app = express();
  const trust = proxyTrust(config.TRUST_PROXY);
  app.set('trust proxy', trust);
  app.disable('x-powered-by');
  const httpServer = http.createServer({
    headersTimeout: config.HEADERS_TIMEOUT_MS,
    requestTimeout: Math.max(config.REQUEST_TIMEOUT_MS, config.HEADERS_TIMEOUT_MS),
    // Node checks those deadlines at this interval (30 s by default, longer than the deadlines).
    connectionsCheckingInterval: Math.min(1000, config.HEADERS_TIMEOUT_MS),
  }, app);
  const closeStoreAnd = async (error: unknown): Promise<never> => {
    await store.close();
    throw error;
  };
  const presence = await openPresence(config.REDIS_URL, config.REDIS_CONNECT_TIMEOUT_MS).catch(closeStoreAnd);
  const limits = await LimitStore.open(config.REDIS_URL, { keyPrefix: config.LIMITS_KEY_PREFIX, connectTimeoutMs: config.REDIS_CONNECT_TIMEOUT_MS }).catch((error: unknown) => {
    presence.shutdown();
    return closeStoreAnd(error);
  });
  // One guest budget per address for POST /api/identity and for joins with unknown tokens.
  const guestCreations = limits.limit('guest-create', config.GUEST_CREATE_BURST, config.GUEST_CREATE_PER_SECOND);
  // Every step idempotent (docs/store.md "Guarantees the service relies on"): the outbox may deliver a
  // record twice. Delivery starts with `results.start()`, once `onGameStored` is the tournaments' hook.
  const results = setUpResults({
    config, store, presence,
    deliver: async (record) => {
      await store.saveGameResult(record);
      await services.onGameStored(record);
      gamesFinished.inc({ game: record.game });
    },
  });
  const push = new WebPushSender(store, vapidFrom(config), config.PUSH_TTL_SECONDS);
  const services: RoomServices = {
    config,
    store,
    identities: new IdentityService(store, guestCreations),
    internalKey: process.env.JUNCTION_INTERNAL_KEY ?? randomBytes(16).toString('hex'),
    results: results.outbox,
    onGameStored: () => undefined,
    push,
    online: new OnlineLedger(presence, config.ONLINE_TTL_SECONDS, (error) => logger.warn({ err: error }, 'online: writing a mark failed')),
    draining: false,
  };
  watchProcessEntries(services.online, presence);
  if (config.REDIS_URL && !process.env.JUNCTION_INTERNAL_KEY) {
    logger.warn('REDIS_URL without JUNCTION_INTERNAL_KEY: tournament tables placed on another process will be refused; set the same key on every process');
  }
  // Spreads new rooms (and bursts of them: a tournament round) over the processes (docs/architecture.md).
  const placement = new RoomPlacement(presence, () => services.draining);
  const gameServer = new JunctionServer({
    // maxPayload: a larger frame closes that socket (1009) before anything reads it.
    transport: new WebSocketTransport({ server: httpServer, pingInterval: 5000, pingMaxRetries: 3, maxPayload: 4 * 1024 }),
    logger: colyseusLogger,
    presence,
    driver: config.REDIS_URL ? new ListingDriver(config.REDIS_URL) : undefined,
    publicAddress,
    gracefullyShutdown: false,
    greet: false,
    selectProcessIdToCreateRoom: placement.select,
  }, { origins: config.CORS_ORIGINS, trust });
  gameServer.avoidRooms = quickPlayAvoidance({ store, identities: services.identities, presence });
  rememberJoinAddresses(httpServer, trust);
  limitMatchmaking(httpServer, limits.limit('join', config.JOIN_BURST, config.JOIN_PER_SECOND), trust);
  capConnections(httpServer, { perAddress: config.CONNECTIONS_PER_ADDRESS, firstRequestMs: config.HEADERS_TIMEOUT_MS, trust });

  gameServer.define('lobby', lobbyRoom(services));
  for (const game of games) {
    // `pace` and `moveClock`: quick play's turn-based queue is its own (JunctionServer always sets a pace).
    gameServer.define(game.id, roomFor(game, services)).filterBy(['variant', 'players', 'pace', 'moveClock']).enableRealtimeListing();
  }
  const tournaments = await setUpTournaments({ app, store, presence, services, pendingResults: results.pendingAmong, limits });

  app.use(express.json({ limit: '16kb' }));
  app.use(opsRoutes({ config, results: results.outbox }));
  app.use('/api/identity', identityRoutes({
    identities: services.identities, creations: guestCreations,
  }));
  app.use('/api', playerRoutes({
    store, identities: services.identities, reads: limits.limit('player-api', config.PLAYER_API_BURST, config.PLAYER_API_PER_SECOND),
    settle: (session) => results.sweep.settle(session),
    seatHeld: (roomId, identityId) => seatHeldAt(roomId, identityId),
  }));
  const waker = new TableWaker({
    store, internalKey: services.internalKey, leaseMs: config.WAKE_LEASE_MS, waitMs: config.WAKE_LEASE_MS,
    isOpen: async (id) => (await matchMaker.query({ roomId: id })).length > 0,
  });
  app.use('/api', wakeRoutes({ store, identities: services.identities, waker, limit: limits.limit('player-api', config.PLAYER_API_BURST, config.PLAYER_API_PER_SECOND) }));
  app.use('/api', pushRoutes({
    store, identities: services.identities, publicKey: vapidFrom(config)?.publicKey ?? null, perIdentity: config.PUSH_SUBSCRIPTIONS_MAX,
    limit: limits.limit('player-api', config.PLAYER_API_BURST, config.PLAYER_API_PER_SECOND),
  }));
  app.use('/api', apiRoutes({ presence, store, identities: services.identities, tournaments, waker, codeLookups: limits.limit('code-lookup', config.CODE_LOOKUP_BURST, config.CODE_LOOKUP_PER_SECOND) }));
  app.use('/api/friends', friendsRoutes({
    store, identities: services.identities, presence, config, notify: push, limit: limits.limit('player-api', config.PLAYER_API_BURST, config.PLAYER_API_PER_SECOND),
  }));
  app.use('/api/moderation', moderationRoutes({ store, password: config.MONITOR_PASSWORD, attempts: config.MONITOR_ATTEMPTS }));
  app.use('/api', apiNotFound);
  // Only the client files are compressed: API answers are small and the tournament's event stream must not be buffered.
  app.use(compression(), staticClient());
  app.use(jsonErrors);

  const retention = keepReplaysFor(store, config.REPLAY_RETENTION_DAYS);
  const guestRetention = expireIdleGuests(store, config.GUEST_RETENTION_DAYS);

  await gameServer.listen(config.PORT, config.HOST);
  const address = httpServer.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  logger.info({ port, redis: Boolean(config.REDIS_URL), store: store.kind, publicAddress }, 'Junction listening');
  // One process (no Redis): every unfinished table is this process' own, reopened from its journal.
  // Several (Redis): each renews a lease, and the survivors take over the tables of one that stops.
  // Either way the sweep leaves journaled tables alone, and its first pass waits for the resume (docs/architecture.md).
  const resumed = config.REDIS_URL ? Promise.resolve(null) : resumeTables(store, services.internalKey);
  let lease: ProcessLease | null = null;
  let takeover: Takeover | null = null;
  if (config.REDIS_URL) {
    try {
      lease = await ProcessLease.open(config.REDIS_URL, PROCESS_OWNER, matchMaker.processId, config.LEASE_TTL_MS, config.REDIS_CONNECT_TIMEOUT_MS);
    } catch (error) {
      await gameServer.gracefullyShutdown(false).catch(() => undefined);
      return closeStoreAnd(error);
    }
    lease.onLost = () => void closeMovedTables(store);
    gameServer.joinHold = { lease, store, limitMs: 3 * config.LEASE_TTL_MS + 2_000 };
    takeover = new Takeover({
      store, lease, internalKey: services.internalKey, intervalMs: config.TAKEOVER_INTERVAL_MS,
      shareAfterMs: Math.max(config.TAKEOVER_INTERVAL_MS * 2, Math.floor(config.LEASE_TTL_MS * 0.75)),
      draining: () => services.draining,
    });
    takeover.start();
  }
  // With leases, a journaled table open nowhere whose owner is alive was closed by it (no human left): the sweep's.
  // An alive owner may also have just claimed it and be rebuilding it (no room yet): seen in the
  // failover bench, the sweep ended tables a survivor opened 3 ms later. So such a table is the
  // sweep's only once it has been open nowhere for REOPEN_GRACE_MS.
  const leaseOfSweep = lease;
  const goneSince = new Map<string, number>();
  setResumableCheck(leaseOfSweep
    ? async (session) => {
      if (!resumableFromJournal(session)) return false;
      if (!(session.owner && (await leaseOfSweep.alive([session.owner])).size > 0)) return true;
      const now = Date.now();
      for (const [id, at] of goneSince) if (now - at > 10 * REOPEN_GRACE_MS) goneSince.delete(id);
      const first = goneSince.get(session.id) ?? now;
      goneSince.set(session.id, first);
      return now - first < REOPEN_GRACE_MS;
    }
    : resumableFromJournal);
  results.start(resumed);
  // Sleeping turn-based tables whose deadline has come wake on whichever process claims them first.
  void resumed.then(() => waker.start(config.WAKE_POLL_MS));

  let stopping: Promise<void> | null = null;
  const shutdown = (): Promise<void> => {
    stopping ??= (async () => {
      const deadline = Date.now() + config.SHUTDOWN_GRACE_MS;
      services.draining = true;
      await placement.markDraining().catch((error: unknown) => logger.warn({ err: error }, 'could not announce the drain'));
      logger.info('shutting down: no new tables; running games get a grace period');
      waker.stop();
      await resumed;
      await takeover?.stop();
      const handedOver = lease ? await handOverTables(lease) : false;
      await gameServer.gracefullyShutdown(false);
      await tournaments.close();
      // Closed tables have handed their results over: the store gets what is left of the grace, the spool the rest.
      // A handover exits within 10 s whatever the grace (issue 24): its results get a few seconds.
      await results.close(handedOver ? Math.min(deadline, Date.now() + HANDOVER_RESULTS_MS) : deadline);
      await lease?.close();
      retention.stop();
      guestRetention.stop();
      await store.close();
      await limits.close();
    })();
    return stopping;
  };
  if (opts.exitOnSignal) {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      // `on`, not `once`: a second signal while draining must not kill the process mid-shutdown.
      process.on(signal, () => {
        const bound = setTimeout(() => process.exit(1), config.SHUTDOWN_GRACE_MS + 10_000);
        bound.unref();
        void shutdown().then(() => process.exit(0));
      });
    }
  }
  return { config, store, presence, tournaments, results, port, internalKey: services.internalKey, shutdown };
}

/** How long a handing-over process waits for its tables to stop, and then for finished results to be stored. */
const HANDOVER_TABLES_MS = 4_000;
const HANDOVER_RESULTS_MS = 3_000;

/**
 * SIGTERM with other processes alive (issue 24): every journaled table stops, makes its journal
 * durable and sends its clients on (close code 4011), then the lease goes so that the survivors
 * claim the tables at their next pass. Alone, nothing is handed over: the games get the grace
 * period as before and what is left reopens when a process starts. True when handed over.
 */
async function handOverTables(lease: ProcessLease): Promise<boolean> {
  const others = await lease.holders().then((h) => lease.alive(h.filter((o) => o !== PROCESS_OWNER))).catch(() => new Set<string>());
  if (others.size === 0) return false;
  const tables = localTables.all();
  logger.info({ tables: tables.length, survivors: others.size }, 'shutting down: handing the tables over to the other processes');
  let bound: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all(tables.map((t) => t.handOver().catch((error: unknown) => logger.warn({ room: t.roomId, err: error }, 'handover of a table failed')))),
    new Promise((resolve) => { bound = setTimeout(resolve, HANDOVER_TABLES_MS); }),
  ]);
  clearTimeout(bound);
  await lease.release();
  return true;
}

/** The table `roomId`, open on some process, still holds a seat for this identity: whose turn it is there; else null. */
async function seatHeldAt(roomId: string, identityId: string): Promise<SeatHeld | null> {
  if ((await matchMaker.query({ roomId })).length === 0) return null;
  const answer: unknown = await matchMaker.remoteRoomCall(roomId, 'seatHeldFor', [identityId]).catch(() => null);
  const { turn, deadline, filling } = (answer ?? {}) as { turn?: unknown; deadline?: unknown; filling?: { taken?: unknown; seats?: unknown } };
  if (!Array.isArray(turn)) return null;
  const held: SeatHeld = { turn: turn.filter((s): s is number => typeof s === 'number'), deadline: typeof deadline === 'number' ? deadline : null };
  if (typeof filling?.taken === 'number' && typeof filling.seats === 'number') held.filling = { taken: filling.taken, seats: filling.seats };
  return held;
}

/** All rooms of a game in every process (RedisDriver makes this cluster-wide). */
export async function listRooms(name: string): Promise<unknown[]> {
  return matchMaker.query({ name });
}
