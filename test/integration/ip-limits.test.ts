/** Per-IP limits on code look-ups and matchmaking: over the limit the answer is HTTP 429, and it recovers. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootServer, type TestServer } from '../support/server.js';

let server: TestServer;
beforeAll(async () => {
  // Look-ups: 3 in a 10-second window, so a loaded machine cannot spread the burst past the window.
  server = await bootServer({ CODE_LOOKUP_BURST: 3, CODE_LOOKUP_PER_SECOND: 0.3, JOIN_BURST: 3, JOIN_PER_SECOND: 2 });
});
afterAll(async () => { await server.stop(); });

describe('per-IP rate limits', () => {
  it('answers 429 to a fourth code look-up in a burst, and serves again after a pause', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await fetch(`${server.http}/api/rooms/code/ABCDEF`)).status);
    expect(statuses.slice(0, 3)).toEqual([404, 404, 404]);
    expect(statuses.slice(3)).toEqual([429, 429]);
    await new Promise((r) => setTimeout(r, 10_100)); // the window is over (a slower machine only waits longer)
    expect((await fetch(`${server.http}/api/rooms/code/ABCDEF`)).status).toBe(404);
  });

  it('refuses matchmaking requests over the burst with a clear message', async () => {
    const attempts = await Promise.allSettled(Array.from({ length: 6 }, () => server.client().create('railway_madness', { private: true, players: 2 })));
    const refused = attempts.filter((a) => a.status === 'rejected');
    expect(refused.length).toBeGreaterThan(0);
    expect(String((refused[0] as PromiseRejectedResult).reason)).toMatch(/Too many join attempts/);
    await Promise.all(attempts.map((a) => (a.status === 'fulfilled' ? a.value.leave(true) : undefined)));
  });
});
