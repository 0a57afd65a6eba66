/**
 * The journal in a real room over real sockets (issue 24): an applied action's outcome (its ack,
 * the state patch) reaches nobody before its journal entry is in the store. The store's commit is
 * held at a gate; a ping sent after the action is answered (pongs do not wait for the journal) while
 * the ack and the patch are still held, and they arrive once the commit is let through.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Room } from 'colyseus.js';
import { bootServer, collect, eventually, ready, secretOf, tableOf, type TestServer } from './support/server.js';
import type { TookOverPublicView, TookOverSeatView } from '../shared/games/took_over/views.js';
import { gateCommits } from './support/commitGate.js';

let server: TestServer;
beforeAll(async () => { server = await bootServer({ RACE_WINDOW_MS: 0 }); });
afterAll(async () => { await server.stop(); });

type Synced = { phase: string; version: number; table?: unknown; players: Map<string, { seat: number; secret?: unknown }> };

describe('the journal holds outcomes until they are durable', () => {
  it('no ack and no patch before the commit; both after it, with the action in the stored log', async () => {
    const a = await ready(await server.client().create<Synced>('took_over', { name: 'Ana', private: true, players: 2, paceMs: 500 }));
    a.send('start', {});
    await eventually(() => a.state.phase === 'playing' && !!secretOf(a), 20_000, 'the game to start');
    // Wait for Ana's turn, past the pace, with a card to place (the bot plays its own turns). A turn
    // of hers with no card that fits waits for her "Pass!" (the deal is random: CI flake).
    let passedAt = -1;
    const card = await eventually(() => {
      const view = tableOf<TookOverPublicView>(a);
      const mine = secretOf<TookOverSeatView>(a)!;
      if (view.phase !== 'play' || view.active !== mine.seat || Date.now() < view.paceUntil + 50) return undefined;
      if (mine.canPlace.length > 0) return mine.canPlace[0];
      if (mine.canPass && passedAt !== a.state.version) {
        passedAt = a.state.version;
        a.send('action', { id: 1000 + passedAt, a: { type: 'pass' } });
      }
      return undefined;
    }, 60_000, "Ana's turn with a card to place");
    const acks = collect<{ id: number }>(a, 'ack');
    const pongs = collect<{ c: number }>(a, 'pong');
    const versionBefore = a.state.version;
    const gate = gateCommits(server.junction.store);
    a.send('action', { id: 1, a: { type: 'place', card } });
    a.send('ping', { c: 1 });
    await eventually(() => pongs.length > 0, 20_000, 'the pong');
    // The ping was handled after the action (one socket, in order): an ack sent without waiting
    // for the journal would have arrived before the pong.
    await eventually(() => gate.held() > 0, 20_000, 'the commit to reach the store');
    expect(acks).toEqual([]);
    expect(a.state.version).toBe(versionBefore);
    const logBefore = await server.junction.store.readGameLog(a.roomId);
    expect(logBefore.some((e) => e.k === 'a' && placed(e.a, card))).toBe(false);
    gate.open();
    await eventually(() => acks.some((m) => m.id === 1), 20_000, 'the ack');
    expect(a.state.version).toBeGreaterThan(versionBefore);
    const log = await server.junction.store.readGameLog(a.roomId);
    expect(log.some((e) => e.k === 'a' && placed(e.a, card))).toBe(true);
    await a.leave(true);
  }, 120_000);
});

describe('a table taken over by another process', () => {
  it('writes nothing more, shows nothing more, and closes its copy', async () => {
    const a = await ready(await server.client().create<Synced>('took_over', { name: 'Ana', private: true, players: 2, paceMs: 500 }));
    a.send('start', {});
    await eventually(() => a.state.phase === 'playing' && !!secretOf(a), 20_000, 'the game to start');
    await eventually(async () => (await server.junction.store.getGameSession(a.roomId)) !== null, 20_000, 'the session row');
    let closed = false;
    const left = new Promise<number>((resolve) => a.onLeave((code) => { closed = true; resolve(code); }));
    const acks = collect<{ id: number }>(a, 'ack');
    // Another process claims the table: the claim waits for a commit in flight, then nothing more
    // of this copy may be written.
    const claim = await server.junction.store.claimGameSession(a.roomId, 'another-process');
    expect(claim?.fence).toBe(2);
    const logAtClaim = await server.junction.store.readGameLog(a.roomId);
    // The next entry this copy records (Ana's placement, or the bot's move) is refused by the store.
    const card = await eventually(() => {
      if (closed) return null;
      const view = tableOf<TookOverPublicView>(a);
      const mine = secretOf<TookOverSeatView>(a)!;
      return view.phase === 'play' && view.active === mine.seat && Date.now() >= view.paceUntil + 50 && mine.canPlace.length > 0 ? mine.canPlace[0] : undefined;
    }, 40_000, "Ana's turn or the copy closed");
    if (card !== null) a.send('action', { id: 7, a: { type: 'place', card } });
    await left;
    expect(acks.some((m) => m.id === 7)).toBe(false);
    expect(await server.junction.store.readGameLog(a.roomId)).toEqual(logAtClaim);
  }, 120_000);
});

/** jsonb keeps no key order: compare the fields. */
function placed(action: unknown, card: string): boolean {
  const a = action as { type?: unknown; card?: unknown };
  return a.type === 'place' && a.card === card;
}

export type { Room };
