/**
 * Took Over!'s race over real sockets: the taker's "Taking Over!" arrives after the active
 * player's next placement but was made before it (inside its measured delay); it is judged on the line
 * the taker saw, so the take-over wins and the placement is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Room } from 'colyseus.js';
import { bootServer, collect, eventually, ready, secretOf, tableOf, type TestServer } from '../support/server.js';
import { measured } from '../support/latency.js';
import type { TookOverPublicView, TookOverSeatView } from '../../shared/games/took_over/views.js';

let server: TestServer;
beforeAll(async () => { server = await bootServer({ RACE_WINDOW_MS: 150 }); });
afterAll(async () => { await server.stop(); });

type Synced = { phase: string; table?: unknown; players: Map<string, { seat: number; secret?: unknown }> };
const pub = (r: Room<Synced>) => tableOf<TookOverPublicView>(r);
const mine = (r: Room<Synced>) => secretOf<TookOverSeatView>(r)!;

describe('Taking Over! against the next placement', () => {
  it('a take-over made before the placement wins even though it arrives after it', async () => {
    const a = await ready(await server.client().create<Synced>('took_over', { name: 'A', private: true, players: 2, paceMs: 500 }));
    const b = await ready(await server.client().joinById<Synced>(a.roomId, { name: 'B' }));
    // Both on slow lines (100 ms more round trip): the room trusts their stamps 60 ms back.
    await Promise.all([measured(a, 100), measured(b, 100)]);
    a.send('start', {});
    await eventually(() => a.state.phase === 'playing' && !!a.state.players.get(a.sessionId)?.secret && !!b.state.players.get(b.sessionId)?.secret, 5000, 'start');
    const rooms = [a, b];
    let id = 100;
    // Play on (placing, or passing) until one seat is active with a card to place while the other can take over.
    const found = await eventually(async () => {
      const view = pub(a);
      if (view.phase !== 'play') return undefined;
      const active = rooms.find((r) => mine(r).seat === view.active)!;
      const other = rooms.find((r) => r !== active)!;
      const ready = Date.now() >= view.paceUntil;
      if (ready && mine(active).canPlace.length > 0 && mine(other).canTakeOver.length > 0) return { active, other };
      if (ready) {
        const m = mine(active);
        active.send('action', { id: id++, a: m.canPlace.length > 0 ? { type: 'place', card: m.canPlace[0] } : { type: 'pass' } });
        await new Promise((r) => setTimeout(r, 120));
      }
      return undefined;
    }, 25_000, 'a take-over chance');
    const { active, other } = found;
    const activeAnswers = [collect<{ id: number }>(active, 'ack'), collect<{ id: number; code: string }>(active, 'error')] as const;
    const otherAcks = collect<{ id: number }>(other, 'ack');
    const now = Date.now();
    active.send('action', { id: 1, a: { type: 'place', card: mine(active).canPlace[0] }, t: now });
    await new Promise((r) => setTimeout(r, 30));
    other.send('action', { id: 2, a: { type: 'takeOver', cards: [mine(other).canTakeOver[0]] }, t: now - 60 });
    await eventually(() => otherAcks.some((m) => m.id === 2), 5000, 'the take-over is applied');
    await eventually(() => activeAnswers[0].some((m) => m.id === 1) || activeAnswers[1].some((m) => m.id === 1), 5000, 'the placement is answered');
    expect(activeAnswers[1].some((m) => m.id === 1)).toBe(true);
    expect(pub(a).active).toBe(mine(other).seat);
    await Promise.all(rooms.map((r) => r.leave(true)));
  }, 60_000);
});
