/**
 * Graceful shutdown of one process: on SIGTERM it refuses new tables at once, lets a running game
 * go on for the grace period (its result is stored if it ends), and exits within the bound.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLOSE_TABLE_MOVED } from '../shared/protocol/messages.js';
import { Client } from 'colyseus.js';
import { startServerOnFreePort, type ServerProcess } from '../loadtest/serverProcess.js';
import { eventually, ready } from './support/server.js';

const started: ServerProcess[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'junction-shutdown-'));
afterAll(async () => {
  await Promise.all(started.map((s) => s.stop('SIGKILL')));
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerOnFreePort(env);
  started.push(server);
  return server;
}

describe('SIGTERM', () => {
  it('stops taking tables, keeps finished results, and exits within the grace bound', async () => {
    const pglite = join(dataDir, 'pglite');
    const server = await start({ SHUTDOWN_GRACE_MS: '1500', JUNCTION_DATA_DIR: pglite, ABSENT_GRACE_MS: '0' });
    const endpoint = `ws://127.0.0.1:${server.port}`;
    // A short game played by bots to its end before the signal: its result must survive.
    // A private table's result is shown to its players only: play it as a guest and read it with that token.
    // With an identity, the seat stays its player's while away (a bot plays it); a Leave would close a table of bots.
    const guest = await (await fetch(`http://127.0.0.1:${server.port}/api/identity`, { method: 'POST' })).json() as { token: string };
    const asGuest = { headers: { authorization: `Bearer ${guest.token}` } };
    const done = await ready(await new Client(endpoint).create('railway_madness', { private: true, variant: 'express', players: 2, token: guest.token }));
    done.send('add_bot', { level: 'hard' });
    await eventually(() => done.state.players.size === 2, 30_000, 'bot');
    done.send('start', {});
    await eventually(() => done.state.phase === 'playing', 30_000, 'start');
    await done.leave(false);
    await eventually(async () => (await fetch(`http://127.0.0.1:${server.port}/api/results/${done.roomId}`, asGuest)).ok, 120_000, 'stored');

    const player = await (await fetch(`http://127.0.0.1:${server.port}/api/identity`, { method: 'POST' })).json() as { token: string };
    const running = await ready(await new Client(endpoint).create('railway_madness', { private: true, variant: 'classic', players: 2, token: player.token }));
    running.send('add_bot', { level: 'easy' });
    await eventually(() => running.state.players.size === 2, 30_000, 'bot');
    running.send('start', {});
    await eventually(() => running.state.phase === 'playing', 30_000, 'start');
    const mySeat = running.state.players.get(running.sessionId).seat as number;
    const notices: string[] = [];
    running.onMessage('notice', (m: { key: string }) => notices.push(m.key));
    let closedWith: number | undefined;
    running.onLeave((code) => { closedWith = code; });

    server.child.kill('SIGTERM');
    await eventually(() => notices.length > 0, 30_000, 'restart notice');
    expect(notices[0]).toBe('server:notice.restarting');
    await expect(new Client(endpoint).create('railway_madness', { players: 2 })).rejects.toThrow();
    const code = await server.stop();
    expect(code).toBe(0);
    // The process left at the end of its short grace, not at the end of the game: the classic
    // game (minutes long) was still running when its table closed.
    expect(running.state.phase).toBe('playing');

    // Sent on as from a table that moves (4011), not closed as a Leave: the player keeps the seat.
    expect(closedWith).toBe(CLOSE_TABLE_MOVED);

    // The same data directory, reopened by a new process, still holds the finished game.
    const again = await start({ JUNCTION_DATA_DIR: pglite });
    const res = await fetch(`http://127.0.0.1:${again.port}/api/results/${done.roomId}`, asGuest);
    expect(res.status).toBe(200);
    // And the game cut by the signal is open again, its player's seat theirs (not resigned to a bot).
    const back = await eventually(async () => {
      try {
        return await ready(await new Client(`ws://127.0.0.1:${again.port}`).joinById(running.roomId, { token: player.token }));
      } catch {
        return undefined;
      }
    }, 60_000, 'the cut game reopened');
    await eventually(() => back.state.players.get(back.sessionId)?.connected === true, 30_000, 'the seat retaken');
    expect(back.state.players.get(back.sessionId)).toMatchObject({ seat: mySeat, bot: false });
    expect(back.state.phase).toBe('playing');
    back.connection.close();
    expect(await again.stop()).toBe(0);
  }, 300_000);

  it('a game that ends during the grace period closes its table at once (watchers still connected) and the process exits 0', async () => {
    const graceMs = 150_000;
    const server = await start({ SHUTDOWN_GRACE_MS: String(graceMs), JUNCTION_DATA_DIR: 'memory://', ABSENT_GRACE_MS: '0', FINISHED_LINGER_MS: '600000' });
    const endpoint = `ws://127.0.0.1:${server.port}`;
    const { token } = (await (await fetch(`http://127.0.0.1:${server.port}/api/identity`, { method: 'POST' })).json()) as { token: string };
    const host = await ready(await new Client(endpoint).create('railway_madness', { private: true, variant: 'express', players: 2, token }));
    host.send('add_bot', { level: 'hard' });
    await eventually(() => host.state.players.size === 2, 30_000, 'bot');
    const watcher = await ready(await new Client(endpoint).joinById(host.roomId, { spectator: true }));
    host.send('start', {});
    await eventually(() => host.state.phase === 'playing', 30_000, 'start');
    let closeCode: number | null = null;
    watcher.onLeave((code) => { closeCode = code; });
    const sawFinish = new Promise<void>((resolve) => watcher.onStateChange(() => { if (watcher.state.phase === 'finished') resolve(); }));
    await host.leave(false); // away with an identity: a bot plays the seat at once

    server.child.kill('SIGTERM');
    await sawFinish;
    // Neither the 10-minute linger nor the rest of the grace period may be waited out: stop() kills
    // a process still running 30 s after it is called (exit code null), far inside the 150 s grace.
    const code = await server.stop();
    expect(code).toBe(0);
    await eventually(() => closeCode !== null, 30_000, 'watcher told');
    expect(closeCode).not.toBe(1006);
  }, 300_000);
});
