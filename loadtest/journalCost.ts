/**
 * `npx tsx loadtest/journalCost.ts [--tables 250] [--rounds 40]`: the store cost of the journal per
 * entry, in this process' CPU time (less sensitive to a busy machine than wall time), on a fresh
 * embedded store: every table records one entry per turn of the event loop and the group commit
 * writes them (issue 24), against the action log before it (issue 18: 64-entry chunks per table,
 * `appendGameLog`). Prints one JSON line.
 */
import { parseArgs } from 'node:util';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type GameSessionRecord, type Store } from '../server/store/index.js';
import { ActionLogWriter } from '../server/rooms/actionLog.js';
import { committerFor } from '../server/journal/committer.js';
import type { LogEntry } from '../shared/replay/log.js';

const { values } = parseArgs({ options: { tables: { type: 'string', default: '250' }, rounds: { type: 'string', default: '40' } } });
const tables = Number(values.tables);
const rounds = Number(values.rounds);

const session = (id: string): GameSessionRecord => ({
  id, game: 'railway_madness', variant: 'classic', options: { variant: 'classic', players: 4 }, seed: 1, startedAt: 1_000,
  seats: [0, 1, 2, 3].map((seat) => ({ seat, name: `P${seat}`, identityId: null, bot: false })), private: false, rated: false,
});
const action = (i: number) => ({ type: 'grab', slot: i % 9, card: `c${i}` });
const turn = () => new Promise((resolve) => setImmediate(resolve));

function cpuMs(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

async function journal(store: Store) {
  const writers = Array.from({ length: tables }, (_, t) => new ActionLogWriter(store, session(`j-${t}`)));
  await Promise.all(writers.map((w) => w.whenDurable()));
  const committer = committerFor(store);
  const commitsBefore = committer.commits;
  const start = process.cpuUsage();
  const wallStart = performance.now();
  for (let r = 0; r < rounds; r++) {
    for (const w of writers) w.applied(r % 4, action(r), 1_000 + r * 10, true);
    await Promise.all(writers.map((w) => w.whenDurable()));
    await turn();
  }
  // Everything in the rows before the clock stops (the embedded store moves its spool in on a read).
  await store.readGameLog('j-0');
  return { cpuMsPerEntry: cpuMs(start) / (tables * rounds), wallMsPerRound: (performance.now() - wallStart) / rounds, commits: committer.commits - commitsBefore };
}

async function chunks(store: Store) {
  for (let t = 0; t < tables; t++) await store.startGameSession(session(`c-${t}`));
  const pending: LogEntry[][] = Array.from({ length: tables }, () => []);
  const start = process.cpuUsage();
  let chunk = 0;
  for (let r = 0; r < rounds; r++) {
    for (let t = 0; t < tables; t++) pending[t].push(JSON.parse(JSON.stringify({ k: 'a', s: r % 4, a: action(r), t: r * 10, r: 1 })) as LogEntry);
    if ((r + 1) % 64 === 0 || r === rounds - 1) {
      await Promise.all(pending.map((entries, t) => store.appendGameLog(`c-${t}`, chunk, entries)));
      pending.forEach((p) => p.splice(0));
      chunk++;
    }
    await turn();
  }
  return { cpuMsPerEntry: cpuMs(start) / (tables * rounds) };
}

const dir = mkdtempSync(join(tmpdir(), 'junction-journal-cost-'));
try {
  const store = await openStore({ dataDir: join(dir, 'pglite'), databaseUrl: '' });
  const before = await chunks(store);
  const after = await journal(store);
  await store.close();
  console.log(JSON.stringify({ bench: 'journalCost', tables, rounds, entries: tables * rounds, chunks64: before, groupCommit: after }));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
