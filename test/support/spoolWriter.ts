/**
 * A process that journals like a server does and then waits to be killed (test/journal.spool.test.ts):
 * `tsx test/support/spoolWriter.ts <dataDir> <gameId> <entries>` opens the embedded store, writes
 * the session and one commit per entry, prints "committed <n>" once every commit has returned,
 * and sleeps. Nothing is moved into the store before the kill (its spool moves in once an hour).
 */
import { openStore, type GameSessionRecord } from '../../server/store/index.js';

const [dataDir, gameId, count] = process.argv.slice(2);
const session: GameSessionRecord = {
  id: gameId, game: 'railway_madness', variant: 'classic', options: { variant: 'classic', players: 2 }, seed: 7, startedAt: 1_000,
  seats: [0, 1].map((seat) => ({ seat, name: `P${seat}`, identityId: null, bot: false })), private: false, rated: false,
};
const store = await openStore({ dataDir, databaseUrl: '', journalMoveEveryMs: 3_600_000 });
await store.commitJournal({ sessions: [{ session, owner: 'writer', fence: 1, code: null }], chunks: [] });
for (let i = 0; i < Number(count); i++) {
  await store.commitJournal({ sessions: [], chunks: [{ gameId, chunk: i, fence: 1, entries: [{ k: 'x', t: i }] }] });
}
process.stdout.write(`committed ${count}\n`);
setInterval(() => undefined, 60_000);
