/**
 * Memory that comes back (issue 31): once every table of a real server process has closed, the
 * process-wide collections that grow with tables, seats and players hold what they held idle.
 * Read from the process's own /metrics (`junction_process_entries{holder}`), never from its fields.
 * The players carry guest identities, as browsers do, so identity-keyed entries are made too: the
 * in-memory presence kept one empty online hash per identity that ever sat down (400 after the
 * memory bench's 400 players) until its last connection dropped the key.
 */
import { Client, type Room } from 'colyseus.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerOnFreePort, type ServerProcess } from '../loadtest/serverProcess.js';
import { eventually, ready } from './support/server.js';

let server: ServerProcess;
beforeAll(async () => { server = await startServerOnFreePort(); }, 240_000);
afterAll(async () => { await server?.stop(); });

async function metrics(): Promise<string> {
  return (await fetch(`http://127.0.0.1:${server.port}/metrics`)).text();
}

async function processEntries(): Promise<Record<string, number>> {
  return Object.fromEntries([...(await metrics()).matchAll(/^junction_process_entries\{holder="([^"]+)"\} (\d+)/gm)].map((m) => [m[1], Number(m[2])]));
}

/** Rooms and clients the process counts (its own gauges). */
async function openTables(): Promise<{ rooms: number; clients: number }> {
  const text = await metrics();
  const sum = (name: string) => [...text.matchAll(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\d+)`, 'gm'))].reduce((n, m) => n + Number(m[1]), 0);
  return { rooms: sum('junction_rooms'), clients: sum('junction_clients') };
}

const client = () => new Client(`ws://127.0.0.1:${server.port}`);

/** A private table of `seats` players with guest identities (token ''), started when `start`. */
async function table(seats: number, start: boolean): Promise<Room[]> {
  const host = await ready(await client().create('railway_madness', { name: 'Host', private: true, variant: 'juniors', players: seats, token: '' }));
  const rooms = [host];
  for (let s = 1; s < seats; s++) rooms.push(await ready(await client().joinById(host.roomId, { name: `P${s}`, token: '' })));
  if (start) {
    host.send('start', {});
    await eventually(() => rooms.every((r) => (r.state as { phase: string }).phase === 'playing'), 60_000, 'the table started');
  }
  return rooms;
}

describe('after every table closed', () => {
  it('the process-wide collections keyed by tables, seats and players are back to their idle entries', async () => {
    const idle = await processEntries();
    expect(Object.keys(idle)).toEqual(expect.arrayContaining(['online_marks', 'journal_tables']));
    expect(idle.online_marks).toBe(0);

    const playing = [await table(3, true), await table(2, true)];
    const waiting = await table(2, false);
    const spectator = await ready(await client().joinById(playing[0][0].roomId, { spectator: true }));
    for (const r of [...playing.flat(), ...waiting, spectator]) r.onMessage('*', () => undefined);

    // While they play, the process holds their seven seats' connections and the started tables' journals.
    const open = await eventually(async () => {
      const now = await processEntries();
      return now.online_marks >= 7 && now.journal_tables >= 2 ? now : undefined;
    }, 60_000, 'the seats marked online, the started tables journaled');
    expect(open['presence_keys:junction:online']).toBe(7);

    // Everyone leaves: started tables close once no human is left, the waiting one when empty.
    for (const r of [spectator, ...waiting, ...playing.flat()]) await r.leave(true);
    await eventually(async () => {
      const now = await openTables();
      return now.rooms === 0 && now.clients === 0;
    }, 120_000, 'every table closed');

    const closed = await eventually(async () => {
      const now = await processEntries();
      return now.online_marks === 0 && now.journal_tables === 0 ? now : undefined;
    }, 60_000, 'the marks and journals released');
    for (const [holder, count] of Object.entries(closed)) expect({ holder, count }).toEqual({ holder, count: idle[holder] ?? 0 });
  }, 300_000);
});
