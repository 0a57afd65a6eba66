/**
 * Determinism (issue 18): for every game, 200 seeded bot games recorded in the room's log format
 * and rebuilt from (options, seats, seed, start time, log) end in the identical state and result.
 * The first games of each also make a round trip through the embedded store (JSON in jsonb).
 */
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../games/registry.js';
import type { AnyGame } from '../games/contract.js';
import { Rng } from '../random.js';
import { botProposals, simulate } from '../games/testing/simulate.js';
import { rebuild } from './rebuild.js';
import { recordingEngine } from './recorder.js';
import type { LogEntry, SessionSetup } from './log.js';
import { openStore, type Store } from '../../server/store/index.js';

const GAMES_PER_GAME = 200;
const STORE_ROUND_TRIPS = 8;
const QUICK: Record<string, Record<string, unknown>> = { car_exchange: { rounds: 1 } };

function playOne(game: AnyGame, seed: number): { setup: SessionSetup; log: LogEntry[]; state: unknown } {
  const rng = new Rng(seed ^ 0x5bd1e995);
  const variant = game.variants[seed % game.variants.length];
  const base = game.optionsSchema.parse({ ...QUICK[game.id], variant });
  const range = game.seatRange(base);
  const seats = range.min + (seed % (range.max - range.min + 1));
  const options = game.optionsSchema.parse({ ...QUICK[game.id], variant, players: seats });
  const startedAt = 1_700_000_000_000 + seed;
  const setup: SessionSetup = { options, seats, seed: (seed * 2654435761) >>> 0, startedAt };
  const log: LogEntry[] = [];
  const engine = recordingEngine(game, startedAt, log);
  const seatList = Array.from({ length: seats }, (_, i) => i);
  const propose = botProposals(game.bot.bind(game), seatList, (s) => (s % 2 ? 'hard' : 'easy'), rng);
  // simulate() counts time from 0; the room counts from the start time: shift both ways.
  const run = simulate({
    apply: (s, seat, a, now) => engine.apply(s, seat, a, now + startedAt),
    advance: (s, now) => engine.advance(s, now + startedAt),
    nextDeadline: (s) => { const d = game.nextDeadline(s); return d === null ? null : d - startedAt; },
  }, game.setup(options, seats, setup.seed, startedAt), {
    propose: (s, now) => propose(s, now + startedAt), done: (s) => game.result(s) !== null, maxSteps: 20_000, refusals: 'ignore',
    label: `${game.id} seed ${seed}`,
  });
  return { setup, log, state: run.state };
}

let store: Store;
beforeAll(async () => { store = await openStore({ dataDir: 'memory://', databaseUrl: '' }); });
afterAll(async () => { await store.close(); });

describe('replays rebuild the game that was played', () => {
  it.each(games.map((g) => [g.id, g] as const))('%s: 200 seeded bot games rebuilt from their logs end identically', async (_id, game) => {
    let finished = 0;
    for (let seed = 1; seed <= GAMES_PER_GAME; seed++) {
      const played = playOne(game, seed);
      let { setup, log } = played;
      if (seed <= STORE_ROUND_TRIPS) {
        const id = `${game.id}-${seed}`;
        await store.startGameSession({ id, game: game.id, variant: setup.options.variant, options: setup.options, seed: setup.seed,
          startedAt: setup.startedAt, seats: [], private: false, rated: false });
        for (let i = 0; i * 50 < log.length; i++) await store.appendGameLog(id, i, log.slice(i * 50, i * 50 + 50));
        const session = (await store.getGameSession(id))!;
        setup = { options: session.options, seats: setup.seats, seed: session.seed, startedAt: session.startedAt };
        log = await store.readGameLog(id);
        expect(log).toEqual(played.log);
      }
      const rebuilt = rebuild(game, setup, log);
      // Deep equality, not JSON text: jsonb keeps object keys in its own order.
      if (!isDeepStrictEqual(rebuilt.state, played.state)) expect(rebuilt.state, `${game.id} seed ${seed}`).toStrictEqual(played.state);
      expect(rebuilt.result).toEqual(game.result(played.state));
      if (rebuilt.result) finished++;
    }
    expect(finished).toBe(GAMES_PER_GAME);
  }, 600_000);

  it('throws when a log no longer matches the engine', () => {
    const game = games.find((g) => g.id === 'bip_bip')!;
    const { setup, log } = playOne(game, 7);
    const applied = log.findIndex((e) => e.k === 'a');
    const broken = log.map((e, i) => (i === applied && e.k === 'a' ? { ...e, s: (e.s + 1) % setup.seats, a: { type: 'no_such_action' } } : e));
    expect(() => rebuild(game, setup, broken)).toThrow(/entry/);
  });
});
