/**
 * Tournament tables wait for their players (issue 23), over HTTP and real sockets: a round's table
 * starts its first clock only when every registrant has sat down, or when the organiser's check-in
 * grace ends; a registrant who never comes is a no-show, played by a bot and marked in the
 * standings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Room } from 'colyseus.js';
import { bootServer, eventually, ready, type TestServer } from '../support/server.js';
import { api, ok, type Json, type Player } from '../support/tournamentApi.js';
import { readLog } from '../../shared/wire/table.js';
import type { LogEntryWire } from '../../shared/wire/table.js';
import type { WireList } from '../../shared/wire/contract.js';

interface Seat { name: string; seat: number; connected: boolean; bot: boolean }
interface Waiting {
  phase: string; checkInDeadline: number; waitingFor: Iterable<number>; deadline: number;
  players: Map<string, Seat>; game: string; log: WireList<LogEntryWire>;
}


/** A one-round tournament of one table of three, everybody checked in, started. */
async function startedTable(server: TestServer, game: string, variant: string, extra: Json): Promise<{ id: string; players: Player[]; roomId: string }> {
  const created = await ok(server, 'POST', '/', { name: 'Check-in night', game, variant, tableSize: 3, rounds: 1, ...extra });
  const id = created.tournament.id as string;
  const players: Player[] = [];
  for (const name of ['Ana', 'Bo', 'Cleo']) {
    const r = await ok(server, 'POST', `/${id}/register`, { name });
    players.push({ name, token: r.token, seatId: r.seatId, playerId: r.playerId });
  }
  for (const p of players) await ok(server, 'POST', `/${id}/check-in`, {}, p.token);
  await ok(server, 'POST', `/${id}/start`, {}, created.organiserToken);
  const me = await eventually(async () => {
    const r = await ok(server, 'GET', `/${id}/me`, undefined, players[0].token);
    return r.table?.ready ? r : undefined;
  }, 30_000, 'the table to open');
  return { id, players, roomId: me.table.roomId as string };
}

function stateOf(room: Room): Waiting {
  return room.state as unknown as Waiting;
}

function seatOf(room: Room, name: string): Seat {
  const seat = [...stateOf(room).players.values()].find((p) => p.name === name);
  if (!seat) throw new Error(`${name} is not seated`);
  return seat;
}

/** Took Over! plays an idle player's card after `idleMs` and logs "X ran out of time" (`…_auto`). */
const TIMED_OUT = /_auto(_you)?$|timeout/;

// One server for the file: room services (and the key that marks tournament tables) are per process.
// ABSENT_GRACE_MS is a minute (bootServer): a bot plays a no-show's seat because check-in closed, not for absence.
let server: TestServer;
const rooms: Room[] = [];
beforeAll(async () => { server = await bootServer({ FINISHED_LINGER_MS: 500 }); }, 60_000);
afterAll(async () => {
  // A room whose socket is already closed never settles leave(): only open ones are left.
  await Promise.all(rooms.filter((r) => r.connection.isOpen).map((r) => r.leave(true).catch(() => undefined)));
  await server?.stop();
}, 60_000);

