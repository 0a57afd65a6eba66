/**
 * Tournaments end to end over HTTP and real sockets: a 32-player Swiss night at tables of four
 * (bots play the seats nobody takes after ABSENT_GRACE_MS), live updates, ratings, and a restart
 * in the middle of a tournament on the same data directory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Room } from 'colyseus.js';
import { bootServer, eventually, type TestServer } from '../support/server.js';

const GAME = 'railway_madness';
const VARIANT = 'express';
const FAST = { ABSENT_GRACE_MS: 200, FINISHED_LINGER_MS: 500 };

interface Json { [k: string]: any } // eslint-disable-line @typescript-eslint/no-explicit-any

async function api(server: TestServer, method: string, url: string, body?: unknown, token?: string): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${server.http}/api/tournaments${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) as Json : {} };
}

async function ok(server: TestServer, method: string, url: string, body?: unknown, token?: string): Promise<Json> {
  const r = await api(server, method, url, body, token);
  if (r.status >= 300) throw new Error(`${method} ${url} → ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

interface Player { name: string; token: string; seatId: string; playerId: string }

async function setUp(server: TestServer, n: number, rounds: number): Promise<{ id: string; organiser: string; players: Player[] }> {
  const created = await ok(server, 'POST', '/', {
    name: `Night of ${n}`, game: GAME, variant: VARIANT, tableSize: 4, rounds, format: 'swiss', startsAt: Date.now() + 86_400_000,
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
const dirs: string[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop().catch(() => undefined);
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('a 32-player Swiss tournament', () => {
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
    const stream = fetch(`${server.http}/api/tournaments/${id}/events`, { signal: abort.signal }).then(async (res) => {
      expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
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
    }).catch(() => undefined);

    await ok(server, 'POST', `/${id}/start`, {}, organiser);
    expect((await api(server, 'POST', `/${id}/register`, { name: 'Late' })).status).toBe(409);

    // Some players take their seats with real clients.
    const rooms: Room[] = [];
    for (const p of players.slice(0, 6)) {
      const me = await eventually(async () => {
        const r = await ok(server, 'GET', `/${id}/me`, undefined, p.token);
        return r.table?.ready ? r : undefined;
      }, 10_000, `${p.name}'s table`);
      expect(me.seatId).toBe(p.seatId);
      const room = await server.client().joinById(me.table.roomId as string, { name: p.name, playerId: p.seatId });
      rooms.push(room);
    }
    // A seat is only for its player.
    const someTable = (await ok(server, 'GET', `/${id}`)).rounds[0].tables[7];
    await expect(server.client().joinById(someTable.roomId as string, { name: 'Intruder', playerId: 'g_guess' })).rejects.toThrow(/seat/i);

    const view = await eventually(async () => {
      const v = await ok(server, 'GET', `/${id}`);
      if (process.env.TT_DEBUG && Date.now() % 3000 < 30) console.log(Date.now(), v.tournament.currentRound, v.rounds.map((r: Json) => r.tables.map((t: Json) => t.status[0]).join('')).join(' '));
      return v.tournament.status === 'finished' ? v : undefined;
    }, 70_000, 'the tournament to finish');
    await Promise.all(rooms.map((r) => r.leave(true).catch(() => undefined)));

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

    const board = await ok(server, 'GET', `/leaderboard/${GAME}?limit=100`);
    expect(board.length).toBe(32);
    expect(board[0].rank).toBe(1);
    expect(board.every((b: Json) => b.games === 3)).toBe(true);

    // A player's own view after the end.
    const me = await ok(server, 'GET', `/${id}/me`, undefined, players[0].token);
    expect(me.standing.played).toBe(3);
    expect((await api(server, 'GET', `/${id}/me`)).status).toBe(401);

    // The live stream saw the tournament move through its rounds to the end.
    await eventually(() => frames.at(-1)?.tournament.status === 'finished', 3000, 'the last live frame');
    expect(new Set(frames.map((f) => f.tournament.currentRound))).toEqual(new Set([1, 2, 3]));
    abort.abort();
    await stream;

    const list = await ok(server, 'GET', '/?status=finished');
    expect(list.map((t: Json) => t.id)).toContain(id);
    await server.stop();
  }, 90_000);
});
