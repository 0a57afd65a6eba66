/**
 * Collections that live as long as the process and gain an entry per table, seat or player:
 * `junction_process_entries{holder}` on /metrics. Once every table has closed each must be back
 * where it stood idle (issue 31: memory that comes back; test/memory-release.test.ts checks it
 * through a real server process, `npm run bench -- memory` prints it).
 */
import { LocalPresence, type Presence } from '@colyseus/core';
import client from 'prom-client';
import { localTables } from '../journal/localTables.js';
import { registry } from './metrics.js';

/** A holder's size: one count, or counts by kind (e.g. the in-memory presence's keys by prefix). */
type Count = () => number | Record<string, number>;

const holders = new Map<string, Count>();

export function countEntries(holder: string, count: Count): void {
  holders.set(holder, count);
}

export const processEntries = new client.Gauge({
  name: 'junction_process_entries',
  help: 'Entries in process-wide collections that grow with tables, seats or players (by holder); back to their idle values once every table closed',
  labelNames: ['holder'],
  registers: [registry],
  collect() {
    this.reset();
    for (const [holder, count] of holders) {
      const value = count();
      if (typeof value === 'number') this.set({ holder }, value);
      else for (const [kind, n] of Object.entries(value)) this.set({ holder: `${holder}:${kind}` }, n);
    }
  },
});

/** Keys by prefix (the key up to its last ':'), so one count per kind of key rather than one per id. */
export function byPrefix(keys: Iterable<string>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const key of keys) {
    const cut = key.lastIndexOf(':');
    const prefix = cut > 0 ? key.slice(0, cut) : '(no prefix)';
    out[prefix] = (out[prefix] ?? 0) + 1;
  }
  return out;
}

/** The process's own holders (server/app.ts): its online marks, journaled tables and, in memory, the presence's keys. */
export function watchProcessEntries(online: { readonly size: number }, presence: Presence): void {
  countEntries('online_marks', () => online.size);
  countEntries('journal_tables', () => localTables.all().length);
  if (!(presence instanceof LocalPresence)) return; // Redis holds those, and expires them itself
  countEntries('presence_keys', () => byPrefix([...Object.keys(presence.keys), ...Object.keys(presence.data), ...Object.keys(presence.hash)]));
  countEntries('presence_channels', () => presence.subscriptions.eventNames().length);
}
