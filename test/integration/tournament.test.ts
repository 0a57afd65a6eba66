/**
 * Tournaments end to end over HTTP and real sockets: a 32-player Swiss night at tables of four
 * (bots play the seats nobody takes after ABSENT_GRACE_MS), live updates, ratings, and a restart
 * in the middle of a tournament on the same data directory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, type Room } from 'colyseus.js';
import { startServerOnFreePort, type ServerProcess } from '../../loadtest/serverProcess.js';
import { bootServer, eventually, ready, type TestServer } from '../support/server.js';
import { api, ok, type Json, type Player } from '../support/tournamentApi.js';
import { readEvents } from '../../loadtest/eventStream.js';

const GAME = 'railway_madness';
const VARIANT = 'express';
const FAST = { ABSENT_GRACE_MS: 200, FINISHED_LINGER_MS: 500 };



async function setUp(server: TestServer, n: number, rounds: number): Promise<{ id: string; organiser: string; players: Player[] }> {
  const created = await ok(server, 'POST', '/', {
    name: `Night of ${n}`, game: GAME, variant: VARIANT, tableSize: 4, rounds, format: 'swiss', startsAt: Date.now() + 86_400_000,
    // Most seats here are never taken: their tables start after a second of check-in (bots play them).
    checkInGraceSeconds: 1,
  });
  const id = created.tournament.id as string;
  const players: Player[] = [];
  for (let i = 0; i < n; i++) {
    const name = `P${String(i + 1).padStart(2, '0')}`;
    const r = await ok(server, 'POST', `/${id}/register`, { name });
    players.push({ name, token: r.token, seatId: r.seatId, playerId: r.playerId });
  }
  await Promise.all(players.map((p) => ok(server, 'POST', `/${id}/check-in`, {}, p.token)));
  return { id, organiser: created.organiserToken as string, players };
}

const servers: TestServer[] = [];
const children: ServerProcess[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop().catch(() => undefined);
  // Child processes stop before their data folders are removed.
  for (const c of children) await c.stop().catch(() => undefined);
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe.concurrent('tournaments', () => {
  it('runs three rounds of eight tables to the end, with results, standings and ratings', async () => {
    const server = await bootServer(FAST);
    servers.push(server);

    // Validation and auth.
    expect((await api(server, 'POST', '/', { game: GAME, variant: VARIANT, tableSize: 9, startsAt: 0 })).status).toBe(400);
    expect((await api(server, 'POST', '/', { game: 'nope', variant: VARIANT, tableSize: 4, startsAt: 0 })).status).toBe(400);
    expect((await api(server, 'GET', '/t_missing')).status).toBe(404);

    const { id, organiser, players } = await setUp(server, 32, 3);
    expect((await api(server, 'POST', `/${id}/start`)).status).toBe(401);
    expect((await api(server, 'POST', `/${id}/start`, {}, players[0].token)).status).toBe(403);
    expect((await api(server, 'POST', `/${id}/register`, { name: '' })).status).toBe(400);

    // Live updates: read the SSE stream while the tournament runs.
    const frames: Json[] = [];
    const abort = new AbortController();
    let contentType: string | null = null;
    const stream = fetch(`${server.http}/api/tournaments/${id}/events`, { signal: abort.signal }).then(async (res) => {
      contentType = res.headers.get('content-type');
      const decoder = new TextDecoder();
      let buffer = '';
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const data = /^data: (.*)$/m.exec(frame);
          if (/^event: tournament$/m.test(frame) && data) frames.push(JSON.parse(data[1]) as Json);
        }
      }
    }).catch((error: unknown) => {
      if ((error as Error).name !== 'AbortError') throw error; // the test's own abort ends the read; nothing else may
    });

    await ok(server, 'POST', `/${id}/start`, {}, organiser);
    expect((await api(server, 'POST', `/${id}/register`, { name: 'Late' })).status).toBe(409);

    // Some players take their seats with real clients.
    const rooms: Room[] = [];
    for (const p of players.slice(0, 6)) {
      const me = await eventually(async () => {
        const r = await ok(server, 'GET', `/${id}/me`, undefined, p.token);
        return r.table?.ready ? r : undefined;
      }, 30_000, `${p.name}'s table`);
      expect(me.seatId).toBe(p.seatId);
      const room = await ready(await server.client().joinById(me.table.roomId as string, { name: p.name, playerId: p.seatId }));
      const seated = [...(room.state as { players: Map<string, { name: string; connected: boolean; bot: boolean }> }).players.values()].find((x) => x.name === p.name);
      expect(seated).toMatchObject({ connected: true, bot: false });
      rooms.push(room);
    }
    // They leave again: a connected idle player holds up the table, an absent one is played by a bot.
    await Promise.all(rooms.map((r) => r.leave(true).catch(() => undefined)));
    // A seat is only for its player.
    const someTable = (await ok(server, 'GET', `/${id}`)).rounds[0].tables[7];
    await expect(server.client().joinById(someTable.roomId as string, { name: 'Intruder', playerId: 'g_guess' })).rejects.toThrow(/seat/i);

    const view = await eventually(async () => {
      const v = await ok(server, 'GET', `/${id}`);
      return v.tournament.status === 'finished' ? v : undefined;
    }, 240_000, 'the tournament to finish');

    // Public view: no secrets.
    const raw = JSON.stringify(view);
    for (const p of players) expect(raw).not.toContain(p.seatId);

    expect(view.rounds).toHaveLength(3);
    const tables = view.rounds.flatMap((r: Json) => r.tables as Json[]);
    expect(tables).toHaveLength(24);
    for (const t of tables) {
      expect(t.status).toBe('done');
      expect(t.seats).toHaveLength(4);
      expect(t.seats.map((s: Json) => s.points).reduce((a: number, b: number) => a + b, 0)).toBeCloseTo(6); // 3+2+1+0
    }
    // No repeat opponents (avoidable for 32 players at tables of 4 over 3 rounds).
    expect(view.rounds.map((r: Json) => r.repeats)).toEqual([0, 0, 0]);
    const met = new Set<string>();
    for (const t of tables) {
      const ids = (t.seats as Json[]).map((s) => s.playerId as string);
      for (const a of ids) for (const b of ids) if (a < b) {
        expect(met.has(`${a}|${b}`)).toBe(false);
        met.add(`${a}|${b}`);
      }
    }

    expect(view.standings).toHaveLength(32);
    expect(view.standings.map((s: Json) => s.rank)).toEqual(Array.from({ length: 32 }, (_, i) => i + 1));
    const total = view.standings.reduce((a: number, s: Json) => a + (s.points as number), 0);
    expect(total).toBeCloseTo(24 * 6);
    for (const s of view.standings) expect(s.played).toBe(3);
    for (let i = 1; i < 32; i++) expect(view.standings[i - 1].points).toBeGreaterThanOrEqual(view.standings[i].points);

    const stored = await server.junction.store.listGameResults({ tournamentId: id, limit: 1000 });
    expect(stored).toHaveLength(24);
    expect(new Set(stored.map((r) => r.tableId)).size).toBe(24);

    const board = await ok(server, 'GET', `/leaderboard/${GAME}?variant=${VARIANT}&limit=100`);
    expect(board.length).toBe(32);
    expect(board[0].rank).toBe(1);
    expect(board.every((b: Json) => b.games === 3)).toBe(true);

    // A player's own view after the end.
    const me = await ok(server, 'GET', `/${id}/me`, undefined, players[0].token);
    expect(me.standing.played).toBe(3);
    expect((await api(server, 'GET', `/${id}/me`)).status).toBe(401);

    // The live stream saw the tournament move through its rounds to the end.
    await eventually(() => frames.at(-1)?.tournament.status === 'finished', 30_000, 'the last live frame');
    expect(new Set(frames.map((f) => f.tournament.currentRound))).toEqual(new Set([0, 1, 2, 3]));
    abort.abort();
    await stream;
    expect(contentType).toMatch(/text\/event-stream/);

    const list = await ok(server, 'GET', '/?status=finished');
    expect(list.map((t: Json) => t.id)).toContain(id);
    await server.stop();
  }, 480_000);

  it("pushes each player's own table to that player's stream: no polling, no one else's seat", async () => {
    // Its own process: Colyseus' matchmaker is one per process, and the first test boots one here.
    const child = await startServerOnFreePort({
      ABSENT_GRACE_MS: '200', FINISHED_LINGER_MS: '500', SHUTDOWN_GRACE_MS: '300',
      REDIS_URL: '', DATABASE_URL: '', JUNCTION_INTERNAL_KEY: '', JUNCTION_TOURNAMENT_SECRET: '',
    });
    children.push(child);
    const port = child.port;
    const server = { http: `http://127.0.0.1:${port}`, client: () => new Client(`ws://127.0.0.1:${port}`) } as TestServer;
    const { id, organiser, players } = await setUp(server, 8, 1);
    expect((await fetch(`${server.http}/api/tournaments/${id}/me/events`)).status).toBe(401);
    expect((await fetch(`${server.http}/api/tournaments/${id}/me/events`, { headers: { authorization: 'Bearer p.Zm9v.bad' } })).status).toBe(401);

    // Every player opens their own stream before the start; nobody calls GET /me.
    const streams = players.map((p) => readEvents<Json>(`${server.http}/api/tournaments/${id}/me/events`, p.token));
    await eventually(() => streams.every((s) => s.frames.length === 1), 30_000, 'the first frame of every stream');
    for (const [i, s] of streams.entries()) {
      expect(s.frames[0]).toMatchObject({ seatId: players[i].seatId, status: 'registration', checkedIn: true, table: null });
    }

    await ok(server, 'POST', `/${id}/start`, {}, organiser);
    const mine = await Promise.all(streams.map((s, i) => eventually(() => {
      const table = s.frames.at(-1)?.table;
      return table?.ready ? table : undefined;
    }, 30_000, `${players[i].name}'s table on the stream`)));

    // The pushed table is the one the public view shows for that player, and its seat is theirs.
    const view = await ok(server, 'GET', `/${id}`);
    for (const [i, table] of mine.entries()) {
      const listed = (view.rounds[0].tables as Json[]).find((t) => t.id === table.id) as Json;
      expect(listed.roomId).toBe(table.roomId);
      expect(listed.seats.map((x: Json) => x.playerId)).toContain(players[i].playerId);
    }
    const rooms = await Promise.all(players.map(async (p, i) => {
      const room = await ready(await server.client().joinById(mine[i].roomId as string, { name: p.name, playerId: p.seatId }));
      const seated = [...(room.state as { players: Map<string, { name: string; bot: boolean }> }).players.values()].find((x) => x.name === p.name);
      expect(seated).toMatchObject({ bot: false });
      return room;
    }));
    expect(new Set(mine.map((t) => t.roomId)).size).toBe(2);
    // Leaving for good hands the seats to bots, which finish the game; the streams see the end.
    await Promise.all(rooms.map((r) => r.leave(true).catch(() => undefined)));
    await Promise.all(streams.map((s) => eventually(() => s.frames.at(-1)?.status === 'finished', 180_000, 'the end on the stream')));

    // A player's stream never carried another player's seat id, and sent only changes.
    for (const [i, s] of streams.entries()) {
      for (const [j, p] of players.entries()) if (j !== i) expect(s.raw).not.toContain(p.seatId);
      const distinct = new Set(s.frames.map((f) => JSON.stringify(f)));
      expect(distinct.size).toBe(s.frames.length);
      s.stop();
    }
  }, 360_000);

  it('carries on after a restart on the same data directory, with round-1 results intact', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'junction-tournament-'));
    dirs.push(dir);
    const env = {
      JUNCTION_DATA_DIR: path.join(dir, 'pglite'), ABSENT_GRACE_MS: '200', FINISHED_LINGER_MS: '500', SHUTDOWN_GRACE_MS: '300',
      REDIS_URL: '', DATABASE_URL: '', JUNCTION_INTERNAL_KEY: '', JUNCTION_TOURNAMENT_SECRET: '',
    };
    const first = await startServerOnFreePort(env);
    children.push(first);
    const server = { http: `http://127.0.0.1:${first.port}` } as TestServer;
    const { id, organiser } = await setUp(server, 8, 2);
    await ok(server, 'POST', `/${id}/start`, {}, organiser);
    const afterRound1 = await eventually(async () => {
      const v = await ok(server, 'GET', `/${id}`);
      return v.rounds[0]?.status === 'done' ? v : undefined;
    }, 180_000, 'round 1 to finish');
    await eventually(async () => (await ok(server, 'GET', `/${id}`)).rounds[1]?.tables.every((t: Json) => t.status === 'playing'), 30_000, 'round 2 to open');
    const beforeStop = await ok(server, 'GET', `/${id}`);
    expect(await first.stop()).toBe(0);

    // The same data directory, on a port of its own (the first one may be taken by now).
    const second = await startServerOnFreePort(env);
    children.push(second);
    server.http = `http://127.0.0.1:${second.port}`;
    const view = await eventually(async () => {
      const v = await ok(server, 'GET', `/${id}`);
      return v.tournament.status === 'finished' ? v : undefined;
    }, 180_000, 'the tournament to finish after the restart');
    expect(view.rounds).toHaveLength(2);
    expect(view.rounds[0].tables).toEqual(afterRound1.rounds[0].tables);
    // Round 2 was being played when the first process stopped: its tables were opened again.
    for (const [i, t] of (beforeStop.rounds[1].tables as Json[]).entries()) {
      if (t.status !== 'playing') continue;
      expect(view.rounds[1].tables[i].roomId).not.toBe(t.roomId);
      expect(view.rounds[1].tables[i].gameId).toBe(view.rounds[1].tables[i].roomId);
    }
    for (const t of view.rounds.flatMap((r: Json) => r.tables as Json[])) expect(t.status).toBe('done');
    expect(view.standings).toHaveLength(8);
    for (const s of view.standings) expect(s.played).toBe(2);
    const total = view.standings.reduce((a: number, s: Json) => a + (s.points as number), 0);
    expect(total).toBeCloseTo(4 * 6);
    // The organiser token still works after the restart (the signing secret is kept with the data).
    const r = await api(server, 'POST', `/${id}/pause`, {}, organiser);
    expect(r.status).toBe(409); // authorised, but a finished tournament cannot be paused
    const results = await (await fetch(`${server.http}/api/results?limit=200`)).json() as Json[];
    expect(results.filter((x) => x.tournamentId === id)).toHaveLength(4);
    expect(await second.stop()).toBe(0);
  }, 600_000); // two process starts (up to 180 s each when loaded) and two 180 s waits for rounds
});
