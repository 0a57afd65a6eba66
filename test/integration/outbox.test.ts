/**
 * No result is lost to the store (issue 23), on real server processes over real sockets, with
 * PostgreSQL behind a TCP proxy this test owns (the shared server is never stopped). The tables'
 * journal (issue 24) shows no move before it is stored, so no game advances while the store is cut:
 * the games finish while the store refuses only their results (a trigger this test puts on its own
 * schema's game_results, failing with a retryable SQLSTATE), then the store is also cut:
 *  - three games (one a rated tournament table) finish with their results refused, then the store
 *    is cut for longer than the old retries; /health says degraded with the number pending, new tables are refused at the
 *    RESULTS_PENDING_MAX bound; once the store is back, every
 *    result, rating update and tournament report is stored exactly once;
 *  - a SIGTERM during a cut spools the pending result of a rated game; the next start (same
 *    schema, same spool folder) stores and rates it once and removes the spool file.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, type Room } from 'colyseus.js';
import { startServerOnFreePort, type ServerProcess } from '../../loadtest/serverProcess.js';
import { eventually, ready } from '../support/server.js';
import { POSTGRES_URL, requireService } from '../support/services.js';
import { startTcpProxy, type TcpProxy } from '../support/tcpProxy.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const up = await requireService('postgres');
const SCHEMA = `outbox_${process.pid}_${Date.now().toString(36)}`;
/** Longer than the old ResultStorage's five attempts (about 2 s) by far. */
const MIN_CUT_MS = 20_000;

let proxy: TcpProxy;
let spoolDir: string;
const servers: ServerProcess[] = [];

async function sql<T = Json>(text: string, params: unknown[] = []): Promise<T[]> {
  const db = new pg.Client({ connectionString: POSTGRES_URL });
  await db.connect();
  try {
    await db.query(`set search_path = "${SCHEMA}"`);
    return (await db.query(text, params)).rows as T[];
  } finally {
    await db.end();
  }
}

beforeAll(async () => {
  if (!up) return;
  await sql(`create schema "${SCHEMA}"`).catch(async () => undefined);
  proxy = await startTcpProxy({ host: '127.0.0.1', port: Number(new URL(POSTGRES_URL).port || 5432) });
  spoolDir = mkdtempSync(path.join(tmpdir(), 'junction-spool-'));
});

afterAll(async () => {
  for (const s of servers) await s.stop('SIGKILL').catch(() => undefined);
  if (!up) return;
  await proxy.close();
  rmSync(spoolDir, { recursive: true, force: true });
  await sql(`drop schema "${SCHEMA}" cascade`);
});

async function startServer(): Promise<ServerProcess> {
  const url = new URL(POSTGRES_URL);
  url.port = String(proxy.port);
  url.searchParams.set('options', `-c search_path=${SCHEMA}`);
  const server = await startServerOnFreePort({
    DATABASE_URL: url.toString(), SPOOL_DIR: spoolDir, RESULTS_RETRY_MAX_MS: '1000', CONNECT_TIMEOUT_MS: '5000',
    ABSENT_GRACE_MS: '0', FINISHED_LINGER_MS: '1000', SHUTDOWN_GRACE_MS: '2000', QUICKPLAY_FILL_MS: '600000', RESULTS_PENDING_MAX: '3',
  });
  servers.push(server);
  return server;
}

const http = (server: ServerProcess) => `http://127.0.0.1:${server.port}`;

async function health(server: ServerProcess): Promise<{ status: string; pendingResults: number }> {
  return (await fetch(`${http(server)}/health`)).json() as Promise<{ status: string; pendingResults: number }>;
}

