/**
 * A real table over real sockets for integration tests: a host creates a private table, a second
 * player joins it, and each seat can be played the way a browser would (the game's view bot, fed
 * only what this client decoded from the wire).
 */
import type { Room } from 'colyseus.js';
import type { AnyGame } from '../../shared/games/contract.js';
import { readTableViews } from '../../shared/wire/registry.js';
import type { SyncedTable } from '../../shared/wire/contract.js';
import { Rng } from '../../shared/random.js';
import { ready, type TestServer } from './server.js';

export interface SyncedSeats extends SyncedTable { phase: string; version: number; players: Map<string, { seat: number; secret?: unknown }> }

/** The host (`names[0]`) creates a private table with these options, the second player joins it. */
export async function twoSeatedTable<S extends SyncedSeats>(server: TestServer, gameId: string, options: Record<string, unknown>,
  names: [string, string] = ['A', 'B']): Promise<{ a: Room<S>; b: Room<S> }> {
  const a = await ready(await server.client().create<S>(gameId, { name: names[0], private: true, ...options }));
  const b = await ready(await server.client().joinById<S>(a.roomId, { name: names[1] }));
  return { a, b };
}

/** Plays this seat with the game's view bot (what a browser sees) until the returned stop is called. */
export function playWithViewBot<S extends SyncedSeats>(game: AnyGame, room: Room<S>, seed: number, everyMs = 40): () => void {
  const rng = new Rng(seed);
  let stopped = false;
  let last = -1;
  let id = 1;
  room.onMessage('ack', () => undefined); // acks are expected; colyseus.js warns about unheard types
  const tick = () => {
    if (stopped) return;
    const s = room.state;
    if (s.phase === 'playing' && s.version !== last && game.viewBot) {
      last = s.version;
      const me = s.players.get(room.sessionId);
      const views = readTableViews(s, room.sessionId);
      if (me && views) {
        const action = game.viewBot(views.publicView, views.seatView, me.seat, rng.state, Date.now());
        rng.next();
        if (action) room.send('action', { id: id++, a: action, t: Date.now() });
      }
    }
    setTimeout(tick, everyMs);
  };
  tick();
  return () => { stopped = true; };
}
