/**
 * A flooding client in its own process (so its busy loop does not slow the load generator that
 * measures the other tables): joins a table of its own, sends pings as fast as the socket takes
 * them, and prints one JSON line per disconnection with how long the server took to cut it off;
 * then comes back and floods again, until killed.
 *
 *   node --import tsx loadtest/abuse/flooder.ts ws://127.0.0.1:PORT
 */
import { Client } from 'colyseus.js';

const endpoint = process.argv[2];

async function floodOnce(): Promise<void> {
  const room = await new Client(endpoint).create('railway_madness', { private: true, players: 2, name: 'Flood' });
  room.onMessage('*', () => undefined);
  const started = Date.now();
  let sent = 0;
  const closed = new Promise<number>((resolve) => room.onLeave((code) => resolve(code)));
  let open = true;
  void closed.then(() => { open = false; });
  while (open) {
    for (let i = 0; i < 500 && open; i++) {
      room.send('ping', { c: sent++ });
    }
    await new Promise((r) => setImmediate(r));
  }
  const code = await closed;
  console.log(JSON.stringify({ cutOffMs: Date.now() - started, code, sent }));
}

for (;;) {
  try {
    await floodOnce();
  } catch (error) {
    console.log(JSON.stringify({ joinError: String(error) }));
    await new Promise((r) => setTimeout(r, 200));
  }
}
