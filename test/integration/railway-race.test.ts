/**
 * Railway Madness races over real sockets: two clients grab the same face-up card in the same
 * millisecond; exactly one gets it, the other is told why, and no card is lost or duplicated.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchMaker } from '@colyseus/core';
import type { Room } from 'colyseus.js';
import { bootServer, collect, eventually, ready, tableOf, type TestServer } from '../support/server.js';
import { measured } from '../support/latency.js';
import { sendInTurn } from '../support/arrivals.js';
import type { GameRoom } from '../../server/rooms/GameRoom.js';
import type { RailwayState } from '../../shared/games/railway/state.js';
import type { RailwayPublicView } from '../../shared/games/railway/views.js';

let server: TestServer;
beforeAll(async () => { server = await bootServer({ RACE_WINDOW_MS: 100 }); });
afterAll(async () => { await server.stop(); });

function cardsInPlay(s: RailwayState): number[] {
  return [...s.table.flatMap((t) => (t ? [t.card] : [])), ...s.players.flatMap((p) => [...p.train, ...(p.held ? [p.held.card] : [])])];
}

async function table(): Promise<[Room, Room, GameRoom]> {
  const a = await ready(await server.client().create('railway_madness', { name: 'Ana', private: true, variant: 'juniors', players: 2 }));
  const b = await ready(await server.client().joinById(a.roomId, { name: 'Bo' }));
  a.send('start', {});
  await eventually(() => a.state.phase === 'playing' && !!b.state.table, 30_000, 'start');
  return [a, b, matchMaker.getLocalRoomById(a.roomId) as GameRoom];
}

describe('simultaneous grabs', () => {
  it('two grabs of one card in the same millisecond: exactly one wins, the other is told who was first', async () => {
    for (let round = 0; round < 5; round++) {
      const [a, b, room] = await table();
      const slot = tableOf<RailwayPublicView>(a).table.findIndex((t) => t !== null);
      const acks = [collect<{ id: number }>(a, 'ack'), collect<{ id: number }>(b, 'ack')];
      const errors = [collect<{ id: number; code: string; key: string }>(a, 'error'), collect<{ id: number; code: string; key: string }>(b, 'error')];
      const stamp = Date.now();
      a.send('action', { id: 1, a: { type: 'take', slot }, t: stamp });
      b.send('action', { id: 1, a: { type: 'take', slot }, t: stamp });
      await eventually(() => acks[0].length + acks[1].length + errors[0].length + errors[1].length >= 2, 30_000, 'both answered');
      expect(acks[0].length + acks[1].length).toBe(1);
      const loser = errors.find((e) => e.length === 1)!;
      // 'gone' is only ever "someone took it first" (an empty position is 'no_card').
      expect(loser[0]).toMatchObject({ id: 1, code: 'gone' });
      expect(loser[0].key).toBe('railway_madness:error.gone');
      const engine = room.engineState as RailwayState;
      const cards = cardsInPlay(engine);
      expect(cards).toHaveLength(54);
      expect(new Set(cards).size).toBe(54);
      expect(engine.players[0].train.length + engine.players[1].train.length).toBe(1);
      await Promise.all([a.leave(true), b.leave(true)]);
    }
  });

  it('a later-arriving grab stamped earlier (inside its measured delay) wins over an earlier-arriving one', async () => {
    // b's grab is sent when a's has reached the room; a try where the room applied a's first (a loaded machine) proves nothing.
    for (let attempt = 0; attempt < 10; attempt++) {
      const [a, b, room] = await table();
      // b is on a slow line (100 ms more round trip), so the room trusts its stamp 60 ms back.
      await Promise.all([measured(a), measured(b, 100)]);
      const slot = tableOf<RailwayPublicView>(a).table.findIndex((t) => t !== null);
      const bAnswers = [collect<{ id: number }>(b, 'ack'), collect<{ id: number }>(b, 'error')];
      const now = Date.now();
      const inTurn = await sendInTurn(room,
        { from: a, send: () => a.send('action', { id: 7, a: { type: 'take', slot }, t: now }) },
        { from: b, send: () => b.send('action', { id: 9, a: { type: 'take', slot }, t: now - 60 }) });
      await eventually(() => bAnswers[0].length + bAnswers[1].length === 1, 30_000, "b's grab answered");
      if (inTurn) {
        expect(bAnswers[0].map((m) => m.id), JSON.stringify(bAnswers[1])).toEqual([9]);
        const seatB = b.state.players.get(b.sessionId)!.seat;
        expect((room.engineState as RailwayState).players[seatB].train).toHaveLength(1);
      }
      await Promise.all([a.leave(true), b.leave(true)]);
      if (inTurn) return;
    }
    throw new Error('in 10 tries the room never had both grabs before applying one');
  }, 120_000);
});
