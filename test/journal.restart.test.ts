/**
 * One process on the embedded store (issue 24, stage 2), real child processes on one temp data
 * folder: a private Took Over! table mid-game (two players with guest tokens, no bot), kill -9,
 * a new process on the same folder reopens it from the journal with the same id and code and the
 * state both players saw last, their seats away and still linked to their identities; the players
 * come back by id with their guest tokens (the seats path) and find their own seats and cards; killed
 * again, reopened again (a second takeover), bots play the away seats, and the stored journal
 * rebuilds to the table the last watcher saw.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, type Room } from 'colyseus.js';
import { startServerOnFreePort, type ServerProcess } from '../loadtest/serverProcess.js';
import { eventually, ready, secretOf, tableOf } from './support/server.js';
import { openStore } from '../server/store/index.js';
import { rebuild } from '../shared/replay/rebuild.js';
import { findGame } from '../shared/games/registry.js';
import type { TookOverPublicView, TookOverSeatView } from '../shared/games/took_over/views.js';

const started: ServerProcess[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'junction-journal-restart-'));
const pglite = join(dataDir, 'pglite');
afterAll(async () => {
  await Promise.all(started.map((s) => s.stop('SIGKILL')));
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerOnFreePort({ JUNCTION_DATA_DIR: pglite, ...env });
  started.push(server);
  return server;
}

type Synced = { phase: string; code: string; players: Map<string, { seat: number; name: string; connected: boolean; bot: boolean }> };

/**
 * The table as one client sees it, without what the clock moves on (`active`, `latest`, `gap`,
 * the timers): the cards. The clocks themselves are test/journal.clock.test.ts's.
 */
function shown(room: Room<Synced>): string {
  return cards(tableOf<TookOverPublicView>(room));
}

function cards(view: TookOverPublicView): string {
  return JSON.stringify({ line: view.line.map((c) => c.id), players: view.players.map((p) => [p.hand, p.stack]), discarded: view.discarded, setAside: view.setAside, phase: view.phase });
}

/** Joins the reopened table as a spectator (it may take the new process a moment to reopen it). */
async function watch(server: ServerProcess, roomId: string): Promise<Room<Synced>> {
  const client = new Client(`ws://127.0.0.1:${server.port}`);
  const room = await eventually(async () => {
    try {
      return await client.joinById<Synced>(roomId, { spectator: true });
    } catch {
      return undefined;
    }
  }, 120_000, 'the reopened table');
  await ready(room);
  await eventually(() => room.state.phase === 'playing' && (room.state as { table?: unknown }).table !== undefined, 30_000, 'its state');
  return room;
}

