/**
 * `npx tsx loadtest/logBytes.ts [--games 50]`: the stored size of action logs and public replays
 * (docs/benchmarks.md "Action logs and replays"). For each game, seeded bot games at its default
 * options and smallest and largest table are recorded in the room's log format, written to an
 * embedded store in 64-entry chunks (as the room does), read back and rebuilt into replay frames.
 * Prints one JSON line per game: entries and bytes per game (jsonb text in the store) and the
 * public replay's JSON size.
 */
import { parseArgs } from 'node:util';
import { games } from '../shared/games/registry.js';
import { Rng } from '../shared/random.js';
import { botProposals, simulate } from '../shared/games/testing/simulate.js';
import { recordingEngine } from '../shared/replay/recorder.js';
import type { LogEntry } from '../shared/replay/log.js';
import { openStore } from '../server/store/index.js';
import { ReplayBuilder } from '../server/http/replays.js';

const { values } = parseArgs({ options: { games: { type: 'string', default: '50' } } });
const perGame = Number(values.games);
const store = await openStore({ dataDir: 'memory://', databaseUrl: '' });
const replays = new ReplayBuilder(store);

for (const game of games) {
  const base = game.optionsSchema.parse({});
  const range = game.seatRange(base);
  const entries: number[] = [];
  const bytes: number[] = [];
  const replayBytes: number[] = [];
  for (let i = 0; i < perGame; i++) {
    const seats = i % 2 ? range.max : range.min;
    const options = game.optionsSchema.parse({ players: seats });
    const startedAt = 1_700_000_000_000;
    const log: LogEntry[] = [];
    const engine = recordingEngine(game, startedAt, log);
    const rng = new Rng(i + 1);
    const propose = botProposals(game.bot.bind(game), Array.from({ length: seats }, (_, s) => s), () => 'easy', rng);
    simulate({
      apply: (s, seat, a, now) => engine.apply(s, seat, a, now + startedAt),
      advance: (s, now) => engine.advance(s, now + startedAt),
      nextDeadline: (s) => { const d = game.nextDeadline(s); return d === null ? null : d - startedAt; },
    }, game.setup(options, seats, i + 1, startedAt), {
      propose: (s, now) => propose(s, now + startedAt), done: (s) => game.result(s) !== null, maxSteps: 20_000, refusals: 'ignore',
    });
    const id = `${game.id}-${i}`;
    const session = { id, game: game.id, variant: options.variant, options, seed: i + 1, startedAt, seats: [], private: false, rated: false };
    await store.startGameSession(session);
    for (let c = 0; c * 64 < log.length; c++) await store.appendGameLog(id, c, log.slice(c * 64, c * 64 + 64));
    entries.push(log.length);
    bytes.push(await store.gameLogBytes(id));
    const replay = await replays.build(game, session, null);
    replayBytes.push(JSON.stringify(replay).length);
  }
  const avg = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) / xs.length);
  console.log(JSON.stringify({
    game: game.id, games: perGame, seats: [range.min, range.max], entriesPerGame: avg(entries),
    logBytesPerGame: avg(bytes), logBytesMax: Math.max(...bytes), bytesPerEntry: Math.round(avg(bytes) / Math.max(1, avg(entries))),
    publicReplayBytesPerGame: avg(replayBytes), publicReplayBytesMax: Math.max(...replayBytes),
  }));
}
await store.close();
