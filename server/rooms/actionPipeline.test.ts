/**
 * The action pipeline with the real Railway Madness engine, the real race queue, latency probe and
 * Colyseus clock; the room side is a recorder of what the pipeline asks it to do.
 */
import { describe, expect, it } from 'vitest';
import { Clock } from '@colyseus/core';
import { railwayMadnessGame } from '../../shared/games/railway/index.js';
import type { RailwayState } from '../../shared/games/railway/state.js';
import type { GameEvent } from '../../shared/games/contract.js';
import { LatencyProbe } from './latencyProbe.js';
import { TableClocks } from './tableClocks.js';
import { ActionPipeline, type PipelineRefusal } from './actionPipeline.js';

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
    changed: (events, answer) => seen.changed.push({ events, answer }),
    refuse: (client, refusal) => seen.refused.push({ client, refusal }),
  }, new LatencyProbe(), new TableClocks(clock));
  p.start(railwayMadnessGame.optionsSchema.parse({ variant: 'juniors', players: 2 }), 42, Date.now());
  return { p, seen, clock, stop: () => { playing = false; } };
}

/** A slot seat 0 may take now (the engine says so). */
const faceUp = (s: RailwayState) => s.table.findIndex((_t, slot) => railwayMadnessGame.apply(s, 0, { type: 'take', slot }, Date.now()).ok);

describe('ActionPipeline', () => {
  it('validates before anything reaches the engine', () => {
    const { p, seen } = pipeline();
    p.receive('a', 'a', { nonsense: true });
    p.receive('x', 'spectator', { id: 1, a: { type: 'take', slot: 0 } });
    p.receive('a', 'a', { id: 2, a: { type: 'no_such_action' } });
    expect(seen.refused).toEqual([
      { client: 'a', refusal: { code: 'bad_message', key: 'server:error.bad_message' } },
      { client: 'x', refusal: { code: 'not_seated', key: 'server:error.not_seated', id: 1 } },
      { client: 'a', refusal: { code: 'bad_action', key: 'server:error.bad_action', id: 2 } },
    ]);
    expect(seen.changed).toEqual([]);
  });

  it('a valid action reaches the engine and the room is asked to mirror it and acknowledge it', () => {
    const { p, seen } = pipeline();
    const before = p.engine as RailwayState;
    const slot = faceUp(before);
    p.receive('a', 'a', { id: 7, a: { type: 'take', slot } });
    expect(seen.refused).toEqual([]);
    expect(seen.changed).toHaveLength(1);
    expect(seen.changed[0].answer).toEqual({ client: 'a', id: 7 });
    expect(p.engine).not.toBe(before);
    expect((p.engine as RailwayState).table[slot]).toBeNull();
  });

  it('the second grab of one card is refused by the rules with the engine\'s code', () => {
    const { p, seen } = pipeline();
    const slot = faceUp(p.engine as RailwayState);
    p.receive('a', 'a', { id: 1, a: { type: 'take', slot } });
    p.receive('b', 'b', { id: 1, a: { type: 'take', slot } });
    expect(seen.changed).toHaveLength(1);
    expect(seen.refused).toHaveLength(1);
    expect(seen.refused[0].client).toBe('b');
    expect(seen.refused[0].refusal).toMatchObject({ code: 'gone', id: 1 });
    expect(seen.refused[0].refusal.key).toBe('railway_madness:error.gone');
  });

  it('an action arriving after the game ended is refused as game_over', () => {
    const { p, seen, stop } = pipeline();
    stop();
    p.submit({ seat: 0, action: { type: 'take', slot: 0 }, client: 'a', sessionId: 'a', id: 3, arrival: Date.now() }, undefined);
    expect(seen.refused).toEqual([{ client: 'a', refusal: { code: 'game_over', key: 'server:error.game_over', id: 3 } }]);
  });
});
