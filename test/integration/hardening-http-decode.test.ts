/**
 * Issue 28, item 11: a state patch the client cannot decode is noticed, reported and counted, and
 * the client resyncs. The server writes a corrupted patch (a structure switch to a refId the client
 * never had: what schema 3 answers with "refId not found") straight onto a real socket; the
 * client's guard (client/net/decodeGuard.ts, as client/net/connection.ts installs it) reports it,
 * /metrics counts it, and the client reconnects to the same seat with a fresh, whole state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchMaker } from '@colyseus/core';
import { encode } from '@colyseus/schema';
import type { Room } from 'colyseus.js';
import { bootServer, collect, eventually, ready, type TestServer } from '../support/server.js';
import { guardDecoder, resyncOnDecodeFailure, type DecodeFailure } from '../../client/net/decodeGuard.js';

const ROOM_STATE_PATCH = 15;
/** @colyseus/schema's spec byte that starts a change of the structure being patched. */
const SWITCH_TO_STRUCTURE = 255;
const GAME = 'traffic_memory';

let server: TestServer;
beforeAll(async () => { server = await bootServer(); });
afterAll(async () => { await server.stop(); });

/** A patch that switches to a structure the client never received, then writes a field into it. */
function corruptPatch(): Buffer {
  const bytes: number[] = [ROOM_STATE_PATCH, SWITCH_TO_STRUCTURE];
  encode.number(bytes, 60_000, { offset: bytes.length });
  bytes.push(0, 1, 2, 3);
  return Buffer.from(bytes);
}

/** Writes raw bytes to this client's socket from the room that holds it. */
function sendRaw(room: Room, bytes: Buffer): void {
  const client = matchMaker.getLocalRoomById(room.roomId)!.clients.getById(room.sessionId)!;
  client.raw(bytes);
}

async function decodeErrorsCounted(kind: DecodeFailure): Promise<number> {
  const text = await (await fetch(`${server.http}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`junction_client_decode_errors_total{game="${GAME}",kind="${kind}"}`));
  return line ? Number(line.split(' ').pop()) : 0;
}

describe('client decode failures', () => {
  it('the guard notices a corrupted patch on a real socket, and leaves good patches alone', async () => {
    const room = await ready(await server.client().create(GAME, { private: true, players: 2, range: '1-12', name: 'Ana' }));
    const failures: DecodeFailure[] = [];
    expect(guardDecoder(room, (kind) => failures.push(kind))).toBe(true);
    // Good patches: the host adds a bot, the state changes, nothing is reported.
    room.send('add_bot', { level: 'easy' });
    await eventually(() => (room.state as { players: Map<string, unknown> }).players.size === 2, 30_000, 'bot seated');
    expect(failures).toEqual([]);
    sendRaw(room, corruptPatch());
    await eventually(() => failures.length > 0, 30_000, 'the failure noticed');
    sendRaw(room, corruptPatch());
    // The pong comes after the second patch on the same socket: by then the client has decoded it.
    const ponged = new Promise<void>((resolve) => room.onMessage('pong', () => resolve()));
    room.send('ping', { c: Date.now() });
    await ponged;
    // Reported once per room, however many patches fail after it.
    expect(failures).toEqual(['corrupt_patch']);
    await room.leave(true);
  });

  it('a report is counted in /metrics, once per connection, and the client reconnects to its seat with a whole state', async () => {
    const before = await decodeErrorsCounted('corrupt_patch');
    const room = await ready(await server.client().create(GAME, { private: true, players: 2, range: '1-12', name: 'Bo' }));
    const token = room.reconnectionToken;
    const left = new Promise<number>((resolve) => room.onLeave((code) => resolve(code)));
    expect(resyncOnDecodeFailure(room)).toBe(true);
    sendRaw(room, corruptPatch());
    const code = await left;
    // Not a consented leave (1000/4000): the seat is kept for the reconnection.
    expect([1000, 4000]).not.toContain(code);
    await eventually(async () => (await decodeErrorsCounted('corrupt_patch')) === before + 1, 30_000, 'the report counted');

    const again = await ready(await server.client().reconnect(token));
    const state = again.state as { game: string; players: Map<string, { name: string; connected: boolean }> };
    expect(state.game).toBe(GAME);
    await eventually(() => state.players.get(again.sessionId)?.connected === true, 30_000, 'seat connected again');
    expect(state.players.get(again.sessionId)?.name).toBe('Bo');
    expect(await decodeErrorsCounted('corrupt_patch')).toBe(before + 1);
    await again.leave(true);
  });

  it('refuses a malformed report with a translated error and counts nothing', async () => {
    const before = await decodeErrorsCounted('corrupt_patch');
    const room = await ready(await server.client().create(GAME, { private: true, players: 2, range: '1-12', name: 'Cy' }));
    const errors = collect<{ code: string; key: string }>(room, 'error');
    room.send('decode_error', { kind: 'anything', extra: 'x'.repeat(100) });
    room.send('decode_error', 'not an object');
    await eventually(() => errors.length === 2, 30_000, 'two refusals');
    expect(errors.map((e) => e.key)).toEqual(['server:error.bad_message', 'server:error.bad_message']);
    expect(await decodeErrorsCounted('corrupt_patch')).toBe(before);
    await room.leave(true);
  });
});
