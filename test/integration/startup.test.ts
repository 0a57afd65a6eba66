/** Start-up fails fast with a message an operator can act on when the database never answers. */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJunction } from '../../server/app.js';

let silent: net.Server;
const sockets: net.Socket[] = [];
beforeAll(async () => {
  // Accepts connections and never says a word, like a port behind a broken proxy.
  silent = net.createServer((socket) => { sockets.push(socket); });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

describe('start-up', () => {
  it('gives up on a database port that accepts but never answers, within CONNECT_TIMEOUT_MS, naming where it waited', async () => {
    const port = (silent.address() as net.AddressInfo).port;
    await expect(startJunction({
      PORT: 0, HOST: '127.0.0.1', DATABASE_URL: `postgres://junction:secret@127.0.0.1:${port}/junction`, CONNECT_TIMEOUT_MS: 1500, REDIS_URL: undefined,
    })).rejects.toThrow(new RegExp(`PostgreSQL at 127\\.0\\.0\\.1:${port}/junction did not answer within 1500 ms`));
  }, 60_000);
});
