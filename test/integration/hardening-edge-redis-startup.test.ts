/**
 * Issue 28 item 1: a Redis that accepts connections and never answers used to hang start-up for
 * ever (no listener, no /health, no exit). A real `npm start`-like child process is pointed at a
 * black-hole socket this test owns: it must exit non-zero, naming the host it waited for.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, ServerStartError, startServerProcess } from '../../loadtest/serverProcess.js';

let blackHole: net.Server;
const held: net.Socket[] = [];

beforeAll(async () => {
  // Accepts every connection, reads what it is sent, and never writes a byte.
  blackHole = net.createServer((socket) => { held.push(socket); socket.resume(); });
  await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  for (const socket of held) socket.destroy();
  await new Promise((resolve) => blackHole.close(resolve));
});

describe('start-up against a silent Redis', () => {
  it('exits non-zero within REDIS_CONNECT_TIMEOUT_MS, naming the Redis host it waited for', async () => {
    const redisPort = (blackHole.address() as net.AddressInfo).port;
    // The boot limit is far above the deadline (tsx and an embedded store start slowly on a loaded
    // machine) yet finite: a hang, today's failure, ends as "did not become healthy", not "exited".
    const failure = await startServerProcess(await freePort(), {
      REDIS_URL: `redis://127.0.0.1:${redisPort}`, REDIS_CONNECT_TIMEOUT_MS: '2000', LOG_LEVEL: 'info',
    }, 170_000).then(() => null, (error: unknown) => error);
    expect(failure).toBeInstanceOf(ServerStartError);
    const message = (failure as Error).message;
    expect(message).toMatch(/exited \(1\) before it was healthy/);
    expect(message).toContain(`Redis at 127.0.0.1:${redisPort} did not answer within 2000 ms`);
    expect(held.length).toBeGreaterThan(0);
  }, 240_000);
});
