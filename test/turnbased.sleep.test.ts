/**
 * Turn-based Traffic Tango (issue 25) on a real process over real sockets, with a move clock of
 * seconds (test-only TURN_CLOCK_MS): three guest identities and a bot; with nobody connected the
 * table leaves memory (the process' room count drops, the store says it sleeps with its next
 * deadline), comes back with the same id and state when a player wakes it and joins by id, and
 * when its deadline passes while it sleeps the poller wakes it, the clock's default applies (each
 * human's clock counted as run out) and it goes back to sleep.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Room } from 'colyseus.js';
import { bootServer, eventually, ready, tableOf, type TestServer } from './support/server.js';

const GAME = 'traffic_tango';
const CLOCK_MS = 45_000;

interface Synced { code: string; phase: string; deadline: number; active: number[]; players: Map<string, { seat: number; bot: boolean; connected: boolean }> }
interface Guest { token: string; identity: { id: string; display: string } }

let server: TestServer;
beforeAll(async () => {
  server = await bootServer({ TURN_CLOCK_MS: CLOCK_MS, TURN_SLEEP_AFTER_MS: 300, WAKE_POLL_MS: 200, RECONNECT_SECONDS: 5, ABSENT_GRACE_MS: 500 });
});
afterAll(async () => { await server?.stop(); });

async function guest(): Promise<Guest> {
  const res = await fetch(`${server.http}/api/identity`, { method: 'POST' });
  expect(res.status).toBe(201);
  return await res.json() as Guest;
}

async function roomCount(): Promise<number> {
  return ((await (await fetch(`${server.http}/health`)).json()) as { rooms: number }).rooms;
}

async function wakeAndJoin(id: string, who: Guest): Promise<Room<Synced>> {
  return eventually(async () => {
    const res = await fetch(`${server.http}/api/games/${id}/wake`, { method: 'POST', headers: { authorization: `Bearer ${who.token}` } });
    if (res.status !== 200) return undefined;
    try {
      return await ready(await server.client().joinById<Synced>(id, { token: who.token }));
    } catch {
      return undefined; // it was on its way to sleep again: wake it again
    }
  }, 60_000, 'woken and joined');
}

const view = (room: Room<Synced>) => JSON.stringify(tableOf<unknown>(room));

describe('a turn-based table sleeps in the store and wakes with the same id and state', () => {
  it('sleeps with nobody connected, wakes on open, and its deadline applies while it sleeps', async () => {
    const [ana, ben, cleo] = await Promise.all([guest(), guest(), guest()]);
    const host = await ready(await server.client().create<Synced>(GAME, { private: true, pace: 'turn', moveClock: '24h', token: ana.token }));
    const others = await Promise.all([ben, cleo].map(async (g) => ready(await server.client().joinById<Synced>(host.roomId, { token: g.token }))));
    host.send('add_bot', { level: 'easy' });
    await eventually(() => host.state.players.size === 4, 30_000, 'four seated');
    host.send('start', {});
    await eventually(() => host.state.phase === 'playing' && host.state.deadline > 0, 30_000, 'playing');
    const id = host.roomId;
    const rooms = await roomCount();
    expect(rooms).toBeGreaterThanOrEqual(1);

    // The bot moves at once; then everybody goes (closing the tab: not a resignation) and the table sleeps.
    const botSeat = [...host.state.players.values()].find((p) => p.bot)!.seat;
    await eventually(() => !host.state.active.includes(botSeat), 30_000, 'the bot moved');
    const before = view(host);
    const logBefore = (await server.junction.store.readGameLog(id)).length;
    await Promise.all([host, ...others].map((r) => r.leave(false)));
    const asleep = await eventually(async () => {
      const s = await server.junction.store.getGameSession(id);
      return s?.sleeping ? s : undefined;
    }, 60_000, 'asleep in the store');
    await eventually(async () => (await roomCount()) === rooms - 1, 30_000, 'room count drops');
    expect(asleep.options).toMatchObject({ pace: 'turn', moveClock: '24h', phaseMs: CLOCK_MS });
    const deadline = asleep.turn?.deadline;
    expect(deadline).toBeGreaterThan(0);

    // Ben opens it: the same table (id and state) on this process.
    const back = await wakeAndJoin(id, ben);
    expect(back.roomId).toBe(id);
    const log = await server.junction.store.readGameLog(id);
    const passed = log.slice(logBefore).some((e) => e.k === 'x');
    // Unless its deadline passed meanwhile (then an `advance` is in the journal), nothing changed.
    if (!passed) expect(view(back)).toBe(before);
    expect([...back.state.players.values()].filter((p) => !p.bot)).toHaveLength(3);

    // Gone again: asleep again, and this time its deadline passes while it sleeps.
    await back.leave(false);
    await eventually(async () => (await server.junction.store.getGameSession(id))?.sleeping === true && (await roomCount()) === rooms - 1, 60_000, 'asleep again');
    const next = await eventually(async () => {
      const s = await server.junction.store.getGameSession(id);
      return s?.sleeping && (s.turn?.deadline ?? 0) > deadline! ? s : undefined;
    }, CLOCK_MS * 3 + 60_000, 'woken by its deadline, moved on, asleep again');
    const entries = await server.junction.store.readGameLog(id);
    expect(entries.some((e) => e.k === 'x' && next.startedAt + e.t >= deadline!)).toBe(true);
    // Each human's clock ran out once (the bot had moved).
    const humans = next.seats.filter((s) => !s.bot).map((s) => s.seat);
    expect(humans.map((seat) => next.turn!.timeouts[seat])).toEqual([1, 1, 1]);
    await eventually(async () => (await roomCount()) === rooms - 1, 30_000, 'closed after the deadline');
  }, 300_000);

  it('keeps a private table\'s code across sleep and wake: the same code opens the woken table', async () => {
    const [ana, ben] = await Promise.all([guest(), guest()]);
    const host = await ready(await server.client().create<Synced>(GAME, { private: true, pace: 'turn', moveClock: '3d', token: ana.token }));
    const other = await ready(await server.client().joinById<Synced>(host.roomId, { token: ben.token }));
    await eventually(() => host.state.players.size === 2 && host.state.code !== '', 30_000, 'two seated, a code');
    host.send('start', {});
    await eventually(() => host.state.phase === 'playing', 30_000, 'playing');
    const { code } = host.state;
    const id = host.roomId;
    const rooms = await roomCount();
    await Promise.all([host, other].map((r) => r.leave(false)));
    await eventually(async () => (await server.junction.store.getGameSession(id))?.sleeping === true && (await roomCount()) === rooms - 1, 60_000, 'asleep');
    // A new table meanwhile gets another code.
    const fresh = await ready(await server.client().create<Synced>('rush_hour', { private: true, token: (await guest()).token }));
    await eventually(() => fresh.state.code !== '', 30_000, 'a code');
    expect(fresh.state.code).not.toBe(code);
    await fresh.leave(true);

    const looked = await fetch(`${server.http}/api/rooms/code/${code.toLowerCase()}`);
    expect(looked.status).toBe(200);
    expect(await looked.json()).toMatchObject({ roomId: id, game: GAME, phase: 'playing' });
    const back = await ready(await server.client().joinById<Synced>(id, { token: ben.token }));
    expect(back.state.code).toBe(code);
    expect([...back.state.players.values()].filter((p) => !p.bot)).toHaveLength(2);
    // Awake, the same code still answers with the same table.
    expect(await (await fetch(`${server.http}/api/rooms/code/${code}`)).json()).toMatchObject({ roomId: id });
    await back.leave(false);
  }, 180_000);

  it('refuses turn-based for a race and with an unknown clock, and only seated players wake a table', async () => {
    const refused = async (game: string, options: Record<string, unknown>) => {
      try {
        const room = await server.client().create(game, options);
        await room.leave(true);
        return 'created';
      } catch (error) {
        return (error as Error).message.split('?')[0];
      }
    };
    expect(await refused('railway_madness', { private: true, pace: 'turn' })).toBe('turn_based_not_offered');
    expect(await refused('rush_hour', { private: true, pace: 'turn', moveClock: '2h' })).toBe('bad_pace');
    expect(await refused('car_exchange', { private: true, pace: 'turn', talking: true })).toBe('turn_based_no_talking');
    const stranger = await guest();
    const res = await fetch(`${server.http}/api/games/nope/wake`, { method: 'POST', headers: { authorization: `Bearer ${stranger.token}` } });
    expect(res.status).toBe(404);
    expect((await fetch(`${server.http}/api/games/nope/wake`, { method: 'POST' })).status).toBe(401);
  }, 120_000);
});
