/**
 * Rematch over real sockets: two humans and a bot finish a short game, one asks for a rematch,
 * both humans are told the new room, a second request gets the same room, both join it and the
 * bot is already in its seat at its level; same game, variant and options, a new private code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Room } from 'colyseus.js';
import { games } from '../../shared/games/registry.js';
import { readOptions, type OptionValueWire } from '../../shared/wire/table.js';
import { bootServer, collect, eventually, ready, type TestServer } from '../support/server.js';
import { playWithViewBot, twoSeatedTable, type SyncedSeats } from '../support/viewBotTable.js';

const GAME = 'traffic_memory';
const OPTIONS = { range: '1-12', players: 3 };

interface Synced extends SyncedSeats {
  code: string; variant: string;
  players: Map<string, { seat: number; bot: boolean; botLevel: string; name: string; host: boolean; secret?: unknown }>;
  options: { forEach(cb: (value: OptionValueWire, key: string) => void): void };
}

let server: TestServer;
beforeAll(async () => { server = await bootServer({ FINISHED_LINGER_MS: 60_000 }); });
afterAll(async () => { await server.stop(); });

const bots = (room: Room<Synced>) => [...room.state.players.values()].filter((p) => p.bot).map((p) => ({ seat: p.seat, level: p.botLevel })).sort((x, y) => x.seat - y.seat);

describe('rematch', () => {
  it('opens the same table again once, tells every human, and seats the bots again', async () => {
    const game = games.find((g) => g.id === GAME)!;
    const { a, b } = await twoSeatedTable<Synced>(server, GAME, OPTIONS, ['Ana', 'Bo']);
    const watcher = await ready(await server.client().joinById<Synced>(a.roomId, { spectator: true }));
    a.send('add_bot', { level: 'hard' });
    await eventually(() => a.state.players.size === 3, 30_000, 'the bot sits');
    const botsBefore = bots(a);
    const offers = [a, b, watcher].map((r) => collect<{ roomId: string; by: number }>(r, 'rematch'));
    const errors = [a, watcher].map((r) => collect<{ code: string; key: string }>(r, 'error'));

    a.send('rematch');
    await eventually(() => errors[0].length > 0, 30_000, 'refused before the result');
    expect(errors[0][0]).toMatchObject({ code: 'no_result_yet', key: 'server:error.no_result_yet' });

    a.send('start', {});
    await eventually(() => a.state.phase === 'playing', 30_000, 'start');
    const stops = [playWithViewBot(game, a, 1, 30), playWithViewBot(game, b, 2, 30)];
    await eventually(() => a.state.phase === 'finished' && b.state.phase === 'finished', 150_000, 'the game ends');
    stops.forEach((stop) => stop());

    watcher.send('rematch');
    await eventually(() => errors[1].length > 0, 30_000, 'a spectator cannot ask');
    expect(errors[1][0].code).toBe('not_seated');

    const aSeat = a.state.players.get(a.sessionId)!.seat;
    a.send('rematch');
    await eventually(() => offers[0].length > 0 && offers[1].length > 0, 30_000, 'both humans are told');
    const [offer] = offers[0];
    expect(offer.roomId).not.toBe(a.roomId);
    expect(offers[1][0]).toEqual(offer);
    expect(offer.by).toBe(aSeat);
    b.send('rematch');
    await eventually(() => offers[1].length > 1, 30_000, 'a second request is answered');
    expect(offers[1][1].roomId).toBe(offer.roomId);
    expect(offers[2], 'spectators are not offered a seat').toEqual([]);

    const a2 = await ready(await server.client().joinById<Synced>(offer.roomId, { name: 'Ana' }));
    const b2 = await ready(await server.client().joinById<Synced>(offer.roomId, { name: 'Bo' }));
    await eventually(() => a2.state.players.size === 3, 30_000, 'everyone seated');
    expect(a2.state.phase).toBe('waiting');
    expect(bots(a2)).toEqual(botsBefore);
    expect(a2.state.variant).toBe(a.state.variant);
    expect(readOptions(a2.state.options)).toEqual(readOptions(a.state.options));
    expect(a2.state.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(a2.state.code).not.toBe(a.state.code);
    expect([...a2.state.players.values()].filter((p) => !p.bot).map((p) => p.name).sort()).toEqual(['Ana', 'Bo']);
    a2.send('start', {});
    await eventually(() => b2.state.phase === 'playing', 30_000, 'the rematch starts');
    await Promise.all([a, b, watcher, a2, b2].map((r) => r.leave(true).catch(() => undefined)));
  }, 200_000);

  it('a client cannot open a rematch table itself', async () => {
    await expect(server.client().create(GAME, { ...OPTIONS, rematch: { bots: [{ seat: 0, level: 'hard' }] } })).rejects.toThrow(/^rematch_server_only$/);
  });
});
