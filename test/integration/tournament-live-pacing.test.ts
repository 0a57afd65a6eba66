/**
 * A tournament's public live stream is paced: its frame is the whole tournament (≈ 0.5 MB on a
 * night of 1,024 players), so a viewer gets at most one a second however fast the tournament
 * changes, and always the last state; a player's own stream is not held back (server/tournament/live.ts).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { bootServer, eventually, type TestServer } from '../support/server.js';
import { ok, type Json } from '../support/tournamentApi.js';
import { readEvents } from '../../loadtest/eventStream.js';

const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop().catch(() => undefined);
});

describe('tournament live pacing', () => {
  it('sends a viewer at most one frame a second during a burst of registrations, then the last state; a player\'s own stream still gets their check-in', async () => {
    const server = await bootServer();
    servers.push(server);
    const created = await ok(server, 'POST', '/', { name: 'Paced night', game: 'railway_madness', variant: 'express', tableSize: 4, rounds: 1, startsAt: Date.now() + 86_400_000 });
    const id = created.tournament.id as string;
    const first = await ok(server, 'POST', `/${id}/register`, { name: 'First' });

    // Before the stream opens, so the server's every send lies between this and the last frame's arrival.
    const openedAt = Date.now();
    const viewer = readEvents<Json>(`${server.http}/api/tournaments/${id}/events`);
    const mine = readEvents<Json>(`${server.http}/api/tournaments/${id}/me/events`, first.token as string);
    await eventually(() => viewer.frames.length > 0 && mine.frames.length > 0, 30_000, 'the first frames');

    // Forty changes, each its own request: without pacing, a frame every 100 ms or so.
    const registered = 41;
    for (let i = 1; i < registered; i++) await ok(server, 'POST', `/${id}/register`, { name: `Player ${i}` });
    const last = await eventually(() => viewer.frames.find((f) => (f.players as unknown[]).length === registered), 30_000, 'the last state');
    const lastAt = Date.now();
    // The viewer's frames: the opening one, then at most one per second of the window (and one more for its edges).
    const allowed = 2 + Math.floor((lastAt - openedAt) / 1000);
    expect(viewer.frames.indexOf(last)).toBe(viewer.frames.length - 1);
    expect(viewer.frames.length).toBeLessThanOrEqual(allowed);

    // A player's own stream is served by the same refresh: their check-in reaches it.
    await ok(server, 'POST', `/${id}/check-in`, {}, first.token as string);
    await eventually(() => mine.frames.some((f) => f.checkedIn === true), 30_000, 'the check-in on the player stream');
    viewer.stop();
    mine.stop();
  });
});
