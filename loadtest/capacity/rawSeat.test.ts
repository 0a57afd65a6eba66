/**
 * The capacity bench's raw seats against a real Junction server process: a table of one decoding
 * seat and three raw seats is created, joined and started over the matchmake route and the
 * Colyseus handshake; every seat acts with the view bot and gets its outcomes (acks), and the
 * decoding seat holds the table state. Not timed (the raw echo seat is checked in echoClients.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { findGame } from '../../shared/games/registry.js';
import { startServerOnFreePort } from '../serverProcess.js';
import { RawTables } from './rawTables.js';

async function until(done: () => boolean, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!done() && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
}

describe('raw capacity seats', () => {
  it('one decoding seat and three raw seats join a real railway_madness table, play and get acks', async () => {
    const server = await startServerOnFreePort({ RACE_WINDOW_MS: '0' });
    const tables = new RawTables(`http://127.0.0.1:${server.port}`, findGame('railway_madness')!);
    try {
      await tables.start(4);
      expect(tables.joinErrors).toEqual([]);
      expect(tables.seats).toHaveLength(4);
      // Every seat, the three that never decode a patch included, has actions acknowledged.
      await until(() => tables.seats.every((s) => s.stats.latencies.length >= 3));
      for (const seat of tables.seats) {
        expect(seat.stats.latencies.length).toBeGreaterThanOrEqual(3);
        expect(seat.stats.errors).toEqual([]);
      }
      const [host, ...others] = tables.seats;
      const state = host.seat.decoder!.state as unknown as { game: string; phase: string; players: Map<string, unknown> };
      expect(state.game).toBe('railway_madness');
      expect(['playing', 'finished']).toContain(state.phase);
      expect(state.players.size).toBe(4);
      for (const seat of others) expect(seat.seat.decoder).toBeNull();
    } finally {
      await tables.stop();
      await server.stop();
    }
  }, 300_000);
});
