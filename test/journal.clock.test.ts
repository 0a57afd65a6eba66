/**
 * A reopened table restores its clocks (issue 24: "time left, not reset") and its resignations.
 * One process on the embedded store, real child processes on one temp data folder: a private Took
 * Over! table whose first player resigned (a bot plays that seat), the other player's move clock
 * running; kill -9 well into that turn, and a new process started on the same folder only after
 * the old deadline has passed on the wall clock. The reopened table has not timed out: the same
 * deadline in the table's time, the same seat to move, and the time left within a bound of what
 * was left at the kill (the heartbeat every second, docs/architecture.md "Clocks: the time left is
 * kept"); the resigned seat is still a bot's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, type Room } from 'colyseus.js';
import { startServerOnFreePort, type ServerProcess } from '../loadtest/serverProcess.js';
import { eventually, ready, tableOf } from './support/server.js';
import { openStore } from '../server/store/index.js';
import type { TookOverPublicView } from '../shared/games/took_over/views.js';

const started: ServerProcess[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'junction-journal-clock-'));
const pglite = join(dataDir, 'pglite');
afterAll(async () => {
  await Promise.all(started.map((s) => s.stop('SIGKILL')));
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<ServerProcess> {
  // Away seats are never handed to a bot here: nothing but the clock moves the table.
  const server = await startServerOnFreePort({ JUNCTION_DATA_DIR: pglite, ABSENT_GRACE_MS: '600000' });
  started.push(server);
  return server;
}

type Synced = { phase: string; deadline: number; changedAt: number; players: Map<string, { seat: number; connected: boolean; bot: boolean }> };

const IDLE_MS = 40_000;
/** How far into the turn the process is killed: a clock reset would give this much back. */
const INTO_TURN_MS = 10_000;

/** The room's time, from the pong the room answers a ping with (what the client's clock sync reads). */
function roomTime(room: Room<Synced>): Promise<number> {
  return new Promise((resolve) => {
    room.onMessage('pong', (m: { s: number }) => resolve(m.s));
    room.send('ping', { c: Date.now() });
  });
}

describe('a reopened table keeps its clocks and resignations', () => {
  it('kill -9 during a running move clock, reopened after its deadline passed on the wall clock: the time left is what it was', async () => {
    const first = await start();
    const http = `http://127.0.0.1:${first.port}`;
    const guest = async () => await (await fetch(`${http}/api/identity`, { method: 'POST' })).json() as { identity: { id: string }; token: string };
    const [ana, bo] = [await guest(), await guest()];
    const a = await ready(await new Client(`ws://127.0.0.1:${first.port}`).create<Synced>('took_over', { name: 'Ana', private: true, players: 2, paceMs: 500, idleMs: IDLE_MS, token: ana.token }));
    const b = await ready(await new Client(`ws://127.0.0.1:${first.port}`).joinById<Synced>(a.roomId, { name: 'Bo', token: bo.token }));
    b.onMessage('pong', () => undefined);
    a.send('start', {});
    await eventually(() => b.state.phase === 'playing' && tableOf(b) !== undefined, 30_000, 'the game to start');
    const boSeat = b.state.players.get(b.sessionId)!.seat;
    const anaSeat = 1 - boSeat;

    // Ana resigns: a bot plays her seat from now on (and moves at once when it is its turn).
    a.send('resign', {});
    await eventually(() => [...b.state.players.values()].some((p) => p.seat === anaSeat && p.bot), 30_000, 'the resignation');

    // Bo's turn, its pace over: only Bo's move clock runs. Killed INTO_TURN_MS into it.
    const deadline = await eventually(() => {
      const view = tableOf<TookOverPublicView>(b);
      if (view.phase !== 'play' || view.active !== boSeat || Date.now() < view.paceUntil + 50 || b.state.deadline !== view.idleUntil) return undefined;
      return b.state.deadline;
    }, 60_000, "Bo's move clock running");
    const turnStart = deadline - IDLE_MS;
    await eventually(() => Date.now() >= turnStart + INTO_TURN_MS, 60_000, 'time into the turn');
    expect(b.state.deadline).toBe(deadline);
    first.child.kill('SIGKILL');
    const killedAt = Date.now();
    await first.stop('SIGKILL');
    a.connection.close();
    b.connection.close();
    // The first process never reopened anything: its table time is the wall clock.
    const leftAtKill = deadline - killedAt;
    expect(leftAtKill).toBeGreaterThan(0);

    // Nobody holds the table until its deadline has passed on the wall clock.
    await eventually(() => Date.now() > deadline + 2_000, IDLE_MS + 10_000, 'the deadline to pass on the wall clock');
    const second = await start();
    const client = new Client(`ws://127.0.0.1:${second.port}`);
    const watcher = await eventually(async () => {
      try {
        return await client.joinById<Synced>(a.roomId, { spectator: true });
      } catch {
        return undefined;
      }
    }, 120_000, 'the reopened table');
    await ready(watcher);
    await eventually(() => watcher.state.phase === 'playing' && tableOf(watcher) !== undefined, 30_000, 'its state');

    // Not timed out: the same deadline (the table's time), the same seat to move.
    const view = tableOf<TookOverPublicView>(watcher);
    expect(view.active).toBe(boSeat);
    expect(watcher.state.deadline).toBe(deadline);
    // The time left at the reopening (its last change) is what was left at the kill, give or take
    // the heartbeat (1 s) and a commit; a clock reset would give INTO_TURN_MS back.
    const leftAtReopen = watcher.state.deadline - watcher.state.changedAt;
    expect(leftAtReopen).toBeGreaterThan(leftAtKill - 2_000);
    expect(leftAtReopen).toBeLessThan(leftAtKill + 3_500);
    // The room's time (the clients' clock sync) agrees: the deadline is still ahead.
    const now = await roomTime(watcher);
    expect(deadline - now).toBeGreaterThan(0);
    expect(deadline - now).toBeLessThan(leftAtKill + 3_500);

    // The resignation survived: Ana's seat is still a bot's, Bo's is his, away.
    const seats = [...watcher.state.players.values()].sort((x, y) => x.seat - y.seat).map((p) => ({ seat: p.seat, bot: p.bot }));
    expect(seats).toEqual([anaSeat, boSeat].sort().map((seat) => ({ seat, bot: seat === anaSeat })));
    watcher.connection.close();
    await second.stop('SIGKILL');

    // The journal says so too (what the next reopening reads).
    const store = await openStore({ dataDir: pglite, databaseUrl: '' });
    try {
      const log = await store.readGameLog(a.roomId);
      expect(log.filter((e) => e.k === 'r').map((e) => (e as { s: number }).s)).toEqual([anaSeat]);
      expect(log.some((e) => e.k === 'h')).toBe(true);
      expect(log.filter((e) => e.k === 'o').length).toBe(1);
    } finally {
      await store.close();
    }
  }, 600_000);
});
