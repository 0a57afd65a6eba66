/**
 * Races that say by how much (issue 27), over real sockets: two clients grab the same Railway
 * Madness card in the same millisecond; the loser is told "Ana took it first — 312 ms against your
 * 340 ms" and the winner sees the margin too. The figures must be the ones the arbitration applied,
 * as the table's journal records them (the applied grab and the lost one), never a client's stamp.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchMaker } from '@colyseus/core';
import type { Room } from 'colyseus.js';
import { bootServer, collect, eventually, ready, tableOf, type TestServer } from '../support/server.js';
import type { GameRoom } from '../../server/rooms/GameRoom.js';
import type { ActionLogWriter } from '../../server/rooms/actionLog.js';
import type { RailwayPublicView } from '../../shared/games/railway/views.js';
import type { Msg } from '../../shared/i18n/msg.js';

let server: TestServer;
beforeAll(async () => { server = await bootServer({ RACE_WINDOW_MS: 100 }); });
afterAll(async () => { await server.stop(); });

interface Recorded { kind: 'applied' | 'lost'; seat: number; at: number; race: boolean }

/** The journal's own record of this table's actions, as the pipeline hands them to it. */
function recordOf(room: GameRoom): Recorded[] {
  const log = (room as unknown as { actionLog: ActionLogWriter | null }).actionLog;
  if (!log) throw new Error('the table keeps no journal');
  const seen: Recorded[] = [];
  const applied = log.applied.bind(log);
  const lostRace = log.lostRace.bind(log);
  log.applied = (seat, action, now, race, tie) => { seen.push({ kind: 'applied', seat, at: now, race }); applied(seat, action, now, race, tie); };
  log.lostRace = (seat, action, now, code, tie) => { seen.push({ kind: 'lost', seat, at: now, race: true }); lostRace(seat, action, now, code, tie); };
  return seen;
}

async function table(): Promise<[Room, Room, GameRoom]> {
  const a = await ready(await server.client().create('railway_madness', { name: 'Ana', private: true, variant: 'juniors', players: 2 }));
  const b = await ready(await server.client().joinById(a.roomId, { name: 'Bo' }));
  a.send('start', {});
  await eventually(() => a.state.phase === 'playing' && !!b.state.table, 30_000, 'start');
  return [a, b, matchMaker.getLocalRoomById(a.roomId) as GameRoom];
}

describe('a lost race says by how much', () => {
  it('loser and winner are told both times, and they are the journal\'s', async () => {
    const [a, b, room] = await table();
    const record = recordOf(room);
    const seatOf = (r: Room) => r.state.players.get(r.sessionId)!.seat as number;
    const slot = tableOf<RailwayPublicView>(a).table.findIndex((t) => t !== null);
    const notices = [collect<Msg>(a, 'notice'), collect<Msg>(b, 'notice')];
    const errors = [collect<{ code: string }>(a, 'error'), collect<{ code: string }>(b, 'error')];
    const stamp = Date.now();
    a.send('action', { id: 1, a: { type: 'take', slot }, t: stamp });
    b.send('action', { id: 1, a: { type: 'take', slot }, t: stamp });
    await eventually(() => notices[0].length + notices[1].length >= 2, 30_000, 'both told the margin');

    const loser = errors[0].length === 1 ? 0 : 1;
    const winner = 1 - loser;
    const rooms = [a, b];
    expect(errors[loser]).toMatchObject([{ code: 'gone' }]);
    expect(errors[winner]).toEqual([]);
    const lost = notices[loser].find((m) => m.key === 'server:notice.race_lost')!;
    const won = notices[winner].find((m) => m.key === 'server:notice.race_won')!;
    expect(lost.params).toMatchObject({ first: `@${seatOf(rooms[winner])}` });
    expect(won.params).toMatchObject({ other: `@${seatOf(rooms[loser])}` });
    // One race, two views of the same two figures.
    expect(won.params!.yours).toBe(lost.params!.theirs);
    expect(won.params!.theirs).toBe(lost.params!.yours);

    // The journal: the game's start opened the card; then the winner's grab applied, the loser's lost.
    const win = record.find((r) => r.kind === 'applied' && r.race)!;
    const loss = record.find((r) => r.kind === 'lost')!;
    expect(win.seat).toBe(seatOf(rooms[winner]));
    expect(loss.seat).toBe(seatOf(rooms[loser]));
    const winnerMs = lost.params!.theirs as number;
    const loserMs = lost.params!.yours as number;
    expect(winnerMs).toBeGreaterThanOrEqual(0);
    // Each figure is rounded to the millisecond on its own: their difference is the journal's within 1 ms.
    expect(Math.abs((loserMs - winnerMs) - (loss.at - win.at))).toBeLessThanOrEqual(1);
    // Measured from the table the winner acted on: no change came between it and the grab.
    expect(record.indexOf(win)).toBe(record.findIndex((r) => r.kind === 'applied'));
    await Promise.all([a.leave(true), b.leave(true)]);
  });

  it('a grab nobody contests tells nobody a margin', async () => {
    const [a, b] = await table();
    const slot = tableOf<RailwayPublicView>(a).table.findIndex((t) => t !== null);
    const notices = [collect<Msg>(a, 'notice'), collect<Msg>(b, 'notice')];
    const acks = collect<{ id: number }>(a, 'ack');
    a.send('action', { id: 1, a: { type: 'take', slot }, t: Date.now() });
    await eventually(() => acks.length === 1, 30_000, 'grab applied');
    // A second message through the same sockets: anything the room sent for the grab came before its answer.
    const errors = collect<{ id: number }>(b, 'error');
    b.send('action', { id: 2, a: { type: 'nope' } });
    await eventually(() => errors.length === 1, 30_000, 'b answered');
    expect([...notices[0], ...notices[1]].filter((m) => m.key.startsWith('server:notice.race_'))).toEqual([]);
    await Promise.all([a.leave(true), b.leave(true)]);
  });
});
