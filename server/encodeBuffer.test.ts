/**
 * Every game at its largest table, over whole seeded bot games encoded as a room sends them, with
 * the buffer size the app sets: every client reads back exactly its views after every change, and
 * the largest patch (shared part + every seat's view part) and the full state at the end (log
 * included, as a late joiner gets it) stay under half the buffer.
 */
import { Encoder, type StateView } from '@colyseus/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findGame, games } from '../shared/games/registry.js';
import type { AnyGame } from '../shared/games/contract.js';
import { readerFor } from '../shared/wire/registry.js';
import { mirrorFor } from './state/mirrors.js';
import { replayWire } from './state/wireReplay.js';
import { ENCODE_BUFFER_BYTES, useEncodeBufferSize } from './encodeBuffer.js';

const cases: [string, AnyGame, Record<string, unknown>][] = [
  ...games.map((g) => [g.id, g, {}] as [string, AnyGame, Record<string, unknown>]),
  ['car_exchange with talking, playDrawn, raceMode', findGame('car_exchange')!, { talking: true, playDrawn: true, raceMode: true, targetScore: 40 }],
  ['bip_bip three rounds', findGame('bip_bip')!, { variant: 'three_rounds' }],
  ['rush_hour kids, 2 deals', findGame('rush_hour')!, { variant: 'kids', deals: 2 }],
];

const previousSize = Encoder.BUFFER_SIZE;
const originalEncodeView = Encoder.prototype.encodeView;
let peakPatch = 0;
let lastEncoder: Encoder | undefined;
let lastViews = new Set<StateView>();

beforeAll(() => {
  useEncodeBufferSize();
  // Watch how far each patch's writes go into the encoder's buffer (shared part + views so far).
  Encoder.prototype.encodeView = function (this: Encoder, view, sharedOffset, it, bytes) {
    const out = originalEncodeView.call(this, view, sharedOffset, it, bytes);
    peakPatch = Math.max(peakPatch, it.offset);
    lastEncoder = this;
    lastViews.add(view);
    return out;
  };
});
afterAll(() => {
  Encoder.prototype.encodeView = originalEncodeView;
  Encoder.BUFFER_SIZE = previousSize;
});

const sizes: string[] = [];
afterAll(() => console.log(`encode buffer use (bytes, of ${ENCODE_BUFFER_BYTES}):\n${sizes.join('\n')}`));

describe.each(cases)('%s at its largest table', (name, game, options) => {
  it.each([3, 11])('seed %i: every client decodes its views; patches and the full state fit the buffer', (seed) => {
    peakPatch = 0;
    lastViews = new Set();
    const reader = readerFor(game.id);
    const seats = game.seatRange(game.optionsSchema.parse(options)).max;
    const result = replayWire(game, mirrorFor(game.id), {
      seed, seats, options, maxSteps: 6000,
      check: ({ state, now, clients }) => {
        const publicView = game.publicView(state, now);
        clients.forEach((client, seat) => {
          expect(reader.publicView(client.table)).toEqual(publicView);
          const own = [...client.players.values()].find((p) => p.seat === seat)!;
          expect(reader.seatView(own.secret, client.table)).toEqual(game.seatView(state, seat, now));
        });
      },
    });
    expect(result.changes).toBeGreaterThan(10);
    // The full state at the end, as a joiner gets it: shared part, then one client's view part.
    const full = { offset: 1 };
    const scratch = Buffer.alloc(1 << 20);
    lastEncoder!.encodeAll(full, scratch);
    let fullWithView = full.offset;
    for (const view of lastViews) {
      const it = { ...full };
      lastEncoder!.encodeAllView(view, full.offset, it, scratch);
      fullWithView = Math.max(fullWithView, it.offset);
    }
    sizes.push(`${name} ${seats} seats seed ${seed}: ${result.changes} changes, finished ${result.finished}, largest patch ${peakPatch}, full state ${fullWithView}`);
    expect(peakPatch).toBeLessThan(ENCODE_BUFFER_BYTES / 2);
    expect(fullWithView).toBeLessThan(ENCODE_BUFFER_BYTES / 2);
  });
});
