/**
 * A seat belongs to its player for the life of the game (issue 23; docs/protocol.md "Retaking a
 * seat"), over real sockets: a second connection of the same identity takes the seat over (the
 * first is told and closed with 4010), a player away past the reconnection window retakes the
 * seat by joining the table by id with the token and the bot stops, a resignation is a loss in a
 * rated game, a spectator burst never locks out a seat join (issue 28 item 6), and a table whose
 * last human gave up closes (item 7) while an identity merely away keeps it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchMaker } from '@colyseus/core';
import type { Room } from 'colyseus.js';
import { games } from '../../shared/games/registry.js';
import type { Seating } from '../../server/rooms/seating.js';
import { CLOSE_SEAT_TAKEN_OVER } from '../../shared/protocol/messages.js';
import { JOIN_SLACK } from '../../server/rooms/joinBudget.js';
import { bootServer, collect, eventually, ready, secretOf, type TestServer } from '../support/server.js';
import { playWithViewBot, type SyncedSeats } from '../support/viewBotTable.js';

const GAME = 'traffic_memory';
const QUICK = { range: '1-12' };
const GRACE_MS = 200;

interface Synced extends SyncedSeats {
  phase: string;
  players: Map<string, { seat: number; bot: boolean; name: string; connected: boolean; secret?: unknown }>;
}
interface Guest { token: string; identity: { id: string; display: string } }

let server: TestServer;
beforeAll(async () => { server = await bootServer({ RECONNECT_SECONDS: 1, ABSENT_GRACE_MS: GRACE_MS, SPECTATORS_MAX: 5, FINISHED_LINGER_MS: 30_000 }); });
afterAll(async () => { await server.stop(); });

async function guest(): Promise<Guest> {
  const res = await fetch(`${server.http}/api/identity`, { method: 'POST' });
  expect(res.status).toBe(201);
  return await res.json() as Guest;
}

const seating = (roomId: string): Seating => (matchMaker.getLocalRoomById(roomId) as unknown as { seating: Seating }).seating;
const me = (room: Room<Synced>) => room.state.players.get(room.sessionId);
const open = (roomId: string) => matchMaker.getLocalRoomById(roomId) !== undefined;

/** A private table of `players` seats: the host (with `token` if given), bots in the other seats, started. */
async function startedTable(host: { token?: string; name: string }, players = 2, extra: Record<string, unknown> = {}): Promise<Room<Synced>> {
  const room = await ready(await server.client().create<Synced>(GAME, { ...host, private: true, players, ...QUICK, ...extra }));
  for (let i = 1; i < players; i++) room.send('add_bot', { level: 'easy' });
  await eventually(() => room.state.players.size === players, 20_000, 'bots seated');
  room.send('start', {});
  await eventually(() => room.state.phase === 'playing', 20_000, 'start');
  return room;
}

