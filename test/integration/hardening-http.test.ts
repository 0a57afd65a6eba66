/**
 * Issue 28, items 2 and 9, on a real server over real HTTP: a private table's stored result is
 * hidden by GET /api/results/:id exactly as by GET /api/games/:id; malformed matchmaking bodies get
 * a JSON 400; unknown /api routes a JSON 404; /metrics only for allowed addresses; matchmaking CORS
 * only for the page's own origin and CORS_ORIGINS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootServer, type TestServer } from '../support/server.js';
import type { GameRecord, GameSessionRecord } from '../../server/store/index.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

async function get(server: TestServer, path: string, headers: Record<string, string> = {}): Promise<{ status: number; type: string; json: Json }> {
  const res = await fetch(`${server.http}${path}`, { headers });
  const type = res.headers.get('content-type') ?? '';
  return { status: res.status, type, json: type.includes('json') ? await res.json() : await res.text() };
}

async function newGuest(server: TestServer): Promise<{ id: string; token: string }> {
  const res = await fetch(`${server.http}/api/identity`, { method: 'POST' });
  expect(res.status).toBe(201);
  const body = await res.json() as Json;
  return { id: body.identity.id, token: body.token };
}

/** A finished table as the room stores it: its session (private or not) and its result. */
async function storeFinishedGame(server: TestServer, id: string, isPrivate: boolean, identityId: string): Promise<void> {
  const seats = [{ seat: 0, name: 'Ana#0001', identityId, bot: false }, { seat: 1, name: 'Bot 2', identityId: null, bot: true }];
  const session: GameSessionRecord = {
    id, game: 'traffic_memory', variant: 'classic', options: { variant: 'classic', players: 2, range: '1-12' }, seed: 12345,
    startedAt: Date.now() - 60_000, seats, private: isPrivate, rated: false,
  };
  const record: GameRecord = {
    id, game: 'traffic_memory', variant: 'classic', seed: 12345, startedAt: session.startedAt, finishedAt: Date.now(), durationMs: 60_000,
    summary: { key: 'server:event.text', params: { text: 'done' } }, tournamentId: null, tableId: null,
    players: [
      { seat: 0, name: 'Ana#0001', playerId: null, identityId, bot: false, score: 3, place: 1 },
      { seat: 1, name: 'Bot 2', playerId: null, identityId: null, bot: true, score: 1, place: 2 },
    ],
  };
  await server.junction.store.startGameSession(session);
  await server.junction.store.saveGameResult(record);
}

describe('one visibility rule for stored games (item 2)', () => {
  let server: TestServer;
  beforeAll(async () => { server = await bootServer(); });
  afterAll(async () => { await server.stop(); });

  it('hides a private table from /api/results/:id and /api/games/:id alike, and shows both to its player', async () => {
    const ana = await newGuest(server);
    await storeFinishedGame(server, 'privTable0001', true, ana.id);
    const stranger = await newGuest(server);
    for (const headers of [{}, { authorization: `Bearer ${stranger.token}` }] as Record<string, string>[]) {
      const result = await get(server, '/api/results/privTable0001', headers);
      const game = await get(server, '/api/games/privTable0001', headers);
      expect(result.status).toBe(404);
      expect(game.status).toBe(404);
      expect(result.json.code).toBe(game.json.code);
      expect(JSON.stringify(result.json)).not.toContain(ana.id);
      expect(JSON.stringify(result.json)).not.toContain('12345');
    }
    const own = { authorization: `Bearer ${ana.token}` };
    const result = await get(server, '/api/results/privTable0001', own);
    const game = await get(server, '/api/games/privTable0001', own);
    expect(result.status).toBe(200);
    expect(game.status).toBe(200);
    expect(result.json.players[0].identityId).toBe(ana.id);
    expect(game.json.players[0].identityId).toBe(ana.id);
  });

  it('shows a public table to anybody on both routes', async () => {
    const ana = await newGuest(server);
    await storeFinishedGame(server, 'pubTable00001', false, ana.id);
    const result = await get(server, '/api/results/pubTable00001');
    const game = await get(server, '/api/games/pubTable00001');
    expect(result.status).toBe(200);
    expect(game.status).toBe(200);
    expect(result.json).toMatchObject({ id: 'pubTable00001', seed: 12345 });
    expect(result.json.players.map((p: Json) => p.identityId)).toEqual([ana.id, null]);
    expect(game.json.players.map((p: Json) => p.identityId)).toEqual([ana.id, null]);
  });
});

