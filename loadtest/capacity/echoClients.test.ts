/**
 * The capacity bench's baselines answer: the bare Colyseus echo room and the plain `ws` echo, each
 * started as its own process, reply to every message their bench client sends, and the client
 * measures one latency per reply. The raw seat (the capacity generator's Colyseus protocol without
 * colyseus.js) is checked against the bare echo room the same way.
 */
import { describe, expect, it } from 'vitest';
import { startServerOnFreePort } from '../serverProcess.js';
import { ColyseusEchoClient, RawEchoClient, WsEchoClient } from './echoClients.js';

const ECHO_SCRIPT = 'loadtest/capacity/echoServer.ts';

async function untilReplies(client: { stats: { latencies: number[] } }, count: number): Promise<void> {
  const until = Date.now() + 30_000;
  while (client.stats.latencies.length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
}

describe('capacity echo servers', () => {
  for (const kind of ['colyseus', 'ws', 'raw'] as const) {
    it(`the ${kind} echo client gets each paced message answered once`, async () => {
      const server = await startServerOnFreePort({ ECHO_KIND: kind === 'ws' ? 'ws' : 'colyseus' }, 3, ECHO_SCRIPT);
      const client = kind === 'ws' ? new WsEchoClient(1, [10, 20]) : kind === 'raw' ? new RawEchoClient(1, [10, 20]) : new ColyseusEchoClient(1, [10, 20]);
      try {
        // The raw seat matchmakes over HTTP first; the others open the websocket directly.
        await client.connect(`${kind === 'raw' ? 'http' : 'ws'}://127.0.0.1:${server.port}`);
        client.start();
        await untilReplies(client, 5);
        client.stop();
        // Replies still in flight when the client stopped may land: wait, then compare.
        await new Promise((r) => setTimeout(r, 300));
        expect(client.stats.latencies.length).toBeGreaterThanOrEqual(5);
        expect(client.stats.latencies.length).toBe(client.stats.actions);
        expect(client.stats.errors).toEqual([]);
      } finally {
        await client.close();
        await server.stop();
      }
    }, 200_000);
  }
});
