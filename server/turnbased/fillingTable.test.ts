import { describe, expect, it } from 'vitest';
import { FillingTable } from './fillingTable.js';
import type { GameSessionRecord } from '../store/index.js';

type Seats = GameSessionRecord['seats'];
const seat = (n: number) => ({ seat: n, name: `P${n}`, identityId: `u${n}`, bot: false });

/** The store's four calls, with the row's token and the writes it saw (each answered when `release` is called). */
function fakeStore(fence = 1) {
  const writes: Seats[] = [];
  const pending: (() => void)[] = [];
  const row = { fence, filling: true, dropped: false };
  return {
    row, writes,
    release: () => { for (const p of pending.splice(0)) p(); },
    store: {
      openFillingSession: async () => undefined,
      updateFillingSeats: (_id: string, f: number, seats: Seats) => new Promise<boolean>((resolve) => {
        pending.push(() => { const ok = f === row.fence && row.filling; if (ok) writes.push(seats); resolve(ok); });
      }),
      dropFillingSession: async (_id: string, f: number) => { const ok = f === row.fence && row.filling; if (ok) row.dropped = true; return ok; },
      sessionFences: async () => new Map([['t1', row.fence]]),
    },
  };
}

describe('FillingTable', () => {
  it('writes one at a time, only the latest seats after the write in flight', async () => {
    const s = fakeStore();
    let seats: Seats = [seat(0)];
    const table = FillingTable.reopened(s.store, 't1', 1, () => seats, () => undefined);
    table.changed();
    seats = [seat(0), seat(1)];
    table.changed();
    seats = [seat(0), seat(1), seat(2)];
    table.changed();
    const flushed = table.flush();
    for (let i = 0; i < 5; i++) { await Promise.resolve(); s.release(); await new Promise((r) => setImmediate(r)); }
    await flushed;
    expect(s.writes.map((w) => w.length)).toEqual([1, 3]);
  });

  it('stops when another process holds the table, and never drops its row', async () => {
    const s = fakeStore(2);
    let lost = 0;
    const table = FillingTable.reopened(s.store, 't1', 1, () => [seat(0)], () => { lost++; });
    table.changed();
    const flushed = table.flush();
    await new Promise((r) => setImmediate(r));
    s.release();
    await flushed;
    await new Promise((r) => setImmediate(r));
    expect(table.lost).toBe(true);
    expect(lost).toBe(1);
    await table.drop();
    expect(s.row.dropped).toBe(false);
  });

  it('drops its row when its last player leaves, but not once stopped (a start, a shutdown, a handover)', async () => {
    const left = fakeStore();
    await FillingTable.reopened(left.store, 't1', 1, () => [], () => undefined).drop();
    expect(left.row.dropped).toBe(true);
    const stopped = fakeStore();
    const table = FillingTable.reopened(stopped.store, 't1', 1, () => [], () => undefined);
    await table.stop();
    table.changed();
    await table.drop();
    expect(stopped.row.dropped).toBe(false);
    expect(stopped.writes).toEqual([]);
  });
});
