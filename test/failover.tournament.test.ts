/**
 * A tournament table outlives its process (issue 24): two real server processes on the machine's
 * Redis (a per-run key prefix) and PostgreSQL (a per-run schema). A one-table tournament opens its
 * table, nobody checks in at it (a one-second grace), so bots play every seat; the process that
 * holds the table is killed with SIGKILL mid-game. The survivor reopens the same game from its
 * journal, with its tournament seating (kept with the session), and when it finishes its result is
 * the tournament's: the table is done with that game (not a restarted one), and the stored result
 * names its tournament, its table and each seat's player. A registrant who sat down with their seat
 * id alone (no identity token) takes their seat back at the reopened table with that seat id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerOnFreePort, type ServerProcess } from '../loadtest/serverProcess.js';
import { requireService, inPostgres } from './support/services.js';
import { Client, type Room } from 'colyseus.js';
import { eventually, ready } from './support/server.js';
import { hostOf as listedHostOf, http, kill9, ownStores, ws } from './support/fleet.js';

const up = (await requireService('redis')) && (await requireService('postgres'));
const stores = ownStores('failover-tournament');
const SCHEMA = stores.schema;
const everyServer: ServerProcess[] = [];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

async function startOne(): Promise<ServerProcess> {
  const server = await startServerOnFreePort((port) => ({
    REDIS_URL: stores.redisUrl, DATABASE_URL: stores.databaseUrl, PUBLIC_ADDRESS: `127.0.0.1:${port}`,
    JUNCTION_INTERNAL_KEY: 'failover-tournament-key', ABSENT_GRACE_MS: '2000', FINISHED_LINGER_MS: '500',
    // A loaded CI machine stalls event loops for seconds: a lease that short would move tables nobody killed.
    LEASE_TTL_MS: '6000',
    TOURNAMENT_CREATE_BURST: '100', TOURNAMENT_REGISTER_BURST: '100', JOIN_BURST: '10000', JOIN_PER_SECOND: '1000',
  }));
  everyServer.push(server);
  return server;
}

async function call(server: ServerProcess, method: string, url: string, body?: unknown, token?: string): Promise<Json> {
  const res = await fetch(`${http(server)}/api/tournaments${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${url} → ${res.status} ${text}`);
  return text ? JSON.parse(text) as Json : {};
}

/** The process among `live` whose listing (the shared matchmaker) holds the table now. */
const hostOf = (roomId: string, live: ServerProcess[]): Promise<ServerProcess | undefined> => listedHostOf(stores.keyPrefix, roomId, live);

const step = (what: string): void => { process.stderr.write(`[failover-tournament] ${what}\n`); };

