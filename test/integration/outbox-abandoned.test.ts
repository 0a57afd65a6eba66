/**
 * No game is "running" forever (issue 23), and tables outlive their process (issue 24): a single
 * embedded (PGlite) process is killed with SIGKILL in the middle of a game. Restarted on the same
 * data folder, it reopens the table from its journal (same id, still `running`: the abandoned sweep
 * leaves it to the resume); a table whose journal no longer replays (a chunk corrupted while no
 * process ran) is ended as `abandoned` instead (GET /api/games/:id, never 409) and the player's
 * profile lists it as such.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Client } from 'colyseus.js';
import { startServerOnFreePort, type ServerProcess } from '../../loadtest/serverProcess.js';
import { eventually, ready } from '../support/server.js';
import { openStore } from '../../server/store/index.js';

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

/** A private traffic_memory table with the guest and a bot, started: its id, the guest's token and identity. */
async function startGame(server: ServerProcess): Promise<{ gameId: string; token: string; identityId: string }> {
  const guest = await (await fetch(`http://127.0.0.1:${server.port}/api/identity`, { method: 'POST' })).json() as Json;
  const token = guest.token as string;
  const host = await ready(await new Client(`ws://127.0.0.1:${server.port}`).create('traffic_memory', { name: 'Ana', token, private: true, range: '1-12', players: 2 }));
  host.send('add_bot', { level: 'easy' });
  await eventually(() => host.state.players.size === 2, 30_000, 'bot seated');
  host.send('start', {});
  await eventually(() => host.state.phase === 'playing', 30_000, 'start');
  const gameId = host.roomId;
  // Its session is stored when it starts: the game is running (its table is open).
  const running = await eventually(async () => {
    const r = await get(server, `/games/${gameId}`, token);
    return r.status === 409 ? r : undefined;
  }, 30_000, 'session stored');
  expect(running.json).toMatchObject({ code: 'game_running', status: 'running' });
  host.connection.close();
  return { gameId, token, identityId: guest.identity.id as string };
}

describe('a process killed mid-game', () => {
  it('restarted on the same data, the table reopens from its journal and the game is still running', async () => {
    const first = await start();
    const { gameId, token } = await startGame(first);
    await first.stop('SIGKILL');

    const second = await start();
    // The same room id is open again: a spectator joins it by id.
    const watcher = await eventually(async () => {
      try {
        return await new Client(`ws://127.0.0.1:${second.port}`).joinById<Json>(gameId, { spectator: true });
      } catch {
        return undefined;
      }
    }, 120_000, 'the reopened table');
    await ready(watcher);
    await eventually(() => watcher.state.phase === 'playing' || watcher.state.phase === 'finished', 30_000, 'its state');
    // The sweep's first pass ran after the resume, and asking settles the game once more: running
    // (409) while the table is open, or finished if the bot and the away seat ended it meanwhile.
    const answer = await get(second, `/games/${gameId}`, token);
    if (answer.status === 409) expect(answer.json).toMatchObject({ code: 'game_running', status: 'running' });
    else expect(answer.json).toMatchObject({ id: gameId, status: 'finished' });
    watcher.connection.close();
    expect(await second.stop()).toBe(0);
  }, 300_000);

  it('a journal that does not replay is ended as abandoned, never running, and the profile says so', async () => {
    const first = await start();
    const { gameId, token, identityId } = await startGame(first);
    await first.stop('SIGKILL');

    // While no process runs: a chunk no engine replays (an action that does not exist) after the stored ones.
    const store = await openStore({ dataDir: path.join(dataDir, 'pglite'), databaseUrl: '' });
    try {
      const claim = await store.claimGameSession(gameId, 'test-corrupter');
      expect(claim).not.toBeNull();
      await store.appendGameLog(gameId, claim!.chunks, [{ k: 'a', s: 0, a: { type: 'teleport' }, t: 10 }]);
    } finally {
      await store.close();
    }

    const second = await start();
    const answer = await eventually(async () => {
      const r = await get(second, `/games/${gameId}`, token);
      expect([200, 409]).toContain(r.status); // 409 only until the resume has tried the journal
      return r.status === 200 ? r.json : undefined;
    }, 60_000, 'game settled');
    expect(answer).toMatchObject({ id: gameId, status: 'abandoned', game: 'traffic_memory', summary: { key: 'players:abandoned_summary' } });
    expect(answer.players.map((p: Json) => [p.seat, p.bot])).toEqual([[0, false], [1, true]]);
    await expect(new Client(`ws://127.0.0.1:${second.port}`).joinById(gameId, { spectator: true })).rejects.toThrow();

    const profile = await get(second, `/players/${identityId}`, token);
    expect(profile.status).toBe(200);
    expect(profile.json.games).toEqual([expect.objectContaining({ id: gameId, status: 'abandoned', place: 0 })]);
    expect(profile.json.gamesPlayed).toBe(0);
    expect(await second.stop()).toBe(0);
  }, 300_000);
});
