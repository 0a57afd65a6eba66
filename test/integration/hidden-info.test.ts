/**
 * Hidden information, per game, on raw clients: two seated players and a spectator play (or watch)
 * a real game. Every state message each socket received is decoded on its own (test/support/
 * wireDecoder.ts, not colyseus.js' state), and after every patch:
 * - no other seat's `secret` was ever sent (no change to another player's `secret` field);
 * - the table it holds is exactly what the game's mirror writes for the engine's public view of
 *   that version, field by field (so every face-down card, every hand card, every secret pick
 *   is exactly as public as the engine's public view makes it: nothing more is on the wire), and
 *   reads back (shared/wire) to that public view;
 * - a seated client's own secret is exactly its seat view of that version, and no one else's;
 * - private events (`to` set) reach only their seats, as `events` messages: never another seat,
 *   never the spectator, and never the public `log` in the state.
 * For games still sent as JSON strings, the raw bytes are also searched for other seats' views.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchMaker } from '@colyseus/core';
import type { Schema } from '@colyseus/schema';
import type { Room } from 'colyseus.js';
import { games } from '../../shared/games/registry.js';
import type { AnyGame, Applied, GameEvent } from '../../shared/games/contract.js';
import { eventMsg } from '../../server/state/messages.js';
import { readLog, type LogEntryWire } from '../../shared/wire/table.js';
import type { Msg } from '../../shared/i18n/msg.js';
import { GameRoom } from '../../server/rooms/GameRoom.js';
import { mirrorFor } from '../../server/state/mirrors.js';
import type { GameMirror } from '../../server/state/mirror.js';
import type { PlayerState, TableState } from '../../server/state/TableState.js';
import { readerFor } from '../../shared/wire/registry.js';
import { bootServer, collect, eventually, ready, type TestServer } from '../support/server.js';
import { playWithViewBot, twoSeatedTable, type SyncedSeats } from '../support/viewBotTable.js';
import { legitimateStrings, rawText, recordRawBytes, utf8AsLatin1 } from '../support/rawClient.js';
import { WireDecoder } from '../support/wireDecoder.js';

recordRawBytes();
let server: TestServer;
beforeAll(async () => { server = await bootServer(); });
afterAll(async () => { await server.stop(); });

type Synced = SyncedSeats;

/** What the server's mirror was given, per state version: the public view and each seat's view. */
interface Written { table?: unknown; seats: Map<number, unknown> }

function recordMirror(gameId: string, serverRoom: GameRoom): { written: Map<number, Written>; original: GameMirror; restore(): void } {
  const mirror = mirrorFor(gameId);
  const original = { ...mirror };
  const { writeTable, writeSeat } = mirror;
  const written = new Map<number, Written>();
  const at = () => {
    const version = serverRoom.state.version;
    let entry = written.get(version);
    if (!entry) written.set(version, entry = { seats: new Map() });
    return entry;
  };
  // Mirrors are shared by every room of a game (earlier tests' tables may still be played by bots).
  mirror.writeTable = (target, view) => {
    if (target === serverRoom.state.table) at().table = structuredClone(view);
    writeTable(target, view);
  };
  mirror.writeSeat = (target, view, reveal) => {
    const owner = [...serverRoom.state.players.values()].find((p) => p.secret === target);
    if (owner) at().seats.set(owner.seat, structuredClone(view));
    writeSeat(target, view, reveal);
  };
  return { written, original, restore: () => { mirror.writeTable = writeTable; mirror.writeSeat = writeSeat; } };
}

/**
 * Every private event the engine produced while recording, as its message (JSON) → the seats
 * allowed to see it; and every public message (an identical public event proves nothing).
 */
function recordPrivateEvents(game: AnyGame): { allowed: Map<string, Set<number>>; publicMsgs: Set<string>; restore(): void } {
  const allowed = new Map<string, Set<number>>();
  const publicMsgs = new Set<string>();
  const { apply, advance } = game;
  const note = (outcome: Applied<unknown>) => {
    if (!outcome.ok) return outcome;
    for (const e of outcome.events as GameEvent[]) {
      const m = eventMsg(e);
      if (!m) continue;
      const key = JSON.stringify(m);
      if (!e.to) { publicMsgs.add(key); continue; }
      const seats = allowed.get(key) ?? new Set<number>();
      for (const seat of e.to) seats.add(seat);
      allowed.set(key, seats);
    }
    return outcome;
  };
  game.apply = (...args: Parameters<AnyGame['apply']>) => note(apply.apply(game, args));
  game.advance = (...args: Parameters<AnyGame['advance']>) => note(advance.apply(game, args));
  return { allowed, publicMsgs, restore: () => { game.apply = apply; game.advance = advance; } };
}

/** The schema the mirror writes for a view, as plain data (what a client must hold, no more). */
function mirrored(mirror: GameMirror, kind: 'table' | 'seat', view: unknown): unknown {
  if (kind === 'table') {
    const fresh = mirror.createTable();
    mirror.writeTable(fresh, view);
    return fresh.toJSON();
  }
  const fresh = mirror.createSeat();
  mirror.writeSeat(fresh, view, () => undefined);
  return fresh.toJSON();
}

