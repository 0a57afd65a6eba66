/**
 * Took Over!'s race over real sockets: the taker's "Taking Over!" arrives after the active
 * player's next placement but was made before it (inside its measured delay); it is judged on the line
 * the taker saw, so the take-over wins and the placement is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchMaker } from '@colyseus/core';
import type { Room } from 'colyseus.js';
import { bootServer, collect, eventually, ready, secretOf, tableOf, type TestServer } from '../support/server.js';
import { measured } from '../support/latency.js';
import { sendInTurn } from '../support/arrivals.js';
import type { GameRoom } from '../../server/rooms/GameRoom.js';
import { raceStampsClamped } from '../../server/ops/metrics.js';
import type { TookOverPublicView, TookOverSeatView } from '../../shared/games/took_over/views.js';

let server: TestServer;
beforeAll(async () => { server = await bootServer({ RACE_WINDOW_MS: 150 }); });
afterAll(async () => { await server.stop(); });

type Synced = { phase: string; table?: unknown; players: Map<string, { seat: number; secret?: unknown }> };
/** Race stamps this process moved into a seat's trusted range so far (Took Over!). */
const clampedStamps = async () => (await raceStampsClamped.get()).values.filter((v) => v.labels.game === 'took_over').reduce((sum, v) => sum + v.value, 0);
const pub = (r: Room<Synced>) => tableOf<TookOverPublicView>(r);
const mine = (r: Room<Synced>) => secretOf<TookOverSeatView>(r)!;

describe('Taking Over! against the next placement', () => {
  it('a take-over made before the placement wins even though it arrives after it', async () => {
    // The take-over is sent when the placement has reached the room; a try where the room applied the
    // placement first (its hold over on a loaded machine) proves nothing, and a fresh table is dealt.
    for (let attempt = 0; attempt < 10; attempt++) {
      const a = await ready(await server.client().create<Synced>('took_over', { name: 'A', private: true, players: 2, paceMs: 500 }));
      const b = await ready(await server.client().joinById<Synced>(a.roomId, { name: 'B' }));
      // Both on slow lines (100 ms more round trip): the room trusts their stamps 60 ms back.
      await Promise.all([measured(a, 100), measured(b, 100)]);
      a.send('start', {});
      await eventually(() => a.state.phase === 'playing' && !!a.state.players.get(a.sessionId)?.secret && !!b.state.players.get(b.sessionId)?.secret, 30_000, 'start');
      const rooms = [a, b];
      const room = matchMaker.getLocalRoomById(a.roomId) as GameRoom;
      const answered = rooms.map((r) => [collect<{ id: number }>(r, 'ack'), collect<{ id: number }>(r, 'error')] as const);
      const answer = (r: Room<Synced>, id: number) => answered[rooms.indexOf(r)].some((list) => list.some((m) => m.id === id));
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
          const sent = id++;
          active.send('action', { id: sent, a: m.canPlace.length > 0 ? { type: 'place', card: m.canPlace[0] } : { type: 'pass' } });
          // The answer follows the state it made: look again once it is here.
          await eventually(() => answer(active, sent), 30_000, `the answer to action ${sent}`);
        }
        return undefined;
      }, 60_000, 'a take-over chance');
      const { active, other } = found;
      const clampedBefore = await clampedStamps();
      const now = Date.now();
      const inTurn = await sendInTurn(room,
        { from: active, send: () => active.send('action', { id: 1, a: { type: 'place', card: mine(active).canPlace[0] }, t: now }) },
        { from: other, send: () => other.send('action', { id: 2, a: { type: 'takeOver', cards: [mine(other).canTakeOver[0]] }, t: now - 60 }) });
      await eventually(() => answer(other, 2) && answer(active, 1), 30_000, 'both answered');
      // A take-over that reached the room later than its measured delay allows (a loaded machine)
      // had its stamp moved up to that limit, and rightly loses: that try proves nothing either.
      const fair = inTurn && (await clampedStamps()) === clampedBefore;
      if (fair) {
        const [otherAcks] = answered[rooms.indexOf(other)];
        const [, activeErrors] = answered[rooms.indexOf(active)];
        expect(otherAcks.some((m) => m.id === 2)).toBe(true);
        expect(activeErrors.some((m) => m.id === 1)).toBe(true);
        await eventually(() => pub(a).active === mine(other).seat, 30_000, 'the taker is active');
      }
      await Promise.all(rooms.map((r) => r.leave(true)));
      if (fair) return;
    }
    throw new Error('in 10 tries the room never had both actions, stamped within their delays, before applying one');
  }, 300_000);
});
