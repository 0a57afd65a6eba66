/**
 * No game is "running" forever (issue 23): a single embedded (PGlite) process is killed with
 * SIGKILL in the middle of a game; restarted on the same data folder, it ends that game as
 * `abandoned` (GET /api/games/:id, never 409) and the player's profile lists it as such.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Client } from 'colyseus.js';
import { startServerOnFreePort, type ServerProcess } from '../../loadtest/serverProcess.js';
import { eventually, ready } from '../support/server.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const dataDir = mkdtempSync(path.join(tmpdir(), 'junction-abandoned-'));
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop('SIGKILL').catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<ServerProcess> {
  const server = await startServerOnFreePort({ JUNCTION_DATA_DIR: path.join(dataDir, 'pglite'), ABSENT_GRACE_MS: '600000', PLAYER_API_BURST: '10000', PLAYER_API_PER_SECOND: '1000' });
  servers.push(server);
  return server;
}

async function get(server: ServerProcess, url: string, token: string): Promise<{ status: number; json: Json }> {
  const res = await fetch(`http://127.0.0.1:${server.port}/api${url}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, json: await res.json() };
}

describe('a process killed mid-game', () => {
  it('restarted on the same data, the game is abandoned, never running', async () => {
    const first = await start();
    const guest = await (await fetch(`http://127.0.0.1:${first.port}/api/identity`, { method: 'POST' })).json() as Json;
    const token = guest.token as string;
    const host = await ready(await new Client(`ws://127.0.0.1:${first.port}`).create('traffic_memory', { name: 'Ana', token, private: true, range: '1-12', players: 2 }));
    host.send('add_bot', { level: 'easy' });
    await eventually(() => host.state.players.size === 2, 30_000, 'bot seated');
    host.send('start', {});
    await eventually(() => host.state.phase === 'playing', 30_000, 'start');
    const gameId = host.roomId;
    // Its session is stored when it starts: the game is running (its table is open).
    const running = await eventually(async () => {
      const r = await get(first, `/games/${gameId}`, token);
      return r.status === 409 ? r : undefined;
    }, 30_000, 'session stored');
    expect(running.json).toMatchObject({ code: 'game_running', status: 'running' });

    await first.stop('SIGKILL');
    const second = await start();
    const answer = await eventually(async () => {
      const r = await get(second, `/games/${gameId}`, token);
      expect([200, 409]).toContain(r.status); // 409 only while the session is younger than the sweep's safety margin
      return r.status === 200 ? r.json : undefined;
    }, 60_000, 'game settled');
    expect(answer).toMatchObject({ id: gameId, status: 'abandoned', game: 'traffic_memory', summary: { key: 'players:abandoned_summary' } });
    expect(answer.players.map((p: Json) => [p.seat, p.bot])).toEqual([[0, false], [1, true]]);

    const profile = await get(second, `/players/${guest.identity.id}`, token);
    expect(profile.status).toBe(200);
    expect(profile.json.games).toEqual([expect.objectContaining({ id: gameId, status: 'abandoned', place: 0 })]);
    expect(profile.json.gamesPlayed).toBe(0);
    expect(await second.stop()).toBe(0);
  }, 300_000);
});
