/**
 * Connects the tournament service to rooms (table launches, results), to HTTP (./http.ts) and to
 * live updates (./live.ts). One TournamentService per process; the store keeps them consistent
 * across processes (docs/tournaments.md "Restarts and several processes").
 */
import { randomBytes, randomInt } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Express, Router } from 'express';
import { matchMaker, type Presence } from '@colyseus/core';
import type { Store } from '../store/index.js';
import type { RoomServices } from '../rooms/services.js';
import { findGame } from '../../shared/games/registry.js';
import { logger } from '../ops/logger.js';
import { TournamentService, type TableLauncher } from './service.js';
import { rateGame } from './ratings.js';
import { LiveTournaments } from './live.js';
import { publicViewOf, tournamentRoutes, TournamentTokens } from './http.js';
import { playerViews } from './playerView.js';
import { IpLimit, type LimitStore } from '../http/ipLimits.js';

export interface Tournaments {
  router: Router;
  service: TournamentService;
  tokens: TournamentTokens;
  close(): Promise<void>;
}

/** How often tournaments whose start time has passed are started. */
export const START_DUE_EVERY_MS = 5_000;
/** A table's no-shows wait this long, this many times, for its launch to be stored (a very short check-in grace). */
const NO_SHOW_RETRY_MS = 500;
const NO_SHOW_ATTEMPTS = 20;
/** How often unfinished tournaments are swept for failed launches and tables whose room was lost. */
export const SWEEP_EVERY_MS = 30_000;

export function seatRangeOf(gameId: string, variant: string): { min: number; max: number } | null {
  const game = findGame(gameId);
  if (!game || !game.variants.includes(variant)) return null;
  const parsed = game.optionsSchema.safeParse({ variant });
  return parsed.success ? game.seatRange(parsed.data) : null;
}

/**
 * `pendingResults`: of these room ids, those whose result waits in some outbox (server/results):
 * such a table has closed but its game is over, so it counts as open and is not replayed.
 */
export function roomLauncher(services: RoomServices, pendingResults: (ids: readonly string[]) => Promise<Set<string>> = async () => new Set()): TableLauncher {
  return {
    async launch(t) {
      if (services.draining) throw new Error('this process is shutting down: the table opens after the restart');
      const room = await matchMaker.createRoom(t.game, {
        variant: t.variant,
        players: t.seats.length,
        tournament: { tournamentId: t.tournamentId, tableId: t.tableId, seats: t.seats, checkInGraceSeconds: t.checkInGraceSeconds },
        internalKey: services.internalKey,
      });
      return { roomId: room.roomId };
    },
    async openRooms(roomIds) {
      const wanted = new Set(roomIds);
      if (wanted.size === 0) return new Set();
      // One listing of every process's rooms (RedisDriver), not one query per table.
      const open = new Set((await matchMaker.query({})).map((r) => r.roomId).filter((id) => wanted.has(id)));
      for (const id of await pendingResults([...wanted].filter((x) => !open.has(x)))) open.add(id);
      return open;
    },
    async discard(roomId) {
      await matchMaker.remoteRoomCall(roomId, 'disconnect');
    },
  };
}