describe('a seat belongs to its identity', () => {
  it('a second connection of the same identity takes the seat over: the first gets a notice and close code 4010, the seat is kept', async () => {
    const ana = await guest();
    const first = await startedTable({ token: ana.token, name: 'Ana' });
    const seat = me(first)!.seat;
    const notices = collect<{ key: string }>(first, 'notice');
    const closed = new Promise<number>((resolve) => first.onLeave((code) => resolve(code)));

    const second = await ready(await server.client().joinById<Synced>(first.roomId, { token: ana.token, name: 'Tab two' }));
    expect(await closed).toBe(CLOSE_SEAT_TAKEN_OVER);
    expect(notices.map((n) => n.key)).toContain('server:notice.seat_taken_over');
    await eventually(() => me(second)?.connected === true, 20_000, 'the seat under the new connection');
    expect(me(second)).toMatchObject({ seat, bot: false, name: ana.identity.display });
    expect(second.state.players.size).toBe(2);
    // The seat's private view follows it to the new connection.
    await eventually(() => secretOf(second) !== null, 20_000, 'the seat view');
    await second.leave(true);
  }, 90_000);

  it('away past the reconnection window and handed to a bot, the player retakes the seat by id with the token and the bot stops', async () => {
    const bo = await guest();
    const room = await startedTable({ token: bo.token, name: 'Bo' });
    const roomId = room.roomId;
    const seat = me(room)!.seat;
    await room.leave(false); // the page goes away, not a Leave
    // Past the 1 s window and the grace, the seat is still Bo's, away, played by a bot.
    await eventually(() => {
      const held = seating(roomId).seatOfIdentity(bo.identity.id);
      return held && !held.player.connected && seating(roomId).botSeats(Date.now(), GRACE_MS).seats.has(seat) && !held.key.startsWith('bot:');
    }, 30_000, 'the away seat played by a bot');
    expect(open(roomId)).toBe(true);

    const back = await ready(await server.client().joinById<Synced>(roomId, { token: bo.token }));
    await eventually(() => me(back)?.connected === true, 20_000, 'back in the seat');
    expect(me(back)).toMatchObject({ seat, bot: false });
    expect(seating(roomId).botSeats(Date.now(), GRACE_MS).seats.has(seat)).toBe(false);
    await back.leave(true);
  }, 90_000);

  it('a join with the token of a seat given up (Resign) cannot take it back and the table refuses it', async () => {
    const cy = await guest();
    const dee = await guest();
    const a = await ready(await server.client().create<Synced>(GAME, { token: cy.token, name: 'Cy', private: true, players: 2, ...QUICK }));
    const b = await ready(await server.client().joinById<Synced>(a.roomId, { token: dee.token, name: 'Dee' }));
    a.send('start', {});
    await eventually(() => a.state.phase === 'playing', 20_000, 'start');
    a.send('resign');
    await eventually(() => me(a)?.bot === true, 20_000, 'Cy resigned: a bot plays the seat');
    await expect(server.client().joinById(a.roomId, { token: cy.token })).rejects.toThrow(/game_started/);
    // Nor is it among Cy's games any more, while Dee's still is.
    const running = async (token: string) => ((await (await fetch(`${server.http}/api/players/me/games`, { headers: { authorization: `Bearer ${token}` } })).json()) as { running: { id: string }[] }).running.map((r) => r.id);
    expect(await running(cy.token)).not.toContain(a.roomId);
    expect(await running(dee.token)).toContain(a.roomId);
    await Promise.all([a.leave(true), b.leave(true)]);
  }, 90_000);
});

describe('GET /api/players/me/games', () => {
  it('lists the running tables the caller sits at (away or not) and their finished games; 401 without a token', async () => {
    const hal = await guest();
    const other = await guest();
    const room = await startedTable({ token: hal.token, name: 'Hal' }, 3);
    const elsewhere = await startedTable({ token: other.token, name: 'Ivy' }, 2);
    const mine = async () => (await fetch(`${server.http}/api/players/me/games`, { headers: { authorization: `Bearer ${hal.token}` } })).json() as Promise<{
      running: { id: string; game: string; variant: string; startedAt: number; seat: number; seats: { seat: number; name: string }[]; turn: number[] }[]; recent: unknown[];
    }>;
    const listed = await eventually(async () => { const r = await mine(); return r.running.length > 0 ? r : undefined; }, 20_000, 'the session written');
    expect(listed.running).toEqual([expect.objectContaining({ id: room.roomId, game: GAME, seat: me(room)!.seat })]);
    expect(listed.running[0].seats).toHaveLength(3);
    // Traffic-Memory is played in turns: the answer names at most the one seat whose turn it is.
    expect(listed.running[0].turn).toEqual(expect.any(Array));
    expect(listed.running[0].turn.length).toBeLessThanOrEqual(1);
    expect(listed.running[0].turn.every((s) => s >= 0 && s < 3)).toBe(true);
    expect(listed.recent).toEqual([]);
    await room.leave(false);
    await eventually(() => !seating(room.roomId).seatOfIdentity(hal.identity.id)!.player.connected, 20_000, 'away');
    expect((await mine()).running.map((r) => r.id)).toEqual([room.roomId]);
    expect((await fetch(`${server.http}/api/players/me/games`)).status).toBe(401);
    await elsewhere.leave(true);
  }, 60_000);
});

