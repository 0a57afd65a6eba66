/**
 * A table of the public turn-based queue outlives its process (issue 25), with real server
 * processes on one embedded store: Ana sits down at a Rush Hour queue table, the process is killed
 * (kill -9) and the next one reopens the table with the same id and her seat; Ben's quick play finds
 * that table; SIGTERM, and the next process reopens it with both seats; Cleo's quick play fills it
 * and the game starts. Then kill -9 and SIGTERM while it is played: each time the players come back
 * by id to their own seats (never resigned) and make their moves. Your games lists the table
 * throughout, filling (seats taken, when it starts) and then with "your turn".
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, type Room } from 'colyseus.js';
import { startServerOnFreePort, type ServerProcess } from '../loadtest/serverProcess.js';
import { eventually, ready, secretOf } from './support/server.js';
import type { RushHourSeatView } from '../shared/games/rush_hour/views.js';

const started: ServerProcess[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'junction-queue-restart-'));
const pglite = join(dataDir, 'pglite');
afterAll(async () => {
  await Promise.all(started.map((s) => s.stop('SIGKILL')));
  rmSync(dataDir, { recursive: true, force: true });
});

/** Nobody's clock runs out and no table sleeps during the test: what moves is what the players do. */
async function start(): Promise<ServerProcess> {
  const server = await startServerOnFreePort({ JUNCTION_DATA_DIR: pglite, SHUTDOWN_GRACE_MS: '500', RECONNECT_SECONDS: '1', TURN_SLEEP_AFTER_MS: '600000' });
  started.push(server);
  return server;
}

interface Synced { phase: string; active: number[]; players: Map<string, { seat: number; bot: boolean; connected: boolean; name: string }> }
interface Guest { token: string; identity: { id: string } }
interface Line { id: string; seat: number | null; turnBased: boolean; yourTurn: boolean; deadline: number | null; filling?: { taken: number; seats: number } }

const http = (s: ServerProcess) => `http://127.0.0.1:${s.port}`;
const client = (s: ServerProcess) => new Client(`ws://127.0.0.1:${s.port}`);
const queue = (s: ServerProcess, who: Guest) => client(s).joinOrCreate<Synced>('rush_hour', { pace: 'turn', moveClock: '12h', players: 3, token: who.token });
const humans = (room: Room<Synced>) => [...room.state.players.values()].filter((p) => !p.bot);

async function yourGames(s: ServerProcess, who: Guest): Promise<Line[]> {
  const res = await fetch(`${http(s)}/api/players/me/games`, { headers: { authorization: `Bearer ${who.token}` } });
  return res.status === 200 ? ((await res.json()) as { running: Line[] }).running : [];
}

/** Waits until Your games shows this table as `check` wants it (the store and the reopened room both answer). */
function listed(s: ServerProcess, who: Guest, id: string, check: (line: Line) => boolean, what: string): Promise<Line> {
  return eventually(async () => (await yourGames(s, who)).find((l) => l.id === id && check(l)), 120_000, what);
}

/** Back to one's seat by the table's id (waking it first, as the client does), once the new process has reopened it. */
async function comeBack(s: ServerProcess, who: Guest, id: string): Promise<Room<Synced>> {
  const room = await eventually(async () => {
    const res = await fetch(`${http(s)}/api/games/${id}/wake`, { method: 'POST', headers: { authorization: `Bearer ${who.token}` } });
    if (res.status !== 200) return undefined;
    try {
      return await client(s).joinById<Synced>(id, { token: who.token });
    } catch {
      return undefined;
    }
  }, 120_000, 'back at the reopened table');
  await ready(room);
  await eventually(() => room.state.players.get(room.sessionId)?.connected === true, 30_000, 'the seat retaken');
  return room;
}

/** Picks a card while the pick is open to this seat; resolves once the table took it (the last pick plays the turn at once). */
async function pick(room: Room<Synced>): Promise<void> {
  const mine = await eventually(() => { const v = secretOf<RushHourSeatView>(room); return v && v.hand.length > 0 && room.state.active.includes(v.seat) ? v : undefined; }, 60_000, 'my pick');
  const card = mine.hand[0]!.id;
  room.send('action', { id: 1, a: { type: 'pick', card } });
  await eventually(() => { const v = secretOf<RushHourSeatView>(room); return v && (v.pick?.id === card || !v.hand.some((c) => c.id === card)); }, 60_000, 'the pick taken');
}