export async function setUpTournaments(deps: {
  app: Express; store: Store; presence: Presence; services: RoomServices; pendingResults?: (ids: readonly string[]) => Promise<Set<string>>;
  /** Shared per-address limits (in Redis with REDIS_URL); per-process counters without it. */
  limits?: LimitStore;
}): Promise<Tournaments> {
  const { store, presence, services } = deps;
  const { config } = services;
  const launcher = roomLauncher(services, deps.pendingResults);
  const service = new TournamentService({
    store,
    launcher,
    seed: randomInt(0, 2 ** 32),
    seatRange: seatRangeOf,
    onError: (error, context) => logger.warn({ err: error }, `tournament: ${context}`),
  });
  const tokens = new TournamentTokens(tokenSecret(services));
  const live = new LiveTournaments(presence, service, publicViewOf, playerViews, services.config.SSE_STREAMS_PER_ADDRESS);

  services.onGameStored = async (record) => {
    await rateGame(store, record);
    if (record.tableId) await service.reportTableResult(record.tableId, record);
  };
  services.onTournamentNoShows = async (tableId, roomId, playerIds) => {
    for (let attempt = 0; attempt < NO_SHOW_ATTEMPTS; attempt++) {
      if ((await service.recordNoShows(tableId, roomId, playerIds)) !== null) return;
      await new Promise((resolve) => setTimeout(resolve, NO_SHOW_RETRY_MS));
    }
    logger.warn({ table: tableId, room: roomId }, 'tournament: no-shows not recorded, the table was never marked launched');
  };

  await service.resume();

  const timer = setInterval(() => {
    if (services.draining) return;
    service.startDue().catch((error: unknown) => logger.warn({ err: error }, 'tournament: startDue failed'));
  }, START_DUE_EVERY_MS);
  timer.unref();
  // Every process sweeps now and then: a failed launch is retried, a table whose process died is reopened.
  const sweep = setInterval(() => {
    if (services.draining) return;
    service.resume().catch((error: unknown) => logger.warn({ err: error }, 'tournament: sweep failed'));
  }, SWEEP_EVERY_MS);
  sweep.unref();

  return {
    router: tournamentRoutes({
      service, store, tokens, live, identities: services.identities,
      limits: {
        create: deps.limits?.limit('tournament-create', config.TOURNAMENT_CREATE_BURST, config.TOURNAMENT_CREATE_PER_SECOND)
          ?? new IpLimit(config.TOURNAMENT_CREATE_BURST, config.TOURNAMENT_CREATE_PER_SECOND),
        register: deps.limits?.limit('tournament-register', config.TOURNAMENT_REGISTER_BURST, config.TOURNAMENT_REGISTER_PER_SECOND)
          ?? new IpLimit(config.TOURNAMENT_REGISTER_BURST, config.TOURNAMENT_REGISTER_PER_SECOND),
        openMax: config.TOURNAMENTS_OPEN_MAX,
        registrationsMax: config.TOURNAMENT_PLAYERS_MAX,
      },
    }),
    service,
    tokens,
    async close() {
      clearInterval(timer);
      clearInterval(sweep);
      await live.close();
    },
  };
}

/**
 * The key organiser and player tokens are signed with. It must be the same in every process and
 * survive restarts: JUNCTION_TOURNAMENT_SECRET, else JUNCTION_INTERNAL_KEY, else (embedded store)
 * a file next to the data directory, else (memory store) a fresh one per process.
 */
function tokenSecret(services: RoomServices): string {
  const fromEnv = process.env.JUNCTION_TOURNAMENT_SECRET || process.env.JUNCTION_INTERNAL_KEY;
  if (fromEnv) return fromEnv;
  const dataDir = services.config.JUNCTION_DATA_DIR;
  if (!services.config.DATABASE_URL && dataDir && !dataDir.includes('://')) {
    const file = path.join(path.dirname(path.resolve(dataDir)), `.${path.basename(dataDir)}.tournament-secret`);
    try {
      if (existsSync(file)) return readFileSync(file, 'utf8').trim();
      mkdirSync(path.dirname(file), { recursive: true });
      const secret = randomBytes(32).toString('hex');
      writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
      return secret;
    } catch (error) {
      if (existsSync(file)) return readFileSync(file, 'utf8').trim();
      logger.warn({ err: error }, 'tournament: could not keep a token secret on disk; tokens will not survive a restart');
    }
  } else if (services.config.DATABASE_URL) {
    logger.warn('tournament: set JUNCTION_TOURNAMENT_SECRET so organiser and player tokens work in every process and after restarts');
  }
  return randomBytes(32).toString('hex');
}
