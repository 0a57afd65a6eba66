/**
 * The public turn-based queue per game (issue 25; docs/architecture.md "The public turn-based
 * queue") with colyseus.js: quick play with `pace: 'turn'` seats players as they arrive, at a table
 * that waits hours for its seats (no short start timeout); a player may close the page meanwhile
 * and keeps the seat; live quick play and another move clock are other queues; the table starts
 * when its last seat is taken, and the player who left retakes their seat by id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Room } from 'colyseus.js';
import { bootServer, eventually, ready, type TestServer } from '../support/server.js';

interface Synced { phase: string; autoStartAt: number; players: Map<string, { seat: number; bot: boolean; connected: boolean; name: string }> }
interface Guest { token: string; identity: { id: string } }

let server: TestServer;
beforeAll(async () => {
  server = await bootServer({ RECONNECT_SECONDS: 1, QUICKPLAY_FILL_MS: 60_000 });
});
afterAll(async () => { await server?.stop(); });

async function guest(): Promise<Guest> {
  return (await (await fetch(`${server.http}/api/identity`, { method: 'POST' })).json()) as Guest;
}

const queue = (who: Guest, moveClock = '12h') => server.client().joinOrCreate<Synced>('rush_hour', { pace: 'turn', moveClock, players: 3, token: who.token });
const humans = (room: Room<Synced>) => [...room.state.players.values()].filter((p) => !p.bot);

describe('the public turn-based queue', () => {
  it('seats players as they arrive over time, keeps the seat of one who left, and starts when full', async () => {
    const [ana, ben, cleo, dan, eve] = await Promise.all([guest(), guest(), guest(), guest(), guest()]);
    const first = await ready(await queue(ana));
    const tableId = first.roomId;
    expect(first.state.phase).toBe('waiting');
    // Durable while it fills: its row holds Ana's seat.
    await eventually(async () => (await server.junction.store.getGameSession(tableId))?.seats.some((s) => s.identityId === ana.identity.id), 30_000, 'Ana\'s seat in the store');
    expect(await server.junction.store.getGameSession(tableId)).toMatchObject({ filling: true, status: 'running' });
    // It waits for its seats for hours (QUICKPLAY_TURN_FILL_MS), not quick play's seconds.
    expect(first.state.autoStartAt - Date.now()).toBeGreaterThan(3_600_000);
    // Ana closes the page: her seat stays hers.
    await first.leave(false);

    // Live quick play and another clock are other queues.
    const live = await ready(await server.client().joinOrCreate<Synced>('rush_hour', { players: 3, token: dan.token }));
    expect(live.roomId).not.toBe(tableId);
    const hourly = await ready(await queue(eve, '1h'));
    expect(hourly.roomId).not.toBe(tableId);

    const second = await ready(await queue(ben));
    expect(second.roomId).toBe(tableId);
    await eventually(() => humans(second).length === 2, 30_000, 'Ana still seated beside Ben');
    expect(humans(second).filter((p) => !p.connected)).toHaveLength(1);
    expect(second.state.phase).toBe('waiting');

    const third = await ready(await queue(cleo));
    expect(third.roomId).toBe(tableId);
    await eventually(() => third.state.phase === 'playing', 30_000, 'started when full');
    expect(humans(third)).toHaveLength(3);
    // Its row is now the game's: the three players' seats, no longer filling.
    const game = await eventually(async () => { const s = await server.junction.store.getGameSession(tableId); return s && !s.filling ? s : undefined; }, 30_000, 'the started game in the store');
    expect(game.seats.filter((s) => !s.bot).map((s) => s.identityId).sort()).toEqual([ana, ben, cleo].map((g) => g.identity.id).sort());

    // Ana comes back to her seat by id.
    const back = await ready(await server.client().joinById<Synced>(tableId, { token: ana.token }));
    await eventually(() => back.state.players.get(back.sessionId)?.connected === true, 30_000, 'Ana back in her seat');
    expect(humans(back)).toHaveLength(3);
    await Promise.all([second, third, back, live, hourly].map((r) => r.leave(true)));
  }, 120_000);

  it('closes a queued table when its last player leaves it', async () => {
    const solo = await guest();
    const room = await ready(await queue(solo, '3d'));
    const id = room.roomId;
    const count = async () => ((await (await fetch(`${server.http}/health`)).json()) as { rooms: number }).rooms;
    const before = await count();
    await room.leave(true);
    await eventually(async () => (await count()) === before - 1, 30_000, 'the empty queued table closed');
    // Its row went with it (no game was played, nothing to reopen or list).
    expect(await server.junction.store.getGameSession(id)).toBeNull();
    const next = await ready(await queue(await guest(), '3d'));
    expect(next.roomId).not.toBe(id);
    await next.leave(true);
  }, 60_000);
});
