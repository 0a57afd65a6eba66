/**
 * `npm run bench -- wire [--seats 4] [--trials 3]`: one seeded table of every game, replayed
 * through the room's encoder with one client per seat (server/state/wireReplay.ts), once with
 * the game's own mirror and once with every view as a JSON string (what every game sent before
 * issue 14). Prints bytes per state change per client and the server's µs per change (mirror +
 * encoding), both ways, per game. No server process: the bytes are the ones Colyseus would write
 * for these changes.
 */
import { games } from '../../shared/games/registry.js';
import { jsonViewsMirror as jsonMirror } from './jsonViews.js';
import { mirrorFor, typedGames } from '../../server/state/mirrors.js';
import { replayWire } from '../../server/state/wireReplay.js';

export async function runScenario(values: { seats?: string; trials?: string }): Promise<unknown> {
  const trials = Math.min(20, Number(values.trials ?? 3) || 3);
  const rows = games.map((game) => {
    const seats = Math.min(Number(values.seats ?? 4), game.seatRange(game.optionsSchema.parse({})).max);
    let before = 0;
    let after = 0;
    let changes = 0;
    let microsBefore = 0;
    let microsAfter = 0;
    let cpuBefore = 0;
    let cpuAfter = 0;
    let writesBefore = 0;
    let writesAfter = 0;
    for (let seed = 1; seed <= trials; seed++) {
      // Before: JSON views and a separate `events` broadcast; after: typed views, public events in the patch's log.
      const json = replayWire(game, jsonMirror, { seed, seats, eventsBroadcast: true });
      const typed = replayWire(game, mirrorFor(game.id), { seed, seats });
      before += json.bytesPerChangePerClient * json.changes;
      after += typed.bytesPerChangePerClient * typed.changes;
      // Timed again without decoding, so the clients' work (and its garbage) is not in the server's figure.
      const jsonTimed = replayWire(game, jsonMirror, { seed, seats, decode: false });
      const typedTimed = replayWire(game, mirrorFor(game.id), { seed, seats, decode: false });
      microsBefore += jsonTimed.serverMicrosPerChange * jsonTimed.changes;
      microsAfter += typedTimed.serverMicrosPerChange * typedTimed.changes;
      cpuBefore += jsonTimed.serverCpuMicrosPerChange * jsonTimed.changes;
      cpuAfter += typedTimed.serverCpuMicrosPerChange * typedTimed.changes;
      changes += typed.changes;
      writesBefore += json.writesPerChange * json.changes;
      writesAfter += typed.writesPerChange * typed.changes;
    }
    const round = (n: number) => Math.round(n * 10) / 10;
    return {
      game: game.id, typed: typedGames.includes(game.id), seats, changes,
      jsonBytesPerChange: round(before / changes), bytesPerChange: round(after / changes), ratio: round(before / Math.max(1, after)),
      /** Mirror + encoding every client's patch, µs per change (the first trials include warm-up). */
      jsonServerMicros: round(microsBefore / changes), serverMicros: round(microsAfter / changes),
      /** The same work as this process's CPU time, µs per change (not inflated by other processes on a loaded machine). */
      jsonServerCpuMicros: round(cpuBefore / changes), serverCpuMicros: round(cpuAfter / changes),
      /** Socket writes per state change, all seats' clients together (patches + `events` messages). */
      jsonWritesPerChange: round(writesBefore / changes), writesPerChange: round(writesAfter / changes),
    };
  });
  return { scenario: 'wire', trials, games: rows };
}