async function api(server: ServerProcess, method: string, url: string, body?: unknown, token?: string): Promise<Json> {
  const res = await fetch(`${http(server)}/api${url}`, {
    method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json().catch(() => null);
  if (res.status >= 300) throw new Error(`${method} ${url} → ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/**
 * A private table with one bot, started, its host still connected (an idle connected player holds
 * the game). The host has an identity, so when they go away their seat stays theirs and a bot plays
 * it (a table whose last human gave the seat up for good would close unfinished).
 */
async function heldGame(server: ServerProcess): Promise<Room> {
  const guest = await api(server, 'POST', '/identity');
  const host = await ready(await new Client(`ws://127.0.0.1:${server.port}`).create('traffic_memory', { name: 'Host', token: guest.token, private: true, range: '1-12', players: 2 }));
  host.send('add_bot', { level: 'hard' });
  await eventually(() => host.state.players.size === 2, 30_000, 'bot seated');
  host.send('start', {});
  await eventually(() => host.state.phase === 'playing', 30_000, 'start');
  return host;
}

/** A private rated table of two guests, started; both stay connected (the game is held). */
async function heldRatedGame(server: ServerProcess): Promise<{ rooms: Room[]; identities: string[] }> {
  const guests = [];
  for (let i = 0; i < 2; i++) guests.push(await api(server, 'POST', '/identity'));
  const endpoint = `ws://127.0.0.1:${server.port}`;
  const host = await ready(await new Client(endpoint).create('traffic_memory', { name: 'Eve', token: guests[0].token, private: true, rated: true, range: '1-12', players: 2 }));
  const other = await ready(await new Client(endpoint).joinById(host.roomId, { name: 'Fay', token: guests[1].token }));
  await eventually(() => host.state.players.size === 2, 30_000, 'both seated');
  host.send('start', {});
  await eventually(() => host.state.phase === 'playing', 30_000, 'start');
  return { rooms: [host, other], identities: guests.map((g) => g.identity.id as string) };
}

/** A one-round tournament of four at one table, every registrant seated and connected. */
async function heldTournament(server: ServerProcess): Promise<{ id: string; rooms: Room[]; identities: string[] }> {
  const created = await api(server, 'POST', '/tournaments', {
    name: 'Outage night', game: 'railway_madness', variant: 'express', tableSize: 4, rounds: 1, format: 'swiss', startsAt: Date.now() + 86_400_000,
  });
  const id = created.tournament.id as string;
  const players: { name: string; token: string; seatId: string; identity: string }[] = [];
  for (const name of ['Ana', 'Bo', 'Cy', 'Di']) {
    const r = await api(server, 'POST', `/tournaments/${id}/register`, { name });
    players.push({ name, token: r.token, seatId: r.seatId, identity: r.identity.id });
  }
  for (const p of players) await api(server, 'POST', `/tournaments/${id}/check-in`, {}, p.token);
  await api(server, 'POST', `/tournaments/${id}/start`, {}, created.organiserToken);
  const rooms: Room[] = [];
  for (const p of players) {
    const me = await eventually(async () => {
      const r = await api(server, 'GET', `/tournaments/${id}/me`, undefined, p.token);
      return r.table?.ready ? r : undefined;
    }, 30_000, `${p.name}'s table`);
    rooms.push(await ready(await new Client(`ws://127.0.0.1:${server.port}`).joinById(me.table.roomId as string, { name: p.name, playerId: p.seatId })));
  }
  return { id, rooms, identities: players.map((p) => p.identity) };
}

/** The store refuses results (and only them) with a retryable error until `acceptResults`. */
async function refuseResults(): Promise<void> {
  await sql(`create or replace function refuse_results() returns trigger language plpgsql as $$ begin raise exception 'results refused by the test' using errcode = '57P03'; end $$`);
  await sql('create or replace trigger refuse_results before insert on game_results for each row execute function refuse_results()');
}

async function acceptResults(): Promise<void> {
  await sql('drop trigger if exists refuse_results on game_results');
}

/** The game's session row is written when it starts: wait for it, so the cut does not cost its replay. */
async function sessionStored(roomId: string): Promise<void> {
  await eventually(async () => (await sql('select id from game_sessions where id = $1', [roomId])).length === 1, 30_000, `session of ${roomId}`);
}

describe.runIf(up)('results through a PostgreSQL outage', () => {
  it('three games finished during a cut: every result, rating and tournament report stored exactly once after it returns', async () => {
    const server = await startServer();
    const games = [await heldGame(server), await heldGame(server)];
    const tournament = await heldTournament(server);
    const tableRoom = tournament.rooms[0].roomId;
    const ids = [games[0].roomId, games[1].roomId, tableRoom];
    for (const id of ids) await sessionStored(id);
    expect(await health(server)).toMatchObject({ status: 'ok', pendingResults: 0 });

    await refuseResults();
    // Every human goes away (not a Leave, which resigns): bots play the three games to their end; the store takes their moves, not their results.
    for (const room of [...games, ...tournament.rooms]) await room.leave(false);
    const degraded = await eventually(async () => {
      const h = await health(server);
      return h.pendingResults === 3 ? h : undefined;
    }, 240_000, 'three results pending');
    proxy.cut();
    const cutAt = Date.now();
    expect(degraded.status).toBe('degraded');
    const metrics = await (await fetch(`${http(server)}/metrics`)).text();
    expect(metrics).toMatch(/^junction_results_pending 3$/m);
    // At its bound the process refuses new tables with a translated code, and keeps every result.
    await expect(new Client(`ws://127.0.0.1:${server.port}`).create('traffic_memory', { private: true, players: 2 })).rejects.toThrow(/^results_backlog$/);
    // The outage goes on well past the old retries; the results wait, nothing is dropped.
    await new Promise((r) => setTimeout(r, Math.max(0, MIN_CUT_MS - (Date.now() - cutAt))));
    expect(await health(server)).toMatchObject({ status: 'degraded', pendingResults: 3 });

    await acceptResults();
    proxy.restore();
    await eventually(async () => (await health(server)).pendingResults === 0, 120_000, 'outbox drained');
    expect((await health(server)).status).toBe('ok');
    await (await new Client(`ws://127.0.0.1:${server.port}`).create('traffic_memory', { private: true, players: 2 })).leave(true);

    const results = await sql<{ id: string }>('select id from game_results where id = any($1)', [ids]);
    expect(results.map((r) => r.id).sort()).toEqual([...ids].sort());
    const sessions = await sql<{ id: string; status: string }>('select id, status from game_sessions where id = any($1)', [ids]);
    expect(sessions.map((s) => s.status)).toEqual(['finished', 'finished', 'finished']);
    // The tournament table: rated once, one history line per player, reported once.
    expect(await sql('select * from rated_games where game_result_id = $1', [tableRoom])).toHaveLength(1);
    const ratings = await sql<{ player_id: string; games: number }>('select player_id, games from ratings where player_id = any($1)', [tournament.identities]);
    expect(ratings.map((r) => r.games)).toEqual([1, 1, 1, 1]);
    expect(await sql('select * from player_games where game_id = $1', [tableRoom])).toHaveLength(4);
    const tables = await sql<{ status: string; game_id: string }>('select status, game_id from tournament_tables where tournament_id = $1', [tournament.id]);
    expect(tables).toEqual([{ status: 'done', game_id: tableRoom }]);
    expect(await sql('select * from tournament_results where tournament_id = $1', [tournament.id])).toHaveLength(4);
    const standings = await api(server, 'GET', `/tournaments/${tournament.id}`);
    expect(standings.tournament.status).toBe('finished');
  }, 600_000);

  it('a SIGTERM during a cut spools the pending result; the next start stores and rates it and removes the spool', async () => {
    const server = servers.find((s) => s.child.exitCode === null && s.child.signalCode === null) ?? await startServer();
    const { rooms, identities } = await heldRatedGame(server);
    const game = rooms[0];
    await sessionStored(game.roomId);

    await refuseResults();
    for (const room of rooms) await room.leave(false);
    await eventually(async () => (await health(server)).pendingResults === 1, 240_000, 'one result pending');
    proxy.cut();
    expect(await server.stop('SIGTERM')).toBe(0);
    const spooled = readdirSync(spoolDir);
    expect(spooled).toHaveLength(1);
    expect(spooled[0]).toMatch(/^results-\d+-\d+\.jsonl$/);
    expect(await sql('select id from game_results where id = $1', [game.roomId])).toHaveLength(0);

    await acceptResults();
    proxy.restore();
    const next = await startServer();
    await eventually(async () => (await sql('select id from game_results where id = $1', [game.roomId])).length === 1, 120_000, 'spooled result stored');
    await eventually(() => readdirSync(spoolDir).length === 0, 30_000, 'spool file removed');
    // The game's session was still `running` when the store was cut: the new process may also reopen
    // it from its journal, replay it to its end and hand the same record to its outbox once more
    // (stored once: every step is idempotent), even after the spooled record left the outbox empty
    // (CI first-attempt flake: pending 0, then 1 again when the reopened table ended). So the
    // health is awaited until it says ok with nothing pending, once the session is finished in the
    // store (nothing reopens it after that); the ratings below show the record counted once.
    await eventually(async () => (await sql<{ status: string }>('select status from game_sessions where id = $1', [game.roomId]))[0]?.status === 'finished', 60_000, 'session finished');
    await eventually(async () => {
      const h = await health(next);
      return h.status === 'ok' && h.pendingResults === 0;
    }, 60_000, 'nothing pending');
    // Rated once, by the new process, from the spooled record.
    expect(await sql('select * from rated_games where game_result_id = $1', [game.roomId])).toHaveLength(1);
    const ratings = await sql<{ games: number }>('select games from ratings where player_id = any($1)', [identities]);
    expect(ratings.map((r) => r.games)).toEqual([1, 1]);
    expect(await next.stop()).toBe(0);
  }, 600_000);
});
