/**
 * Players who come back (issue 18) on the real server: guest identities over HTTP, seats linked to
 * them over real sockets (a forged token gets a fresh guest), a rated quick-play game moving both
 * players' ratings, profiles, leaderboards, a replay rebuilt from the stored log that matches the
 * stored result, private games shown to their players only, and bad input refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Room } from 'colyseus.js';
import { bootServer, eventually, ready, type TestServer } from '../support/server.js';
import { findGame } from '../../shared/games/registry.js';
import { rebuild } from '../../shared/replay/rebuild.js';
import { isEngineEntry } from '../../shared/replay/log.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
const GAME = 'traffic_memory';
const QUICK = { range: '1-12' };

let server: TestServer;
beforeAll(async () => { server = await bootServer(); });
afterAll(async () => { await server.stop(); });

async function call(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; json: Json }> {
  const res = await fetch(`${server.http}/api${path}`, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: await res.json().catch(() => null) };
}

async function guest(name?: string): Promise<{ id: string; token: string; display: string }> {
  const created = await call('POST', '/identity');
  expect(created.status).toBe(201);
  let identity = created.json.identity;
  if (name) {
    const renamed = await call('PUT', '/identity/me', { name }, created.json.token);
    expect(renamed.status).toBe(200);
    identity = renamed.json.identity;
  }
  return { id: identity.id, token: created.json.token, display: identity.display };
}

function myName(room: Room): string {
  return (room.state as Json).players.get(room.sessionId)?.name ?? '';
}

async function finished(roomId: string): Promise<Json> {
  return eventually(async () => {
    const r = await call('GET', `/games/${roomId}`);
    return r.status === 200 ? r.json : undefined;
  }, 170_000, `stored game ${roomId}`);
}

describe('guest identities over HTTP', () => {
  it('issues a guest, renames it with a tag, and refuses bad names', async () => {
    const created = await call('POST', '/identity');
    expect(created.status).toBe(201);
    expect(created.json.identity.id).toMatch(/^u_/);
    expect(created.json.identity.display).toMatch(/^Guest\d+#\d{4}$/);
    const { token } = created.json;
    expect((await call('GET', '/identity/me', undefined, token)).json.identity.id).toBe(created.json.identity.id);
    const renamed = await call('PUT', '/identity/me', { name: 'Ana' }, token);
    expect(renamed.json.identity).toMatchObject({ name: 'Ana', display: `Ana#${created.json.identity.tag}` });
    for (const bad of ['Bot 2', 'A\u202Ena', 'Ana\u200B', '']) {
      const refused = await call('PUT', '/identity/me', { name: bad }, token);
      expect(refused.status, bad).toBe(400);
      expect(refused.json.error.length).toBeGreaterThan(0);
    }
    expect((await call('PUT', '/identity/me', { name: 'Ana', extra: 1 }, token)).status).toBe(400);
    expect((await call('GET', '/identity/me')).status).toBe(401);
  });

  it('refuses a forged token for a real id, and moves an identity to a second device once', async () => {
    const ana = await guest('Mover');
    const forged = `${ana.id}.${'A'.repeat(43)}`;
    expect((await call('GET', '/identity/me', undefined, forged)).status).toBe(401);
    const link = await call('POST', '/identity/me/transfer', undefined, ana.token);
    expect(link.status).toBe(201);
    expect(link.json.link).toBe(`/claim/${link.json.code}`);
    const claimed = await call('POST', '/identity/claim', { code: link.json.code });
    expect(claimed.status).toBe(200);
    expect(claimed.json.identity.id).toBe(ana.id);
    expect(claimed.json.token).not.toBe(ana.token);
    expect((await call('POST', '/identity/claim', { code: link.json.code })).status).toBe(404);
    // Both devices are the same player.
    expect((await call('GET', '/identity/me', undefined, claimed.json.token)).json.identity.id).toBe(ana.id);
    expect((await call('GET', '/identity/me', undefined, ana.token)).json.identity.id).toBe(ana.id);
    expect((await call('POST', '/identity/claim', { code: 'x' })).status).toBe(404);
  });
});

describe('seats, ratings, profiles, leaderboards and replays', () => {
  it('gives a forged token a fresh guest at the table, never the identity it names', async () => {
    const victim = await guest('Victim');
    const room = await server.client().create(GAME, { private: true, ...QUICK, players: 2, token: `${victim.id}.${'B'.repeat(43)}` });
    const identity = await new Promise<Json>((resolve) => { room.onMessage('identity', resolve); });
    await ready(room);
    expect(identity.identity.id).not.toBe(victim.id);
    expect(identity.token.startsWith(`${identity.identity.id}.`)).toBe(true);
    await eventually(() => myName(room) === identity.identity.display, 30_000, 'the fresh guest seated');
    expect((await call('GET', '/identity/me', undefined, identity.token)).json.identity.id).toBe(identity.identity.id);
    await room.leave(true);
  });

  it('links one identity to one seat per table: a second tab takes that seat over (test/integration/seats.test.ts)', async () => {
    const ana = await guest('Twice');
    const first = await ready(await server.client().create(GAME, { private: true, ...QUICK, players: 3, token: ana.token }));
    await eventually(() => myName(first) === ana.display, 30_000, 'seat named after the identity');
    const second = await ready(await server.client().joinById(first.roomId, { token: ana.token, name: 'Tab two' }));
    await eventually(() => myName(second) === ana.display, 30_000, 'the same seat under the second tab');
    expect((second.state as Json).players.size).toBe(1);
    await second.leave(true);
  });

  it('seats no more players than the table has when several guests join at once', async () => {
    const host = await ready(await server.client().create(GAME, { private: true, ...QUICK, players: 2, token: (await guest()).token }));
    const tokens = await Promise.all([guest(), guest(), guest(), guest()]);
    const joins = await Promise.allSettled(tokens.map((g) => server.client().joinById(host.roomId, { token: g.token })));
    expect(joins.filter((j) => j.status === 'fulfilled')).toHaveLength(1);
    for (const j of joins) if (j.status === 'rejected') expect(String(j.reason)).toMatch(/full/);
    await eventually(() => (host.state as Json).players.size === 2, 30_000, 'two seats');
    for (const j of joins) if (j.status === 'fulfilled') await j.value.leave(true);
    await host.leave(true);
  });

  it('rates a quick-play game of two identities; profile, leaderboard and replay show it', async () => {
    const [ana, bo] = [await guest('Ana'), await guest('Bo')];
    const a = await ready(await server.client().joinOrCreate(GAME, { ...QUICK, players: 2, token: ana.token }));
    const b = await ready(await server.client().joinById(a.roomId, { token: bo.token }));
    await eventually(() => (a.state as Json).phase === 'playing', 30_000, 'auto start when full');
    const running = await call('GET', `/games/${a.roomId}`);
    expect(running.status).toBe(409);
    // Away (not a Leave, which resigns): bots play both seats, which stay their identities'.
    await a.leave(false);
    await b.leave(false);
    const game = await finished(a.roomId);
    expect(game.rated).toBe(true);
    expect(game.players.map((p: Json) => p.identityId).sort()).toEqual([ana.id, bo.id].sort());

    // The replay: rebuilt from the stored log, public views only, ending in the stored result.
    const frames = game.replay.frames as Json[];
    expect(frames[0].cause).toEqual({ kind: 'start' });
    expect(frames.length).toBeGreaterThan(2);
    expect(game.replay.seat).toBeUndefined();
    for (let i = 1; i < frames.length; i++) expect(frames[i].t).toBeGreaterThanOrEqual(frames[i - 1].t);
    const session = (await server.junction.store.getGameSession(a.roomId))!;
    const log = await server.junction.store.readGameLog(a.roomId);
    // Every frame is exactly the engine's public view at that step (nothing of any seat's own view).
    const game$ = findGame(GAME)!;
    const publicViews: unknown[] = [];
    const rebuilt = rebuild(game$, { options: session.options, seats: session.options.players, seed: session.seed, startedAt: session.startedAt }, log,
      (step) => publicViews.push(JSON.parse(JSON.stringify(game$.publicView(step.state, step.now)))));
    expect(frames.map((f) => f.view)).toEqual(publicViews);
    expect([...rebuilt.result!.seats].sort((x, y) => x.seat - y.seat).map((s) => s.place)).toEqual([...game.players].sort((x: Json, y: Json) => x.seat - y.seat).map((p: Json) => p.place));
    // One frame per engine step; the table's own records (heartbeats of a running clock) are not steps.
    expect(frames).toHaveLength(log.filter(isEngineEntry).length + 1);

    // A player of the game also gets their own seat's views.
    const own = await call('GET', `/games/${a.roomId}`, undefined, ana.token);
    const anaSeat = game.players.find((p: Json) => p.identityId === ana.id).seat;
    expect(own.json.replay.seat.seat).toBe(anaSeat);
    expect(own.json.replay.seat.views).toHaveLength(frames.length);

    // Profiles: one game each, a rating with its trend and rank.
    const profile = (await call('GET', `/players/${ana.id}`)).json;
    expect(profile.identity.display).toBe(ana.display);
    expect(profile.gamesPlayed).toBe(1);
    expect(profile.games).toEqual([expect.objectContaining({ id: a.roomId, game: GAME, rated: true, seats: 2 })]);
    expect(profile.ratings).toHaveLength(1);
    expect(profile.ratings[0]).toMatchObject({ key: GAME, games: 1 });
    expect(profile.ratings[0].trend).toHaveLength(1);
    expect(profile.ratings[0].rank).toBeGreaterThanOrEqual(1);
    expect(profile.games[0].ratingAfter).toBe(profile.ratings[0].trend[0]);
    // Beside the raw ordinal, the number players read: near 1500 after one game, and provisional.
    expect(profile.ratings[0].provisional).toBe(true);
    expect(profile.ratings[0].display).toBeGreaterThan(1300);
    expect(profile.ratings[0].display).toBeLessThan(1700);
    expect(profile.games[0].displayAfter).toBe(profile.ratings[0].display);

    // Leaderboard: both players, and the caller's own rank.
    const board = (await call('GET', `/leaderboards/${GAME}`, undefined, bo.token)).json;
    expect(board.key).toBe(GAME);
    expect(board.entries.map((e: Json) => e.playerId)).toEqual(expect.arrayContaining([ana.id, bo.id]));
    expect(board.me.playerId).toBe(bo.id);
    expect(board.entries.find((e: Json) => e.playerId === bo.id).rank).toBe(board.me.rank);
    // The ratings follow the result: the better place has the higher mu, a draw leaves them equal.
    const place = (id: string) => game.players.find((p: Json) => p.identityId === id).place as number;
    const mu = (id: string) => board.entries.find((e: Json) => e.playerId === id).mu as number;
    expect(Math.sign(mu(ana.id) - mu(bo.id))).toBe(Math.sign(place(bo.id) - place(ana.id)));
  }, 180_000);

  it('does not rate a quick-play game with one identity, and shows a private game only to its players', async () => {
    const ana = await guest('Priv');
    const host = await ready(await server.client().create(GAME, { private: true, rated: true, ...QUICK, players: 2, token: ana.token }));
    host.send('add_bot', { level: 'easy' });
    await eventually(() => (host.state as Json).players.size === 2, 30_000, 'bot seated');
    host.send('start', {});
    await eventually(() => (host.state as Json).phase === 'playing', 30_000, 'start');
    await host.leave(false); // away: a bot plays the seat, which stays Ana's (a Leave would close a table of bots)
    await eventually(async () => (await call('GET', `/games/${host.roomId}`, undefined, ana.token)).status === 200, 170_000, 'stored');
    expect((await call('GET', `/games/${host.roomId}`)).status).toBe(404);
    const seenByOthers = (await call('GET', `/players/${ana.id}`)).json;
    expect(seenByOthers.games).toEqual([]);
    expect(seenByOthers.gamesPlayed).toBe(0);
    const own = (await call('GET', `/players/${ana.id}`, undefined, ana.token)).json;
    expect(own.games).toEqual([expect.objectContaining({ id: host.roomId, private: true })]);
    // One identity and a bot: nothing to rate against.
    expect(own.ratings).toEqual([]);
  }, 180_000);

  it('answers unknown ids with 404 and bad queries with 400', async () => {
    expect((await call('GET', '/players/u_AAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await call('GET', '/players/..%2Fetc')).status).toBe(404);
    expect((await call('GET', '/leaderboards/no_such_game')).status).toBe(404);
    expect((await call('GET', `/leaderboards/${GAME}?variant=nope`)).status).toBe(400);
    expect((await call('GET', `/leaderboards/${GAME}?limit=1000`)).status).toBe(400);
    expect((await call('GET', `/leaderboards/${GAME}?evil=1`)).status).toBe(400);
    expect((await call('GET', '/games/no-such-room')).status).toBe(404);
    expect((await call('GET', `/games/${'x'.repeat(100)}`)).status).toBe(404);
    const railway = (await call('GET', '/leaderboards/railway_madness?variant=juniors')).json;
    expect(railway.key).toBe('railway_madness:juniors');
    expect(railway.families).toContain('railway_madness:classic');
  });
});

describe('rate limits', () => {
  it('limits profile, leaderboard and replay reads and new guests per IP', async () => {
    const limited = await bootServer({ PLAYER_API_BURST: 3, PLAYER_API_PER_SECOND: 0.1, GUEST_CREATE_BURST: 2, GUEST_CREATE_PER_SECOND: 0.01 });
    try {
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await fetch(`${limited.http}/api/leaderboards/${GAME}`)).status);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      const guests = [];
      for (let i = 0; i < 3; i++) guests.push((await fetch(`${limited.http}/api/identity`, { method: 'POST' })).status);
      expect(guests).toEqual([201, 201, 429]);
    } finally {
      await limited.stop();
    }
  });
});
