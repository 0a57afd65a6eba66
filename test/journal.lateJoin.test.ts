/**
 * A client that finishes joining while a change waits for the journal (issue 31: tournament tables
 * that froze): its first full state already holds the change, so the held patch must not bring the
 * same change to it a second time. @colyseus/schema's decoder reads an ADD at index 0 of a list
 * that has one as an insertion at the front (how it decodes `unshift`): a repeated ADD shifted a
 * Railway table by one slot, and every grab the players' clients offered was refused from then on.
 * The store's commit is held at a gate while the game starts; a spectator joins meanwhile; once
 * the commit is let through, every client holds the table the server holds.
 * The room also clears a client's view changes once its full state is sent (the full state holds
 * everything its view shows): otherwise the next patch sends the seat view's items again as
 * additions, and a hand whose first card changed in between is read with one card too many.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Room } from 'colyseus.js';
import { bootServer, canon, eventually, ready, secretOf, type TestServer } from './support/server.js';
import { gateCommits } from './support/commitGate.js';
import { packBytes, packedBytes } from '../shared/wire/declare.js';
import type { GameRoom } from '../server/rooms/GameRoom.js';
import { ClientState, matchMaker } from '@colyseus/core';

let server: TestServer;
beforeAll(async () => { server = await bootServer({ RACE_WINDOW_MS: 0 }); });
afterAll(async () => { await server.stop(); });

type Synced = { phase: string; version: number; table?: { table?: { length: number; toArray(): unknown[] } }; players: Map<string, { seat: number; secret?: unknown }> };

/** The slots of the Railway table a client decoded, as the schema list holds them. */
const slotsOf = (room: Room<Synced>) => room.state.table?.table?.toArray() ?? [];

/** Car Exchange's seat part as the schema holds it: the hand's card ids packed in one column (shared/wire/declare.ts). */
type SeatHand = { hand: string };

describe('a seat retaken by a second connection', () => {
  it('gets its seat view once, in the full state: a change right after it is not undone by the view sent again', async () => {
    const token = (await (await fetch(`${server.http}/api/identity`, { method: 'POST' })).json() as { token: string }).token;
    const first = await ready(await server.client().create<Synced>('car_exchange', { token, name: 'Ana', private: true, players: 2 }));
    first.send('add_bot', { level: 'easy' });
    await eventually(() => first.state.players.size === 2, 20_000, 'the bot seated');
    first.send('start', {});
    await eventually(() => first.state.phase === 'playing', 20_000, 'the game started');
    const room = matchMaker.getLocalRoomById(first.roomId) as GameRoom;
    const seatOf = (sessionId: string) => (room.state.players.get(sessionId) as unknown as { secret?: SeatHand } | undefined)?.secret;
    // Right after the new connection's full state (its view was just added: the seat and its
    // hand), the hand's first card changes, as a draw or a played card can change it.
    let changedFor: string | undefined;
    const sendFullState = room.sendFullState.bind(room);
    room.sendFullState = (client) => {
      sendFullState(client);
      const seat = client.sessionId !== first.sessionId ? seatOf(client.sessionId) : undefined;
      if (!seat?.hand || changedFor) return;
      changedFor = client.sessionId;
      const ids = packedBytes(seat.hand);
      ids[0] = (ids[0] + 1) % 110;
      seat.hand = packBytes(ids);
    };
    const second = await ready(await server.client().joinById<Synced>(first.roomId, { token, name: 'Ana' }));
    await eventually(() => changedFor === second.sessionId, 20_000, 'the second connection sent its full state');
    const served = () => canon(packedBytes(seatOf(second.sessionId)!.hand));
    const shown = () => canon(packedBytes((second.state.players.get(second.sessionId)?.secret as SeatHand | undefined)?.hand));
    await eventually(() => shown() === served(), 10_000, 'the new connection holding the hand the server holds').catch(() => undefined);
    expect(shown()).toBe(served());
    await second.leave(true);
  }, 120_000);
});

describe('a join completed while a patch waits for the journal', () => {
  it('gets the change once: its table is the server table, slot for slot', async () => {
    const host = await ready(await server.client().create<Synced>('railway_madness', { name: 'Ana', private: true, variant: 'express', players: 2 }));
    const guest = await ready(await server.client().joinById<Synced>(host.roomId, { name: 'Ben' }));
    const gate = gateCommits(server.junction.store);
    host.send('start', {});
    // The start is recorded: its commit waits at the gate, and so does the patch that shows it.
    await eventually(() => gate.held() > 0, 20_000, 'the start to reach the store');
    const room = matchMaker.getLocalRoomById(host.roomId) as GameRoom;
    expect(room.state.phase).toBe('playing');
    expect(host.state.phase).not.toBe('playing');
    const served = () => (room.state.table as unknown as { table: { toArray(): unknown[] } }).table.toArray();
    const watcher = await server.client().joinById<Synced>(host.roomId, { name: 'Cleo', spectator: true });
    // colyseus.js answers JOIN_ROOM as soon as it arrives: once the server has that answer (taken
    // in, or held for the patch), the first slot changes (Ana takes its card, face up in Express)
    // before anyone is shown the start, so the held patch's ADD at index 0 carries another value
    // than a full state sent at the answer would hold.
    const joining = () => room.clients.find((c) => c.sessionId === watcher.sessionId);
    await eventually(() => joining()?.state === ClientState.JOINED || (room as unknown as { joinAcks: { size: number } }).joinAcks.size > 0, 20_000, "the watcher's JOIN_ROOM answer at the server");
    const takenCar = served()[0];
    host.send('action', { id: 1, a: { type: 'take', slot: 0 } });
    await eventually(() => room.state.version > 1, 20_000, 'the take applied on the server');
    expect(served()[0]).not.toBe(takenCar);
    expect(host.state.phase).not.toBe('playing');
    gate.open();
    await eventually(() => [host, guest, watcher].every((r) => r.state.phase === 'playing' && r.state.version === room.state.version), 20_000, 'every client at the server version');
    const slots = canon(served());
    expect(served()).toHaveLength(54);
    expect({ host: canon(slotsOf(host)), guest: canon(slotsOf(guest)), watcher: canon(slotsOf(watcher)) }).toEqual({ host: slots, guest: slots, watcher: slots });
    expect(secretOf(host)).not.toBeNull();
    await Promise.all([host.leave(true), guest.leave(true), watcher.leave(true)]);
  }, 120_000);
});
