/**
 * Every game's mirror, over a whole seeded bot game encoded and decoded as a room sends it: after
 * every change each client reads back (shared/wire) exactly the engine's public view and its own
 * seat view, and holds no other seat's secret.
 */
import { describe, expect, it } from 'vitest';
import { findGame, games } from '../../shared/games/registry.js';
import type { AnyGame } from '../../shared/games/contract.js';
import { readerFor } from '../../shared/wire/registry.js';
import { mirrorFor } from './mirrors.js';
import { jsonViewsMirror as jsonMirror } from '../../loadtest/scenarios/jsonViews.js';
import { replayWire } from './wireReplay.js';

/** Every game's default table, plus variants whose views have parts of their own. */
const cases: [string, AnyGame, Record<string, unknown>][] = [
  ...games.map((g) => [g.id, g, {}] as [string, AnyGame, Record<string, unknown>]),
  ['railway_madness longest_train', findGame('railway_madness')!, { variant: 'longest_train' }],
  ['bip_bip hidden hands, manual referee', findGame('bip_bip')!, { hiddenHands: true, manualReferee: true }],
  ['bip_bip three rounds, leader chooses', findGame('bip_bip')!, { variant: 'three_rounds', leaderChooses: true }],
  ['rush_hour kids, high trailers, 2 deals', findGame('rush_hour')!, { variant: 'kids', trailerNumbers: 'high', trailerPoints: 2, deals: 2 }],
  ['traffic_tango public replay and garnets', findGame('traffic_tango')!, { publicReplay: true, publicGarnets: true }],
  ['car_exchange with talking, playDrawn, raceMode', findGame('car_exchange')!, { talking: true, playDrawn: true, raceMode: true, targetScore: 20 }],
];

describe.each(cases)('%s mirror', (_name, game, options) => {
  it('every client reads back exactly its views after every change of a seeded game', () => {
    const reader = readerFor(game.id);
    const seats = Math.min(4, game.seatRange(game.optionsSchema.parse(options)).max);
    const result = replayWire(game, mirrorFor(game.id), {
      seed: 7, seats, options,
      check: ({ state, now, clients }) => {
        const publicView = game.publicView(state, now);
        clients.forEach((client, seat) => {
          expect(reader.publicView(client.table)).toEqual(publicView);
          client.players.forEach((p) => {
            if (p.seat === seat) expect(reader.seatView(p.secret, client.table)).toEqual(game.seatView(state, seat, now));
            else expect(p.secret).toBeUndefined();
          });
        });
      },
    });
    expect(result.changes).toBeGreaterThan(10);
    expect(result.finished).toBe(true);
  });
});

describe('railway_madness on the wire', () => {
  it('sends a small fraction of the JSON strings\' bytes per change', () => {
    const game = games.find((g) => g.id === 'railway_madness')!;
    const typed = replayWire(game, mirrorFor(game.id), { seed: 3, seats: 4 });
    const json = replayWire(game, jsonMirror, { seed: 3, seats: 4 });
    expect(typed.changes).toBe(json.changes);
    // Both carry the public move log in the patch (issue 16): ~154 B against ~1,509 B per change
    // on this seed (9.8×); issue 14's 20× target for Railway is not met while log entries travel.
    expect(typed.bytesPerChangePerClient * 8).toBeLessThan(json.bytesPerChangePerClient);
  });
});