describe('resign', () => {
  it('a bot plays the resigned seat to the end and the rated result records the loss', async () => {
    const game = games.find((g) => g.id === GAME)!;
    const ed = await guest();
    const flo = await guest();
    const a = await ready(await server.client().create<Synced>(GAME, { token: ed.token, name: 'Ed', private: true, rated: true, players: 3, ...QUICK }));
    const b = await ready(await server.client().joinById<Synced>(a.roomId, { token: flo.token, name: 'Flo' }));
    a.send('add_bot', { level: 'easy' });
    await eventually(() => a.state.players.size === 3, 20_000, 'the bot sits');
    a.send('start', {});
    await eventually(() => a.state.phase === 'playing', 20_000, 'start');
    a.send('resign');
    await eventually(() => me(a)?.bot === true, 20_000, 'a bot plays the resigned seat');
    expect(open(a.roomId)).toBe(true); // Flo still plays
    const stop = playWithViewBot(game, b, 7, 40);
    await eventually(() => b.state.phase === 'finished', 170_000, 'the game ends');
    stop();
    const record = await eventually(async () => {
      const res = await fetch(`${server.http}/api/games/${a.roomId}`, { headers: { authorization: `Bearer ${ed.token}` } });
      return res.ok ? await res.json() as { rated: boolean; players: { identityId: string | null; place: number; resigned?: boolean }[] } : undefined;
    }, 60_000, 'the stored result');
    expect(record.rated).toBe(true);
    const edLine = record.players.find((p) => p.identityId === ed.identity.id)!;
    expect(edLine).toMatchObject({ place: 3, resigned: true });
    expect(record.players.find((p) => p.identityId === flo.identity.id)!.resigned).toBeUndefined();
    const profile = await (await fetch(`${server.http}/api/players/${ed.identity.id}`, { headers: { authorization: `Bearer ${ed.token}` } })).json() as { games: { id: string; place: number }[] };
    expect(profile.games.find((g) => g.id === a.roomId)?.place).toBe(3);
    await Promise.all([a.leave(true), b.leave(true)]);
  }, 240_000);
});

describe('spectators never lock out a seat (issue 28 item 6)', () => {
  it('with the spectator places all reserved and more refused, a player still takes a seat', async () => {
    const host = await ready(await server.client().create<Synced>(GAME, { name: 'Host', private: true, players: 3, ...QUICK }));
    // Reservations that are never consumed: the room holds each for its reservation time.
    const burst = await Promise.all(Array.from({ length: 40 }, () => fetch(`${server.http}/matchmake/joinById/${host.roomId}`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ spectator: true }),
    }).then(async (r) => ({ status: r.status, body: await r.json() as { error?: string; sessionId?: string } }))));
    const reserved = burst.filter((r) => r.body.sessionId);
    // SPECTATORS_MAX (5) places plus the joins in flight onAuth would refuse in words (joinBudget.ts JOIN_SLACK).
    expect(reserved.length).toBe(5 + JOIN_SLACK);
    expect(burst.filter((r) => r.body.error).length).toBe(40 - 5 - JOIN_SLACK);
    const player = await ready(await server.client().joinById<Synced>(host.roomId, { name: 'Late' }));
    await eventually(() => host.state.players.size === 2, 20_000, 'the player seated');
    expect(me(player)?.bot).toBe(false);
    await Promise.all([host.leave(true), player.leave(true)]);
  }, 60_000);
});

describe('a table of bots only closes (issue 28 item 7)', () => {
  it('closes when its only human leaves a running game', async () => {
    const room = await startedTable({ name: 'Solo' }, 3);
    await room.leave(true);
    await eventually(() => !open(room.roomId), 30_000, 'the table closes');
  }, 60_000);

  it('closes when its anonymous human does not come back within the window', async () => {
    const room = await startedTable({ name: 'Gone' }, 2);
    await room.leave(false);
    await eventually(() => !open(room.roomId), 30_000, 'the table closes');
  }, 60_000);

  it('closes when its last human resigns, but not while an identity is merely away', async () => {
    const gus = await guest();
    const room = await startedTable({ token: gus.token, name: 'Gus' }, 2);
    const roomId = room.roomId;
    const seat = me(room)!.seat;
    await room.leave(false);
    await eventually(() => seating(roomId).botSeats(Date.now(), GRACE_MS).seats.has(seat) && !seating(roomId).seatOfIdentity(gus.identity.id)!.player.connected
      && seating(roomId).humans() === 1, 30_000, 'away past the window, played by a bot');
    expect(open(roomId)).toBe(true);
    const back = await ready(await server.client().joinById<Synced>(roomId, { token: gus.token }));
    back.send('resign');
    await eventually(() => !open(roomId), 30_000, 'the table closes');
  }, 60_000);
});
