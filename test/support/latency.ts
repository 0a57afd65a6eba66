/**
 * Lets a room time a raw test client's round trip (ping → pong → echo of its nonce), as the
 * browser client does. `delayMs` holds each echo back, as a player on a slower line would.
 */
import type { Room } from 'colyseus.js';

export async function measured(room: Room, delayMs = 0, probes = 4): Promise<void> {
  let pongs = 0;
  room.onMessage('pong', (m: { n: number }) => {
    pongs++;
    setTimeout(() => room.send('echo', { n: m.n }), delayMs);
  });
  for (let i = 1; i <= probes; i++) {
    room.send('ping', { c: Date.now() });
    const until = Date.now() + 30_000; // a loaded machine
    while (pongs < i && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
    if (pongs < i) throw new Error('no pong from the room');
    // Answer this probe before the next one replaces its nonce.
    await new Promise((r) => setTimeout(r, delayMs + 10));
  }
}