describe.skipIf(!up)('a tournament table reopened elsewhere', () => {
  let live: ServerProcess[] = [];
  beforeAll(async () => {
    await stores.create();
    // One first, so the schema is migrated once; then the second.
    live.push(await startOne());
    live.push(await startOne());
  }, 300_000);

  afterAll(async () => {
    await Promise.all(everyServer.map((s) => s.stop('SIGKILL')));
    await stores.remove();
  }, 120_000);

  it('kill -9 of its process mid-game: the survivor reopens it, and its result is reported to the tournament', async () => {
    // A retry (vitest.config.ts) finds one process killed: another takes its place.
    while (live.length < 2) live.push(await startOne());
    const [first] = live;
    const created = await call(first!, 'POST', '/', { name: 'Failover night', game: 'took_over', variant: 'classic', tableSize: 3, rounds: 1, checkInGraceSeconds: 1 });
    const id = created.tournament.id as string;
    const players: { token: string; playerId: string }[] = [];
    for (const name of ['Ana', 'Bo', 'Cleo']) {
      const r = await call(first!, 'POST', `/${id}/register`, { name });
      players.push({ token: r.token, playerId: r.playerId });
    }
    for (const p of players) await call(first!, 'POST', `/${id}/check-in`, {}, p.token);
    await call(first!, 'POST', `/${id}/start`, {}, created.organiserToken);
    const table = await eventually(async () => {
      const r = await call(first!, 'GET', `/${id}/me`, undefined, players[0]!.token);
      return r.table?.ready ? r.table as Json : undefined;
    }, 60_000, 'the table to open');
    const roomId = table.roomId as string;
    step(`table ${table.id as string} in room ${roomId}`);

    // Nobody sits down: bots play every seat once the grace ends. Killed once the game is journaled and under way.
    await eventually(async () => {
      const [row] = await inPostgres<{ n: string }>(`select count(*) as n from "${SCHEMA}".game_log_chunks where game_id = $1`, [roomId]);
      return Number(row?.n ?? 0) >= 3 || undefined;
    }, 120_000, 'moves in the journal');
    const [session] = await inPostgres<{ tournament: Json | null }>(`select tournament from "${SCHEMA}".game_sessions where id = $1`, [roomId]);
    expect(session?.tournament).toMatchObject({ tournamentId: id, tableId: table.id });
    const host = await eventually(() => hostOf(roomId, live), 30_000, 'the process holding the table');
    const [finished] = await inPostgres(`select id from "${SCHEMA}".game_results where id = $1`, [roomId]);
    expect(finished).toBeUndefined(); // still running at the kill
    step(`killing ${host.port}`);
    await kill9(host);
    live = live.filter((s) => s !== host);
    const survivor = live[0]!;

    // The survivor reopens the same game (the same room id) and it finishes there.
    await eventually(async () => (await hostOf(roomId, live)) === survivor || undefined, 120_000, 'the survivor to reopen the table');
    const done = await eventually(async () => {
      const v = await call(survivor, 'GET', `/${id}`);
      const t = (v.rounds[0].tables as Json[]).find((x) => x.id === table.id);
      return t?.status === 'done' ? { view: v, table: t } : undefined;
    }, 300_000, 'the table to be done');
    // Its result is the reopened game's, not a game restarted by the tournament.
    expect(done.table.gameId).toBe(roomId);
    expect(done.table.roomId).toBe(roomId);
    // Reported by the room itself: the stored result names its tournament, table and players.
    const [result] = await inPostgres<{ tournament_id: string | null; table_id: string | null; players: Json[] }>(
      `select tournament_id, table_id, players from "${SCHEMA}".game_results where id = $1`, [roomId]);
    expect(result).toMatchObject({ tournament_id: id, table_id: table.id });
    expect(result!.players.filter((p) => typeof p.playerId === 'string' && p.playerId !== '')).toHaveLength(3);
    // Its one table done, the one-round tournament ends.
    await eventually(async () => (await call(survivor, 'GET', `/${id}`)).tournament.status === 'finished' || undefined, 120_000, 'the tournament to finish');
  }, 600_000);

  it('a registrant seated by seat id alone takes the same seat back by seat id at the table reopened elsewhere', async () => {
    while (live.length < 2) live.push(await startOne());
    const [first] = live;
    const created = await call(first!, 'POST', '/', { name: 'Seat id night', game: 'took_over', variant: 'classic', tableSize: 3, rounds: 1, checkInGraceSeconds: 1 });
    const id = created.tournament.id as string;
    const regs: Json[] = [];
    for (const name of ['Ana', 'Bo', 'Cleo']) regs.push(await call(first!, 'POST', `/${id}/register`, { name }));
    for (const r of regs) await call(first!, 'POST', `/${id}/check-in`, {}, r.token);
    await call(first!, 'POST', `/${id}/start`, {}, created.organiserToken);
    const table = await eventually(async () => {
      const r = await call(first!, 'GET', `/${id}/me`, undefined, regs[0]!.token);
      return r.table?.ready ? r.table as Json : undefined;
    }, 60_000, 'the table to open');
    const roomId = table.roomId as string;
    const seatId = regs[0]!.seatId as string;
    type Synced = { phase: string; players: Map<string, { seat: number; connected: boolean; bot: boolean }> };
    // Ana sits down with her seat id and no token; Bo and Cleo never come (bots play them after the grace).
    const host = await eventually(() => hostOf(roomId, live), 30_000, 'the process holding the table');
    const ana = await ready(await new Client(ws(host)).joinById<Synced>(roomId, { name: 'Ana', playerId: seatId }));
    const mySeat = ana.state.players.get(ana.sessionId)!.seat;
    await eventually(async () => {
      const [row] = await inPostgres<{ n: string }>(`select count(*) as n from "${SCHEMA}".game_log_chunks where game_id = $1`, [roomId]);
      return Number(row?.n ?? 0) >= 2 || undefined;
    }, 120_000, 'the game journaled and under way');
    step(`seat id case: killing ${host.port}`);
    await kill9(host);
    live = live.filter((s) => s !== host);
    const survivor = live[0]!;
    await eventually(async () => (await hostOf(roomId, live)) === survivor || undefined, 120_000, 'the survivor to reopen the table');

    const back: Room<Synced> = await ready(await new Client(ws(survivor)).joinById<Synced>(roomId, { name: 'Ana', playerId: seatId }));
    await eventually(() => back.state.players.get(back.sessionId)?.connected === true, 30_000, 'the seat retaken');
    expect(back.state.players.get(back.sessionId)).toMatchObject({ seat: mySeat, bot: false });
    // Someone else's seat id is not Ana's seat, and a made-up one is no seat at all.
    await expect(new Client(ws(survivor)).joinById(roomId, { name: 'Eve', playerId: 'not-a-seat-id' })).rejects.toThrow();
    back.connection.close();
  }, 600_000);
});