describe('embedded restart', () => {
  it('kill -9 mid-game: the table reopens from its journal with the same id, code, cards and linked seats, and goes on', async () => {
    const first = await start({ ABSENT_GRACE_MS: '600000' });
    const http = `http://127.0.0.1:${first.port}`;
    const guest = async () => await (await fetch(`${http}/api/identity`, { method: 'POST' })).json() as { identity: { id: string; name: string; tag: string }; token: string };
    const [ana, bo] = [await guest(), await guest()];
    // Two humans and no bot: nothing moves at the table unless they do (idle clock: 2 minutes).
    const a = await ready(await new Client(`ws://127.0.0.1:${first.port}`).create<Synced>('took_over', { name: 'Ana', private: true, players: 2, paceMs: 500, idleMs: 120_000, token: ana.token }));
    const b = await ready(await new Client(`ws://127.0.0.1:${first.port}`).joinById<Synced>(a.roomId, { name: 'Bo', token: bo.token }));
    const code = a.state.code;
    expect(code).not.toBe('');
    a.send('start', {});
    await eventually(() => a.state.phase === 'playing' && !!secretOf(a) && !!secretOf(b), 30_000, 'the game to start');
    let id = 1;
    for (let moves = 0; moves < 4; moves++) {
      const { room, action } = await eventually(() => {
        const view = tableOf<TookOverPublicView>(a);
        if (view.phase !== 'play' || Date.now() < view.paceUntil + 50) return undefined;
        const room = [a, b].find((r) => secretOf<TookOverSeatView>(r)!.seat === view.active)!;
        const mine = secretOf<TookOverSeatView>(room)!;
        return { room, action: mine.canPlace.length > 0 ? { type: 'place', card: mine.canPlace[0] } : { type: 'pass' } };
      }, 60_000, 'a turn');
      const before = JSON.stringify(tableOf(a));
      room.send('action', { id: id++, a: action });
      await eventually(() => JSON.stringify(tableOf(a)) !== before, 30_000, 'the move');
    }
    // Both players see the same table, and nothing is in flight: that is what they saw last.
    // Killed only once the table is at rest (a turn waiting for a player, its pace over): a pace
    // deadline still pending would pass during the downtime and move the reopened table on.
    await eventually(() => {
      const view = tableOf<TookOverPublicView>(a);
      return view.phase === 'play' && Date.now() > view.paceUntil + 50 && JSON.stringify(shown(a)) === JSON.stringify(shown(b));
    }, 30_000, 'both clients in step, the table at rest');
    const handsBefore = [a, b].map((r) => { const mine = secretOf<TookOverSeatView>(r)!; return { seat: mine.seat, hand: mine.hand.map((c) => c.id) }; });
    a.connection.close();
    b.connection.close();
    first.child.kill('SIGKILL');
    await first.stop('SIGKILL');
    const seenLast = shown(a);
    expect(shown(b)).toEqual(seenLast);

    const second = await start({ ABSENT_GRACE_MS: '600000' });
    const watcher = await watch(second, a.roomId);
    expect(shown(watcher)).toEqual(seenLast);
    const seats = [...watcher.state.players.values()].sort((x, y) => x.seat - y.seat);
    expect(seats.map((p) => ({ seat: p.seat, connected: p.connected, bot: p.bot, name: p.name }))).toEqual([
      { seat: 0, connected: false, bot: false, name: `${ana.identity.name}#${ana.identity.tag}` },
      { seat: 1, connected: false, bot: false, name: `${bo.identity.name}#${bo.identity.tag}` },
    ]);
    const byCode = await (await fetch(`http://127.0.0.1:${second.port}/api/rooms/code/${code}`)).json() as { roomId: string };
    expect(byCode.roomId).toBe(a.roomId);

    // The players come back by the table's id with their tokens: each retakes their own seat, same cards.
    const back = [];
    for (const [i, who] of [ana, bo].entries()) {
      const room = await ready(await new Client(`ws://127.0.0.1:${second.port}`).joinById<Synced>(a.roomId, { token: who.token }));
      await eventually(() => secretOf<TookOverSeatView>(room) !== undefined && room.state.players.get(room.sessionId)?.connected === true, 30_000, 'the seat retaken');
      const mine = secretOf<TookOverSeatView>(room)!;
      expect({ seat: mine.seat, hand: mine.hand.map((c) => c.id) }).toEqual(handsBefore[i]);
      expect(room.state.players.get(room.sessionId)).toMatchObject({ seat: handsBefore[i].seat, bot: false, name: `${who.identity.name}#${who.identity.tag}` });
      expect(shown(room)).toEqual(seenLast);
      back.push(room);
    }
    await eventually(() => [...watcher.state.players.values()].every((p) => p.connected), 30_000, 'both seats present again');
    expect(watcher.state.players.size).toBe(2);
    for (const room of back) room.connection.close();
    watcher.connection.close();
    await second.stop('SIGKILL');

    // Again, now with bots taking away seats at once: the table goes on under the third token.
    const third = await start({ ABSENT_GRACE_MS: '0' });
    const end = await watch(third, a.roomId);
    const lineAtReopen = tableOf<TookOverPublicView>(end).line.length;
    await eventually(() => tableOf<TookOverPublicView>(end).line.length > lineAtReopen + 1 || tableOf<TookOverPublicView>(end).phase === 'over', 180_000, 'bots to play the away seats');
    third.child.kill('SIGKILL');
    await third.stop('SIGKILL');
    const seenAtEnd = shown(end);

    // The stored journal, across the two takeovers, rebuilds to what the last watcher saw.
    const store = await openStore({ dataDir: pglite, databaseUrl: '' });
    try {
      const session = (await store.getGameSession(a.roomId))!;
      const log = await store.readGameLog(a.roomId);
      const game = findGame('took_over')!;
      const steps: unknown[] = [];
      rebuild(game, { options: session.options, seats: session.options.players, seed: session.seed, startedAt: session.startedAt }, log, (step) => {
        steps.push(cards(game.publicView(step.state, step.now) as TookOverPublicView));
      });
      // What the watcher saw is the journal's end, or a step before it: the kill may land after a
      // commit and before its patch left (durable first, shown second: never the other way).
      expect(steps.slice(-3)).toContain(seenAtEnd);
      expect(session.seats.map((s) => s.identityId)).toEqual([ana.identity.id, bo.identity.id]);
    } finally {
      await store.close();
    }
  }, 600_000);
});
