/**
 * The action pipeline with the real Railway Madness engine, the real race queue, latency probe and
 * Colyseus clock; the room side is a recorder of the outcomes the pipeline returns.
 */
import { describe, expect, it } from 'vitest';
import { Clock } from '@colyseus/core';
import { railwayMadnessGame } from '../../shared/games/railway/index.js';
import type { RailwayState } from '../../shared/games/railway/state.js';
import type { GameEvent } from '../../shared/games/contract.js';
import { LatencyProbe } from './latencyProbe.js';
import { TableClocks } from './tableClocks.js';
import { ActionPipeline, type PipelineOutcome, type PipelineRefusal, type QueuedAction } from './actionPipeline.js';

interface Seen { changed: { events: GameEvent[]; answer?: { client: string; id: number } }[]; refused: { client: string; refusal: PipelineRefusal }[] }

function pipeline(opts: { playing?: boolean; seats?: Record<string, number> } = {}) {
  const clock = new Clock();
  const seen: Seen = { changed: [], refused: [] };
  const seats = opts.seats ?? { a: 0, b: 1 };
  let playing = opts.playing ?? true;
  const p = new ActionPipeline<string>(railwayMadnessGame, {
    playing: () => playing,
    seatOf: (id) => seats[id] ?? null,
    otherHumans: (self) => Object.keys(seats).filter((id) => id !== self),
    raceWindowMs: () => 0,
    actionLog: () => null,
  }, new LatencyProbe());
  const clocks = new TableClocks(clock);
  const show = (outcomes: Iterable<PipelineOutcome<string>>): void => {
    clocks.clear('release');
    for (const o of outcomes) {
      if (o.kind === 'applied') seen.changed.push({ events: o.events, answer: o.answer });
      else if (o.kind === 'refused') seen.refused.push({ client: o.client, refusal: o.refusal });
    }
    clocks.at('release', p.nextReleaseAt(), () => show(p.release()));
  };
  p.start(railwayMadnessGame.optionsSchema.parse({ variant: 'juniors', players: 2 }), 42, Date.now());
  return {
    receive: (client: string, sessionId: string, message: unknown) => show(p.receive(client, sessionId, message)),
    submit: (queued: QueuedAction<string>) => show(p.submit(queued, undefined)),
    engine: () => p.engine, seen, clock, stop: () => { playing = false; },
  };
}

/** A slot seat 0 may take now (the engine says so). */
const faceUp = (s: RailwayState) => s.table.findIndex((_t, slot) => railwayMadnessGame.apply(s, 0, { type: 'take', slot }, Date.now()).ok);

describe('ActionPipeline', () => {
  it('validates before anything reaches the engine', () => {
    const { receive, engine, seen } = pipeline();
    receive('a', 'a', { nonsense: true });
    receive('x', 'spectator', { id: 1, a: { type: 'take', slot: 0 } });
    receive('a', 'a', { id: 2, a: { type: 'no_such_action' } });
    expect(seen.refused).toEqual([
      { client: 'a', refusal: { code: 'bad_message', key: 'server:error.bad_message' } },
      { client: 'x', refusal: { code: 'not_seated', key: 'server:error.not_seated', id: 1 } },
      { client: 'a', refusal: { code: 'bad_action', key: 'server:error.bad_action', id: 2 } },
    ]);
    expect(seen.changed).toEqual([]);
  });

  it('a valid action reaches the engine and comes back as applied, with the answer for its client', () => {
    const { receive, engine, seen } = pipeline();
    const before = engine() as RailwayState;
    const slot = faceUp(before);
    receive('a', 'a', { id: 7, a: { type: 'take', slot } });
    expect(seen.refused).toEqual([]);
    expect(seen.changed).toHaveLength(1);
    expect(seen.changed[0].answer).toEqual({ client: 'a', id: 7 });
    expect(engine()).not.toBe(before);
    expect((engine() as RailwayState).table[slot]).toBeNull();
  });

  it('the second grab of one card is refused by the rules with the engine\'s code', () => {
    const { receive, engine, seen } = pipeline();
    const slot = faceUp(engine() as RailwayState);
    receive('a', 'a', { id: 1, a: { type: 'take', slot } });
    receive('b', 'b', { id: 1, a: { type: 'take', slot } });
    expect(seen.changed).toHaveLength(1);
    expect(seen.refused).toHaveLength(1);
    expect(seen.refused[0].client).toBe('b');
    expect(seen.refused[0].refusal).toMatchObject({ code: 'gone', id: 1 });
    expect(seen.refused[0].refusal.key).toBe('railway_madness:error.gone');
  });

  it('an action arriving after the game ended is refused as game_over', () => {
    const { submit, seen, stop } = pipeline();
    stop();
    submit({ seat: 0, action: { type: 'take', slot: 0 }, client: 'a', sessionId: 'a', id: 3, arrival: Date.now() });
    expect(seen.refused).toEqual([{ client: 'a', refusal: { code: 'game_over', key: 'server:error.game_over', id: 3 } }]);
  });
});
