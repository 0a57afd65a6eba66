/**
 * Adding a game is its folder and one line in the catalogue: Tiny (shared/games/testing/tiny), a
 * test-only game registered through that same path (JUNCTION_TEST_GAMES=1 in the server's
 * environment), is created, joined and played to its result by colyseus.js clients over real
 * sockets against a real server process: its room, schema, mirror and reader all come from its
 * folder. Each seat's hidden word and number reach that seat only: every message each socket
 * received is decoded on its own (test/support/wireDecoder.ts), and the raw bytes are searched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, type Room } from 'colyseus.js';
import type { Schema } from '@colyseus/schema';
import { startServerOnFreePort, type ServerProcess } from '../../loadtest/serverProcess.js';
import { TEST_GAMES_ENV } from '../../shared/games/testing/testGames.js';
import { tinyWire } from '../../shared/games/testing/tiny/wire.js';
import { TAPS_EACH } from '../../shared/games/testing/tiny/rules.js';
import type { TinyPublicView, TinySeatView } from '../../shared/games/testing/tiny/views.js';
import { readerOf } from '../../shared/wire/declare.js';
import { readResult } from '../../shared/wire/table.js';
import type { SyncedSeats } from '../support/viewBotTable.js';
import { eventually, ready } from '../support/server.js';
import { rawText, recordRawBytes, utf8AsLatin1 } from '../support/rawClient.js';
import { WireDecoder } from '../support/wireDecoder.js';

recordRawBytes();
let server: ServerProcess;
beforeAll(async () => { server = await startServerOnFreePort({ [TEST_GAMES_ENV]: '1' }); });
afterAll(async () => { await server?.stop(); });

const reader = readerOf(tinyWire);
const tableOf = (room: Room<SyncedSeats>): TinyPublicView => reader.publicView(room.state.table!) as TinyPublicView;
const secretOf = (room: Room<SyncedSeats>): TinySeatView | null => {
  const secret = room.state.players.get(room.sessionId)?.secret;
  return secret ? reader.seatView(secret, room.state.table!) as TinySeatView : null;
};

/** Every decoded patch this socket received: which players' `secret` it held (by session id). */
function secretsHeld(room: Room, wire: WireDecoder, seen: Map<Room, Set<string>>): void {
  wire.drain((_changes, state: Schema) => {
    const players = (state as unknown as { players: Map<string, { secret?: unknown }> }).players;
    for (const [id, player] of players) if (player.secret !== undefined) seen.get(room)!.add(id);
  });
}

describe('a test-only game added through the same paths as every game', () => {
  it('is created, joined and played to its result over real sockets; no seat\'s hidden part reaches anyone else', async () => {
    const endpoint = `ws://127.0.0.1:${server.port}`;
    const a = await ready(await new Client(endpoint).create<SyncedSeats>('tiny', { name: 'Ana', private: true }));
    const b = await ready(await new Client(endpoint).joinById<SyncedSeats>(a.roomId, { name: 'Bo' }));
    const watcher = await ready(await new Client(endpoint).joinById<SyncedSeats>(a.roomId, { spectator: true }));
    for (const room of [a, b, watcher]) room.onMessage('ack', () => undefined);
    await eventually(() => a.state.players.size === 2, 30_000, 'both seated');
    a.send('start', {});
    await eventually(() => a.state.phase === 'playing' && secretOf(a) && secretOf(b), 30_000, 'start');

    const mine = new Map([a, b].map((room) => [room, secretOf(room)!] as const));
    expect(mine.get(a)!.word).not.toBe(mine.get(b)!.word);
    // Each seat plays its turn as a browser would: from what its own socket shows.
    let id = 1;
    for (let move = 0; move < 2 * TAPS_EACH; move++) {
      await eventually(() => b.state.version === a.state.version, 30_000, `both at the same version before move ${move}`);
      const turn = tableOf(a).turn;
      const room = [a, b].find((r) => secretOf(r)!.seat === turn)!;
      const before = room.state.version;
      room.send('action', { id: id++, a: { type: 'tap' }, t: Date.now() });
      await eventually(() => a.state.version > before && b.state.version > before, 30_000, `tap ${move}`);
    }
    const result = await eventually(() => readResult(a.state as never) ?? undefined, 30_000, 'result');
    const winner = mine.get(a)!.number > mine.get(b)!.number ? mine.get(a)!.seat : mine.get(b)!.seat;
    expect(result.summary).toEqual({ key: 'tiny:summary.win', params: { seat: `@${winner}` } });
    expect(result.seats.find((s) => s.place === 1)?.seat).toBe(winner);
    expect(tableOf(b)).toEqual({ phase: 'over', turn: 0, taps: [TAPS_EACH, TAPS_EACH] });
    await eventually(() => readResult(watcher.state as never) ?? undefined, 30_000, 'the spectator has the result');

    // Decoded on its own, every patch each socket received held its own secret at most.
    const seen = new Map<Room, Set<string>>([a, b, watcher].map((r) => [r, new Set<string>()]));
    for (const room of [a, b, watcher]) secretsHeld(room, new WireDecoder(room), seen);
    expect([...seen.get(a)!]).toEqual([a.sessionId]);
    expect([...seen.get(b)!]).toEqual([b.sessionId]);
    expect([...seen.get(watcher)!]).toEqual([]);
    // And no byte of another seat's word ever reached a socket (the words are unique strings).
    for (const [owner, secret] of mine) {
      expect(rawText(owner)).toContain(utf8AsLatin1(secret.word));
      for (const other of [a, b, watcher].filter((r) => r !== owner)) expect(rawText(other)).not.toContain(utf8AsLatin1(secret.word));
    }
    for (const room of [a, b, watcher]) await room.leave();
  });
});