describe.concurrent('tournament check-in', () => {
  it('waits for registrants who join 10 s after the start (one leaves and comes back meanwhile): nobody times out, every seat is its human\'s', async () => {
    // The default grace is a minute; this table gets two so a loaded machine cannot run it out.
    const defaults = await ok(server, 'POST', '/', { game: 'took_over', variant: 'classic', tableSize: 3 });
    expect(defaults.tournament.checkInGraceSeconds).toBe(60);
    // The grace is the organiser's input: checked at the edge, refused with the form field's label.
    for (const bad of [0, 601, 'soon', 1.5]) {
      const refused = await api(server, 'POST', '/', { game: 'took_over', variant: 'classic', tableSize: 3, checkInGraceSeconds: bad });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body.params ?? {})).toContain('tournament:form.check_in_grace');
    }
    const { players, roomId, id } = await startedTable(server, 'took_over', 'classic', { checkInGraceSeconds: 120 });
    const openedAt = Date.now();

    // The players arrive 10 s after the start: longer than Took Over!'s pace plus idle time would allow a seated player.
    await new Promise((r) => setTimeout(r, 10_000));
    const [ana, bo, cleo] = players;
    const first = await ready(await server.client().joinById(roomId, { name: ana.name, playerId: ana.seatId }));
    rooms.push(first);
    await eventually(() => seatOf(first, ana.name).connected || undefined, 30_000, 'Ana seated');
    expect(stateOf(first).phase).toBe('waiting');
    expect(stateOf(first).checkInDeadline).toBeGreaterThan(openedAt);
    expect(stateOf(first).deadline).toBe(0);
    const missing = [seatOf(first, bo.name).seat, seatOf(first, cleo.name).seat].sort();
    expect([...stateOf(first).waitingFor].sort()).toEqual(missing);

    // Leaving a table that has not started gives the seat back to its reservation: awaited again, and it can be taken again.
    const watcher = await ready(await server.client().joinById(roomId, { spectator: true }));
    rooms.push(watcher);
    const anaSeat = seatOf(first, ana.name).seat;
    await first.leave(true);
    await eventually(() => [...stateOf(watcher).waitingFor].includes(anaSeat) || undefined, 30_000, 'Ana awaited again');
    expect(stateOf(watcher).phase).toBe('waiting');
    const back = await ready(await server.client().joinById(roomId, { name: ana.name, playerId: ana.seatId }));
    rooms.push(back);
    await eventually(() => ![...stateOf(watcher).waitingFor].includes(anaSeat) || undefined, 30_000, 'Ana seated again');
    expect(seatOf(back, ana.name)).toMatchObject({ seat: anaSeat, connected: true, bot: false });

    const second = await ready(await server.client().joinById(roomId, { name: bo.name, playerId: bo.seatId }));
    rooms.push(second);
    await eventually(() => [...stateOf(back).waitingFor].length === 1 || undefined, 30_000, 'Bo checked in');
    expect([...stateOf(back).waitingFor]).toEqual([seatOf(back, cleo.name).seat]);
    expect(stateOf(back).phase).toBe('waiting');

    const third = await ready(await server.client().joinById(roomId, { name: cleo.name, playerId: cleo.seatId }));
    rooms.push(third);
    for (const room of [back, second, third]) await eventually(() => stateOf(room).phase === 'playing' || undefined, 30_000, 'the start');

    const state = stateOf(third);
    expect(state.checkInDeadline).toBe(0);
    expect([...state.waitingFor]).toEqual([]);
    expect(state.deadline).toBeGreaterThan(0);
    for (const p of players) expect(seatOf(third, p.name)).toMatchObject({ connected: true, bot: false });
    const keys = readLog(state).map((e) => e.msg.key);
    expect(keys).toContain('server:event.start');
    expect(keys.filter((k) => TIMED_OUT.test(k))).toEqual([]);
    // Nobody is a no-show.
    const view = await ok(server, 'GET', `/${id}`);
    expect(view.rounds[0].tables[0].seats.map((s: Json) => s.noShow)).toEqual([false, false, false]);
    expect(view.standings.map((s: Json) => s.noShows)).toEqual([0, 0, 0]);
  }, 120_000);

  it('starts without a registrant who never comes once the grace ends: a bot plays the no-show, marked in the standings', async () => {
    const { id, players, roomId } = await startedTable(server, 'railway_madness', 'express', { checkInGraceSeconds: 3 });
    const [ana, bo, cleo] = players;
    const joined: Room[] = [];
    for (const p of [ana, bo]) {
      const room = await ready(await server.client().joinById(roomId, { name: p.name, playerId: p.seatId }));
      rooms.push(room);
      joined.push(room);
    }
    const watcher = joined[0];
    await eventually(() => stateOf(watcher).phase === 'playing' || undefined, 60_000, 'the start after the grace');
    expect(seatOf(watcher, cleo.name)).toMatchObject({ connected: false });
    expect(stateOf(watcher).checkInDeadline).toBe(0);
    expect([...stateOf(watcher).waitingFor]).toEqual([]);

    // The no-show is stored at once, before the game ends.
    const marked = await eventually(async () => {
      const v = await ok(server, 'GET', `/${id}`);
      return v.rounds[0].tables[0].seats.some((s: Json) => s.noShow) ? v : undefined;
    }, 30_000, 'the no-show recorded');
    const seats = marked.rounds[0].tables[0].seats as Json[];
    expect(seats.filter((s) => s.noShow).map((s) => s.name)).toEqual([cleo.name]);

    // While Ana and Bo sit idle, the no-show's bot plays (a race game: it flips cards on its own).
    const cleoSeat = `@${seatOf(watcher, cleo.name).seat}`;
    await eventually(() => readLog(stateOf(watcher)).some((e) => e.msg.params?.seat === cleoSeat && /:event\.(flip|take)$/.test(e.msg.key)) || undefined, 60_000, 'a move by the no-show\'s bot');
    expect(seatOf(watcher, ana.name)).toMatchObject({ connected: true, bot: false });

    // Ana and Bo give their seats up: bots finish the game; Cleo's seat was a bot's from the grace on.
    await Promise.all(joined.map((r) => r.leave(true)));
    const done = await eventually(async () => {
      const v = await ok(server, 'GET', `/${id}`);
      return v.tournament.status === 'finished' ? v : undefined;
    }, 180_000, 'the tournament to finish');
    const standing = (name: string) => done.standings.find((s: Json) => s.name === name);
    expect(standing(cleo.name)).toMatchObject({ noShows: 1 });
    expect(standing(ana.name)).toMatchObject({ noShows: 0 });
    expect(standing(bo.name)).toMatchObject({ noShows: 0 });
    // Cleo's seat was played (the result ranks all three).
    expect(done.rounds[0].tables[0].seats.every((s: Json) => typeof s.place === 'number')).toBe(true);
    // The player's own view says so too.
    const mine = await ok(server, 'GET', `/${id}/me`, undefined, cleo.token);
    expect(mine.table.noShow).toBe(true);
  }, 300_000);
});