describe('HTTP answers as docs/protocol.md says (item 9)', () => {
  let server: TestServer;
  beforeAll(async () => { server = await bootServer({ CORS_ORIGINS: 'https://play.junction.example' }); });
  afterAll(async () => { await server.stop(); });

  const matchmake = (body: string, headers: Record<string, string> = {}) => fetch(`${server.http}/matchmake/create/railway_madness`, {
    method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body,
  });

  it('answers a malformed matchmaking body with 400 and a JSON error', async () => {
    for (const body of ['{"private": tru', '', '[1, 2]', 'null', '"text"']) {
      const res = await matchmake(body);
      expect(res.status, body).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(await res.json()).toMatchObject({ code: 'bad_json', status: 400 });
    }
  });

  it('still opens a table for a good body, and keeps refused joins as 200 { code, error } for colyseus.js', async () => {
    const made = await matchmake(JSON.stringify({ private: true, players: 2 }));
    expect(made.status).toBe(200);
    const seat = await made.json() as Json;
    expect(seat.room.roomId).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(typeof seat.sessionId).toBe('string');
    const refused = await fetch(`${server.http}/matchmake/joinById/noSuchRoom123`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(refused.status).toBe(200);
    const body = await refused.json() as Json;
    expect(typeof body.code).toBe('number');
    expect(typeof body.error).toBe('string');
  });

  it('answers unknown /api routes with a JSON 404, whatever the method', async () => {
    for (const [method, path] of [['GET', '/api/nope'], ['GET', '/api/results/x/y/z'], ['POST', '/api/nothing-here'], ['DELETE', '/api/games']]) {
      const res = await fetch(`${server.http}${path}`, { method });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(await res.json()).toMatchObject({ code: 'no_such_route' });
    }
    // Known routes still answer.
    expect((await get(server, '/api/games')).status).toBe(200);
  });

  it('gives CORS headers to the configured origin and the page itself, never to another origin', async () => {
    const preflight = (origin: string) => fetch(`${server.http}/matchmake/create/railway_madness`, {
      method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' },
    });
    const evil = await preflight('https://evil.example');
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    expect(evil.headers.get('access-control-allow-credentials')).toBeNull();
    const listed = await preflight('https://play.junction.example');
    expect(listed.headers.get('access-control-allow-origin')).toBe('https://play.junction.example');
    expect(listed.headers.get('access-control-allow-credentials')).toBe('true');
    const own = await preflight(server.http);
    expect(own.headers.get('access-control-allow-origin')).toBe(server.http);
    // A POST from another origin is answered without CORS headers too: the browser keeps the answer from that page.
    const posted = await matchmake(JSON.stringify({ private: true, players: 2 }), { Origin: 'https://evil.example' });
    expect(posted.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('serves /metrics to loopback, and refuses a request relayed by a proxy it does not trust', async () => {
    const local = await get(server, '/metrics');
    expect(local.status).toBe(200);
    expect(local.json).toContain('junction_clients');
    const relayed = await get(server, '/metrics', { 'X-Forwarded-For': '127.0.0.1' });
    expect(relayed.status).toBe(403);
    expect(relayed.json).toMatchObject({ code: 'metrics_forbidden' });
  });
});

describe('/metrics allow-list behind a trusted proxy (item 9)', () => {
  let server: TestServer;
  beforeAll(async () => { server = await bootServer({ TRUST_PROXY: 'loopback', METRICS_ALLOW: '198.51.100.0/24' }); });
  afterAll(async () => { await server.stop(); });

  it('judges the address the trusted proxy names', async () => {
    expect((await get(server, '/metrics', { 'X-Forwarded-For': '198.51.100.7' })).status).toBe(200);
    const outsider = await get(server, '/metrics', { 'X-Forwarded-For': '203.0.113.9' });
    expect(outsider.status).toBe(403);
    expect(outsider.json.code).toBe('metrics_forbidden');
    // Loopback itself is not in this list.
    expect((await get(server, '/metrics')).status).toBe(403);
  });
});