describe.each(games.map((g) => [g.id, g] as const))('%s: no secret reaches a raw client', (_id, game) => {
  it('each client holds exactly its views after every patch, and never another seat\'s private view', async () => {
    const options = game.optionsSchema.parse({});
    const players = Math.max(3, game.seatRange(options).min);
    const { a, b } = await twoSeatedTable<Synced>(server, game.id, { players: Math.min(players, game.seatRange(options).max) });
    const serverRoom = matchMaker.getLocalRoomById(a.roomId) as GameRoom;
    const recording = recordMirror(game.id, serverRoom);
    const privates = recordPrivateEvents(game);
    try {
      const legit = new Map([a, b].map((r) => [r, legitimateStrings(r)] as const));
      a.send('start', {});
      await eventually(() => a.state.phase === 'playing', 30_000, 'start');
      const watcher = await ready(await server.client().joinById<Synced>(a.roomId, { spectator: true }));
      const received = new Map([a, b, watcher].map((r) => [r, collect<{ type: string; msg: Msg }[]>(r, 'events')] as const));
      legit.set(watcher, legitimateStrings(watcher));
      const stops = [playWithViewBot(game, a, 1), playWithViewBot(game, b, 2)];
      const clients: [Room<Synced>, number | null, WireDecoder][] = [
        [a, a.state.players.get(a.sessionId)!.seat, new WireDecoder(a)],
        [b, b.state.players.get(b.sessionId)!.seat, new WireDecoder(b)],
        [watcher, null, new WireDecoder(watcher)],
      ];
      const seats = a.state.players.size;
      const reader = readerFor(game.id);
      const patchesChecked = new Map<Room, number>();
      let stringChecks = 0;
      // About 8 s of play, longer on a loaded machine until every client has had patches to check (60 s at most).
      const until = Date.now() + 8000;
      const enough = () => Date.now() >= until && clients.every(([client]) => (patchesChecked.get(client) ?? 0) > 2);
      const cap = Date.now() + 60_000;
      while (!enough() && Date.now() < cap && a.state.phase === 'playing') {
        await new Promise((r) => setTimeout(r, 50));
        for (const [client, mySeat, wire] of clients) {
          const who = mySeat === null ? 'the spectator' : `seat ${mySeat}`;
          wire.drain((changes, decoded) => {
            const state = decoded as unknown as TableState;
            const mine = [...state.players.entries()].find(([id]) => id === client.sessionId)?.[1];
            for (const change of changes) {
              if (change.field === 'secret') expect(change.ref, `a secret reached ${who}`).toBe(mine);
            }
            state.players.forEach((p: PlayerState, id: string) => {
              if (id !== client.sessionId) expect(p.secret, `seat ${p.seat}'s secret reached ${who}`).toBeUndefined();
            });
            for (const entry of readLog(state as unknown as { log: LogEntryWire[] })) {
              const key = JSON.stringify(entry.msg);
              if (privates.allowed.has(key) && !privates.publicMsgs.has(key)) expect.fail(`a private event reached ${who}'s log: ${key}`);
            }
            const written = recording.written.get(state.version);
            if (state.phase !== 'playing' || !state.table || written?.table === undefined) return;
            expect((state.table as Schema).toJSON(), `${who}'s table at version ${state.version}`).toEqual(mirrored(recording.original, 'table', written.table));
            expect(reader.publicView(state.table)).toEqual(written.table);
            if (mySeat !== null && mine?.secret && written.seats.has(mySeat)) {
              expect(mine.secret.toJSON(), `${who}'s secret at version ${state.version}`).toEqual(mirrored(recording.original, 'seat', written.seats.get(mySeat)));
              expect(reader.seatView(mine.secret, state.table)).toEqual(written.seats.get(mySeat));
            }
            patchesChecked.set(client, (patchesChecked.get(client) ?? 0) + 1);
          });
          // Views still sent as JSON strings: no other seat's view appears in the bytes.
          const raw = rawText(client);
          const engine = serverRoom.engineState;
          for (let seat = 0; seat < seats; seat++) {
            if (seat === mySeat) continue;
            const other = JSON.stringify(game.seatView(engine, seat, Date.now()));
            // A view identical to one this client legitimately had (e.g. two empty hands) proves nothing.
            if ([...legit.get(client)!].some((ok) => ok.includes(other))) continue;
            expect(raw.includes(utf8AsLatin1(other)), `seat ${seat}'s view reached ${who}`).toBe(false);
            stringChecks++;
          }
        }
      }
      stops.forEach((stop) => stop());
      for (const [client] of clients) expect(patchesChecked.get(client) ?? 0).toBeGreaterThan(2);
      expect(received.get(watcher), 'private events reached the spectator').toEqual([]);
      for (const [client, mySeat] of clients) {
        if (mySeat === null) continue;
        for (const event of received.get(client)!.flat()) {
          const seats = privates.allowed.get(JSON.stringify(event.msg));
          expect(seats?.has(mySeat), `seat ${mySeat} received a private event not meant for it: ${JSON.stringify(event)}`).toBe(true);
        }
      }
      expect(stringChecks).toBeGreaterThan(0);
      await Promise.all([a, b, watcher].map((r) => r.leave(true)));
    } finally {
      recording.restore();
      privates.restore();
    }
  }, 120_000);
});
