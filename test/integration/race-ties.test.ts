/**
 * Exact ties over real sockets: two seats grab the same Railway Madness card with the same stamp
 * in the same millisecond. Settling ties by arrival gave every tie to whichever socket the server
 * read first; the room's seeded coin must give both seats some of them. And the round-trip probe
 * the allowance comes from cannot be answered with a guess.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchMaker } from '@colyseus/core';
import type { Room } from 'colyseus.js';
import { bootServer, collect, eventually, ready, tableOf, type TestServer } from '../support/server.js';
import { measured } from '../support/latency.js';
import { raceStampsClamped, raceTies } from '../../server/ops/metrics.js';
import type { GameRoom } from '../../server/rooms/GameRoom.js';
import type { RailwayState } from '../../shared/games/railway/state.js';
import type { RailwayPublicView } from '../../shared/games/railway/views.js';

let server: TestServer;
beforeAll(async () => { server = await bootServer({ RACE_WINDOW_MS: 250 }); });
afterAll(async () => { await server.stop(); });

const RACES = 40;
const RACES_PER_TABLE = 15;

async function table(): Promise<[Room, Room]> {
  const host = await ready(await server.client().create('railway_madness', { name: 'Host', private: true, variant: 'juniors', players: 2 }));
  const guest = await ready(await server.client().joinById(host.roomId, { name: 'Guest' }));
  // Both on a 50 ms line: a load spike on the test machine stays inside each seat's allowance.
  await Promise.all([measured(host, 50), measured(guest, 50)]);
  host.send('start', {});
  await eventually(() => host.state.phase === 'playing' && guest.state.table !== '', 30_000, 'start');
  return [host, guest];
}

describe('exact ties', () => {
  it(`over ${RACES} same-stamp grabs sent in the same millisecond, both seats win ties`, async () => {
    const wins = { host: 0, guest: 0 };
    const clampsBefore = await clamps();
    const tiesBefore = await ties();
    let raced = 0;
    const tables: string[] = [];
    while (raced < RACES) {
      const [host, guest] = await table();
      tables.push(host.roomId);
      const room = matchMaker.getLocalRoomById(host.roomId) as GameRoom;
      const acks = { host: collect<{ id: number }>(host, 'ack'), guest: collect<{ id: number }>(guest, 'ack') };
      const errors = [collect<{ id: number }>(host, 'error'), collect<{ id: number }>(guest, 'error')];
      for (const r of [host, guest]) r.onMessage('events', () => undefined);
      for (let i = 0; i < RACES_PER_TABLE && raced < RACES; i++) {
        const view = tableOf<RailwayPublicView>(host);
        const slot = view.table.findIndex((t) => t !== null);
        if (slot < 0 || view.over) break;
        const id = 1000 + i;
        const stamp = Date.now();
        // Always in the same order: settled by arrival, the host would win every tie.
        for (const r of [host, guest]) r.send('action', { id, a: { type: 'take', slot }, t: stamp });
        const answered = () => [...acks.host, ...acks.guest, ...errors[0], ...errors[1]].filter((m) => m.id === id).length;
        await eventually(() => answered() >= 2, 30_000, 'both answered');
        const hostWon = acks.host.some((m) => m.id === id);
        const guestWon = acks.guest.some((m) => m.id === id);
        expect(Number(hostWon) + Number(guestWon)).toBe(1);
        if (hostWon) wins.host++; else wins.guest++;
        raced++;
        await eventually(() => (room.engineState as RailwayState).table[slot] === null && host.state.version === guest.state.version, 30_000, 'both saw the take');
      }
      await Promise.all([host.leave(true), guest.leave(true)]);
    }
    console.log(`exact ties: host ${wins.host}, guest ${wins.guest}`);
    // The coin settled every race whose stamps were not moved (only a load spike past a seat's
    // allowance moves one): they really were exact ties.
    const clamped = (await clamps()) - clampsBefore;
    expect(clamped).toBeLessThanOrEqual(5);
    const settled = (await ties()) - tiesBefore;
    expect(settled).toBeGreaterThanOrEqual(RACES - clamped);
    // Every coin is in the tables' action logs: one entry ranked 0 per tie settled, and the
    // other claim of the pair ranked 1, each marked as one of 2 tied claims.
    await eventually(async () => {
      const coins = (await Promise.all(tables.map((id) => server.junction.store.readGameLog(id)))).flat()
        .flatMap((e) => ((e.k === 'a' || e.k === 'l') && e.c ? [e.c] : []));
      return coins.filter((c) => c[0] === 0).length === settled
        && coins.filter((c) => c[0] === 1).length === settled
        && coins.every((c) => c[1] === 2);
    }, 30_000, 'every tie coin in the action logs');
    // A fair coin leaves a seat with fewer than 8 of 40 with probability below 1e-4.
    expect(wins.host).toBeGreaterThanOrEqual(8);
    expect(wins.guest).toBeGreaterThanOrEqual(8);
  }, 120_000);
});

describe('round-trip probes', () => {
  it('a malformed echo is refused; a guessed nonce earns no allowance, so an early stamp is clamped', async () => {
    const host = await ready(await server.client().create('railway_madness', { name: 'Host', private: true, variant: 'juniors', players: 2 }));
    const guest = await ready(await server.client().joinById(host.roomId, { name: 'Guest' }));
    for (const r of [host, guest]) r.onMessage('events', () => undefined);
    const errors = collect<{ code: string; key: string }>(guest, 'error');
    guest.onMessage('pong', (m: { n: number }) => guest.send('echo', { n: m.n + 1 }));
    guest.send('echo', { n: 'soon' });
    guest.send('ping', { c: Date.now() });
    await eventually(() => errors.length > 0, 30_000, 'the refusal');
    expect(errors[0]).toMatchObject({ code: 'bad_message' });
    expect(errors[0].key).toBe('server:error.bad_message');
    host.send('start', {});
    await eventually(() => guest.state.phase === 'playing' && guest.state.table !== '', 30_000, 'start');
    const slot = tableOf<RailwayPublicView>(guest).table.findIndex((t) => t !== null);
    const before = await clamps();
    const acks = collect<{ id: number }>(guest, 'ack');
    guest.send('action', { id: 1, a: { type: 'take', slot }, t: Date.now() - 60 });
    await eventually(() => acks.length === 1, 30_000, 'the grab');
    expect(await clamps()).toBe(before + 1);
    expect(errors).toHaveLength(1);
    await Promise.all([host.leave(true), guest.leave(true)]);
  }, 60_000);
});

async function clamps(): Promise<number> {
  return (await raceStampsClamped.get()).values.reduce((sum, v) => sum + v.value, 0);
}

async function ties(): Promise<number> {
  return (await raceTies.get()).values.reduce((sum, v) => sum + v.value, 0);
}
