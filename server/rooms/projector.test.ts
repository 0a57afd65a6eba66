/**
 * The projector with the real Railway Madness engine, its derived mirror and real StateViews: what
 * it writes for every change, who receives private events (and when: only once durable), and the
 * result it keeps for storage (the engine's, resignations counted).
 */
import { describe, expect, it } from 'vitest';
import { ClientArray, type Client } from '@colyseus/core';
import { StateView } from '@colyseus/schema';
import { railwayMadnessGame as game } from '../../shared/games/railway/index.js';
import { PlayerState, TableState } from '../state/TableState.js';
import '../state/mirrors.js';
import { TableProjector } from './projector.js';

interface Sent { to: string; type: string; message: unknown }

function table() {
  const state = new TableState();
  state.game = game.id;
  const clients = new ClientArray();
  const sent: Sent[] = [];
  for (const [id, seat] of [['a', 0], ['b', 1]] as const) {
    const player = new PlayerState();
    player.seat = seat;
    player.name = id;
    state.players.set(id, player);
    const client = { sessionId: id, view: new StateView(), send: (type: string, message: unknown) => sent.push({ to: id, type, message }) } as unknown as Client;
    client.view!.add(player);
    clients.push(client);
  }
  const waiting: (() => void)[] = [];
  let durable = true;
  const projector = new TableProjector(game, state, () => clients, (show) => (durable ? show() : waiting.push(show)));
  const engine = game.setup(game.optionsSchema.parse({ variant: 'juniors', players: 2 }), 2, 42, 1_000);
  return { state, sent, projector, engine, holdJournal: () => { durable = false; }, flushJournal: () => { durable = true; waiting.splice(0).forEach((s) => s()); } };
}

describe('TableProjector', () => {
  it('writes a new version: the public view, each connected seat\'s own view, who acts and the deadline', () => {
    const { state, projector, engine } = table();
    const deadline = projector.project(engine, 1_000);
    expect(state.version).toBe(1);
    expect(state.changedAt).toBe(1_000);
    expect(state.table).toBeDefined();
    expect([...state.active]).toEqual(game.activeSeats(engine));
    expect(deadline).toBe(game.nextDeadline(engine));
    expect(state.deadline).toBe(deadline ?? 0);
    for (const p of state.players.values()) expect(p.secret).toBeDefined();
    projector.project(engine, 1_500);
    expect(state.version).toBe(2);
  });

  it('a seat without a client gets no secret (nobody could receive it)', () => {
    const { state, projector, engine } = table();
    const away = new PlayerState();
    away.seat = 2;
    state.players.set('away', away);
    projector.project(engine, 1_000);
    expect(away.secret).toBeUndefined();
  });

  it('public events go to the log; private events reach only their seats, once the journal holds them', () => {
    const { state, sent, projector, holdJournal, flushJournal } = table();
    holdJournal();
    projector.log([
      { type: 'took', msg: { key: 'railway_madness:event.took', params: { seat: '@0' } } },
      { type: 'drew', msg: { key: 'railway_madness:event.drew_secret', params: { seat: '@1' } }, to: [1] },
    ]);
    expect([state.log.length, state.logShapes[0]]).toEqual([1, ':event.took\u001fseat']);
    expect(sent).toEqual([]);
    flushJournal();
    expect(sent).toEqual([{ to: 'b', type: 'events', message: [{ type: 'drew', msg: { key: 'railway_madness:event.drew_secret', params: { seat: '@1' } } }] }]);
  });

  it('keeps the result it wrote, resigned seats last, for storage', () => {
    const { state, projector } = table();
    const result = { seats: [{ seat: 0, place: 2, score: 1 }, { seat: 1, place: 1, score: 5 }], summary: { key: 'railway_madness:summary.win', params: { seat: '@1' } } };
    expect(projector.result).toBeNull();
    projector.finish(result, new Set([1]));
    projector.writeScores(result);
    expect(state.phase).toBe('finished');
    expect(state.deadline).toBe(0);
    expect(projector.result).toEqual({ ...result, seats: [{ seat: 0, place: 1, score: 1 }, { seat: 1, place: 2, score: 5 }] });
    expect(state.result?.seats.map((s) => [s.seat, s.place])).toEqual([[0, 1], [1, 2]]);
    expect([...state.players.values()].map((p) => p.score)).toEqual([1, 5]);
  });
});
