/**
 * Hidden information, per game, on raw clients: two seated players and a spectator play (or watch)
 * a real game; at every change, no other seat's private view — in whole or as any of its values
 * that the public view does not also show — appears in the bytes a client's socket received, and
 * the decoded state carries no one else's `secret`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchMaker } from '@colyseus/core';
import type { Room } from 'colyseus.js';
import { games } from '../../shared/games/registry.js';
import type { AnyGame } from '../../shared/games/contract.js';
import { GameRoom } from '../../server/rooms/GameRoom.js';
import { Rng } from '../../shared/random.js';
import { bootServer, eventually, ready, type TestServer } from '../support/server.js';
import { legitimateStrings, rawText, recordRawBytes, utf8AsLatin1 } from '../support/rawClient.js';

recordRawBytes();
let server: TestServer;
beforeAll(async () => { server = await bootServer(); });
afterAll(async () => { await server.stop(); });

interface Synced { phase: string; table: string; version: number; players: Map<string, { seat: number; secret?: string }> }

function playWithViewBot(game: AnyGame, room: Room<Synced>, seed: number): () => void {
  const rng = new Rng(seed);
  let stopped = false;
  let last = -1;
  const tick = () => {
    if (stopped) return;
    const s = room.state;
    if (s.phase === 'playing' && s.version !== last && game.viewBot) {
      last = s.version;
      const me = s.players.get(room.sessionId);
      if (me) {
        const action = game.viewBot(JSON.parse(s.table), me.secret ? JSON.parse(me.secret) : null, me.seat, rng.state, Date.now());
        rng.next();
        if (action) room.send('action', { id: s.version, a: action });
      }
    }
    setTimeout(tick, 40);
  };
  tick();
  return () => { stopped = true; };
}

describe.each(games.map((g) => [g.id, g] as const))('%s: no secret reaches a raw client', (_id, game) => {
  it('seated players and a spectator never receive another seat\'s private view', async () => {
    const options = game.optionsSchema.parse({});
    const players = Math.max(3, game.seatRange(options).min);
    const a = await ready(await server.client().create<Synced>(game.id, { name: 'A', private: true, players: Math.min(players, game.seatRange(options).max) }));
    const b = await ready(await server.client().joinById<Synced>(a.roomId, { name: 'B' }));
    // Record what each client may legitimately hold from the start (its own views over time).
    const legit = new Map([a, b].map((r) => [r, legitimateStrings(r)] as const));
    a.send('start', {});
    await eventually(() => a.state.phase === 'playing', 5000, 'start');
    const watcher = await ready(await server.client().joinById<Synced>(a.roomId, { spectator: true }));
    legit.set(watcher, legitimateStrings(watcher));
    const serverRoom = matchMaker.getLocalRoomById(a.roomId) as GameRoom;
    const stops = [playWithViewBot(game, a, 1), playWithViewBot(game, b, 2)];
    const clients: [Room<Synced>, number | null][] = [[a, a.state.players.get(a.sessionId)!.seat], [b, b.state.players.get(b.sessionId)!.seat], [watcher, null]];
    const seats = a.state.players.size;
    let checks = 0;
    const until = Date.now() + 8000;
    let lastVersion = -1;
    while (Date.now() < until && a.state.phase === 'playing') {
      await new Promise((r) => setTimeout(r, 50));
      if (serverRoom.state.version === lastVersion) continue;
      lastVersion = serverRoom.state.version;
      const engine = serverRoom.engineState;
      const now = Date.now();
      for (const [client, mySeat] of clients) {
        const raw = rawText(client);
        for (let seat = 0; seat < seats; seat++) {
          if (seat === mySeat) continue;
          const other = JSON.stringify(game.seatView(engine, seat, now));
          // A view identical to one this client legitimately had (e.g. two empty hands) proves nothing.
          if ([...legit.get(client)!].some((ok) => ok.includes(other))) continue;
          expect(raw.includes(utf8AsLatin1(other)), `seat ${seat}'s view reached ${mySeat === null ? 'the spectator' : `seat ${mySeat}`}`).toBe(false);
          checks++;
        }
        client.state.players.forEach((p, id) => {
          if (id !== client.sessionId) expect(p.secret).toBeUndefined();
        });
      }
    }
    stops.forEach((stop) => stop());
    expect(checks).toBeGreaterThan(0);
    await Promise.all([a, b, watcher].map((r) => r.leave(true)));
  }, 20_000);
});
