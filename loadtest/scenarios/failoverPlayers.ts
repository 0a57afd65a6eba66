/**
 * One thread of the failover bench's players (loadtest/scenarios/failover.ts): it sets up its share
 * of the tables and plays their seats. The players are spread over threads because a kill sends
 * every seat of ~130 tables back at once, and one thread decoding ~260 joins stalled for seconds
 * (its event loop, not the servers, set the slowest seats' times).
 *
 * Requests arrive as `{ id, kind, ... }` and are answered `{ id, reply }`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { Client } from 'colyseus.js';
import { findGame } from '../../shared/games/registry.js';
import { attempt, Seat, until, WAIT_LIMIT_MS, type Synced } from './failoverSeat.js';

export interface PlayersSetup { gameId: string; variant: string | undefined; think: [number, number]; tableIndexes: number[] }
export type PlayersRequest =
  | { id: number; kind: 'setup'; ports: number[] }
  | { id: number; kind: 'ports'; ports: number[] }
  | { id: number; kind: 'started' }
  | { id: number; kind: 'running' }
  | { id: number; kind: 'measure' }
  | { id: number; kind: 'back'; killedAt: number; roomIds: string[] }
  | { id: number; kind: 'stop' };
/** A request as the bench sends it (the thread adds nothing; `id` is the bench's). */
export type PlayersAsk = PlayersRequest extends infer R ? R extends PlayersRequest ? Omit<R, 'id'> : never : never;
export interface SeatTimes { leftAt: number; joinedAt: number; backAt: number; attempts: number }
export interface SeatCounts { seat: number; sent: number; acked: number; refused: number; inFlightAtDrop: number }
/** Since `measure`: how busy this thread was (utilisation 1 = never idle) and its event loop's delays. */
export interface ThreadLoad { utilisation: number; loopDelayP99Ms: number; loopDelayMaxMs: number }

const setup = workerData as PlayersSetup;
const game = findGame(setup.gameId)!;
let ports: number[] = [];
const tables: { roomId: string; seats: Seat[] }[] = [];
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
let utilisationFrom = performance.eventLoopUtilization();

async function createTables(): Promise<string[]> {
  const http = (i: number) => `http://127.0.0.1:${ports[i % ports.length]}`;
  const ws = (i: number) => `ws://127.0.0.1:${ports[i % ports.length]}`;
  for (const t of setup.tableIndexes) {
    const guests = await Promise.all([0, 1].map((i) => attempt('a guest identity', async (n) => (await (await fetch(`${http(t + i + n)}/api/identity`, { method: 'POST' })).json()) as { token: string })));
    const host = await attempt('a table', (n) => new Client(ws(t + n)).create<Synced>(game.id, { name: `H${t}`, private: true, players: 2, ...(setup.variant ? { variant: setup.variant } : {}), token: guests[0].token }));
    const hostSeat = new Seat(host.roomId, guests[0].token, `H${t}`, game, t * 2 + 1, setup.think, () => ports);
    hostSeat.attach(host);
    const guest = await attempt('the second seat', (n) => new Client(ws(t + 1 + n)).joinById<Synced>(host.roomId, { name: `G${t}`, token: guests[1].token }));
    const guestSeat = new Seat(host.roomId, guests[1].token, `G${t}`, game, t * 2 + 2, setup.think, () => ports);
    guestSeat.attach(guest);
    await until(() => host.state.players?.size === 2, 30_000, 'both seated');
    host.send('start', {});
    tables.push({ roomId: host.roomId, seats: [hostSeat, guestSeat] });
  }
  return tables.map((t) => t.roomId);
}

/**
 * A seat that lost its socket while its table was waiting (a reservation expired on a stalled
 * process: 4002) came back on its own; its host asks to start again until the game runs.
 */
async function everyTableStarted(): Promise<void> {
  const seats = tables.flatMap((t) => t.seats);
  let asked = Date.now();
  await until(() => {
    if (Date.now() - asked > 5_000) {
      asked = Date.now();
      for (const t of tables) {
        const host = t.seats[0].room;
        if (host?.state.phase === 'waiting' && t.seats.every((s) => s.seated())) host.send('start', {});
      }
    }
    // Started (a table set up early may have finished by now: it is simply never hit).
    return seats.every((s) => s.room !== undefined && s.room.state.phase !== 'waiting');
  }, WAIT_LIMIT_MS, 'every table started');
}

/** Per table hit here, its seats' times. */
async function everySeatBack(killedAt: number, roomIds: string[]): Promise<SeatTimes[][]> {
  const hit = tables.filter((t) => roomIds.includes(t.roomId));
  await until(() => hit.every((t) => t.seats.every((s) => s.backAt > killedAt && s.seated() || s.room?.state.phase === 'finished')), WAIT_LIMIT_MS, `every seat of the ${hit.length} tables of the killed process back`);
  return hit.map((t) => t.seats.filter((s) => s.backAt > killedAt).map((s) => ({ leftAt: s.leftAt, joinedAt: s.joinedAt, backAt: s.backAt, attempts: s.attempts })));
}

function threadLoad(): ThreadLoad {
  return {
    utilisation: Math.round(performance.eventLoopUtilization(utilisationFrom).utilization * 1000) / 1000,
    loopDelayP99Ms: Math.round(loopDelay.percentile(99) / 1e6),
    loopDelayMaxMs: Math.round(loopDelay.max / 1e6),
  };
}

async function answer(request: PlayersRequest): Promise<unknown> {
  switch (request.kind) {
    case 'setup':
      ports = request.ports;
      return createTables();
    case 'ports':
      ports = request.ports;
      return null;
    case 'started':
      return everyTableStarted();
    case 'running':
      return tables.filter((t) => t.seats.every((s) => s.playing())).map((t) => t.roomId);
    case 'measure':
      loopDelay.reset();
      loopDelay.enable();
      utilisationFrom = performance.eventLoopUtilization();
      return null;
    case 'back':
      return everySeatBack(request.killedAt, request.roomIds);
    case 'stop': {
      const load = threadLoad();
      await Promise.all(tables.flatMap((t) => t.seats).map((s) => s.stop()));
      const counts = tables.map((t) => ({ roomId: t.roomId, seats: t.seats.map((s): SeatCounts => ({ seat: s.seat, sent: s.sent, acked: s.acked, refused: s.refused, inFlightAtDrop: s.inFlightAtDrop })) }));
      return { load, counts };
    }
  }
}

parentPort!.on('message', (request: PlayersRequest) => {
  answer(request).then(
    (reply) => parentPort!.postMessage({ id: request.id, reply }),
    (error: unknown) => parentPort!.postMessage({ id: request.id, error: String((error as Error)?.stack ?? error) }),
  );
});