describe('the turn-based queue across restarts', () => {
  it('keeps a filling table and its seats through kill -9 and SIGTERM, before and after it fills', async () => {
    let server = await start();
    const guest = async () => (await (await fetch(`${http(server)}/api/identity`, { method: 'POST' })).json()) as Guest;
    const [ana, ben, cleo] = [await guest(), await guest(), await guest()];

    // Ana sits down at a new queue table; Your games shows it once the store holds her seat.
    const first = await ready(await queue(server, ana));
    const id = first.roomId;
    const opened = await listed(server, ana, id, (l) => l.filling?.taken === 1, 'Ana\'s filling table in Your games');
    expect(opened).toMatchObject({ turnBased: true, yourTurn: false, filling: { taken: 1, seats: 3 } });
    // Bots take the free seats a day after it opened (QUICKPLAY_TURN_FILL_MS).
    expect(opened.deadline! - Date.now()).toBeGreaterThan(23 * 3_600_000);
    const anaSeat = opened.seat;

    // kill -9 while it fills: the next process reopens it with her seat, and the queue finds it.
    await server.stop('SIGKILL');
    server = await start();
    const again = await listed(server, ana, id, (l) => l.filling?.taken === 1, 'the reopened table in Your games');
    expect(again.deadline).toBe(opened.deadline);
    const ben2 = await ready(await queue(server, ben));
    expect(ben2.roomId).toBe(id);
    await eventually(() => humans(ben2).length === 2, 30_000, 'Ana still seated beside Ben');
    expect(humans(ben2).find((p) => p.seat === anaSeat)).toMatchObject({ connected: false });
    // Ana's seat is hers: she takes it back by id.
    const ana2 = await comeBack(server, ana, id);
    expect(ana2.state.players.get(ana2.sessionId)?.seat).toBe(anaSeat);
    await listed(server, ben, id, (l) => l.filling?.taken === 2, 'two seats taken, in the store');

    // SIGTERM while it fills: the seats stay (nobody is counted as leaving), and the next process has them.
    expect(await server.stop('SIGTERM')).toBe(0);
    server = await start();
    await listed(server, ana, id, (l) => l.filling?.taken === 2, 'Ana: still two seats taken');
    await listed(server, ben, id, (l) => l.filling?.taken === 2, 'Ben: still two seats taken');
    const cleo3 = await ready(await queue(server, cleo));
    expect(cleo3.roomId).toBe(id);
    await eventually(() => cleo3.state.phase === 'playing', 60_000, 'started when its last seat was taken');
    expect(humans(cleo3)).toHaveLength(3);
    // Rush Hour's picks are made at once: it is everybody's turn, Ana's included.
    const playing = await listed(server, ana, id, (l) => l.filling === undefined && l.yourTurn, 'Ana\'s turn in Your games');
    expect(playing).toMatchObject({ turnBased: true, seat: anaSeat });
    expect(playing.deadline).toBeGreaterThan(Date.now());
    await pick(cleo3);

    // kill -9 after it filled: the game goes on from its journal, Ana back in her seat, and she plays.
    await server.stop('SIGKILL');
    server = await start();
    const ana4 = await comeBack(server, ana, id);
    expect(ana4.state.phase).toBe('playing');
    expect(ana4.state.players.get(ana4.sessionId)).toMatchObject({ seat: anaSeat, bot: false });
    expect(humans(ana4)).toHaveLength(3);
    await pick(ana4);

    // SIGTERM after it filled, Ana still connected: she is not resigned; Ben comes back and plays.
    expect(await server.stop('SIGTERM')).toBe(0);
    server = await start();
    const ben5 = await comeBack(server, ben, id);
    expect(humans(ben5)).toHaveLength(3);
    await pick(ben5);
    await listed(server, ana, id, (l) => l.seat === anaSeat, 'Ana still seated, after both restarts');
    for (const room of [ben5]) room.connection.close();
  }, 600_000);
});
