/**
 * Issue 28, item 5: one address cannot take every live-view slot of a tournament. Streams are
 * counted per client address (X-Forwarded-For believed from the loopback proxy, TRUST_PROXY); the
 * cap+1-th stream from one address gets a JSON 429 while another address still gets a stream, and
 * a closed stream gives its slot back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootServer, eventually, type TestServer } from '../support/server.js';

const CAP = 3;

describe('live tournament streams per address', () => {
  let server: TestServer;
  let tournamentId = '';
  const open: AbortController[] = [];

  beforeAll(async () => {
    server = await bootServer({ TRUST_PROXY: 'loopback', SSE_STREAMS_PER_ADDRESS: CAP });
    const res = await fetch(`${server.http}/api/tournaments`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Live', game: 'car_exchange', variant: 'classic', tableSize: 4, rounds: 2, format: 'swiss' }),
    });
    expect(res.status).toBe(201);
    tournamentId = ((await res.json()) as { tournament: { id: string } }).tournament.id;
  });

  afterAll(async () => {
    for (const c of open) c.abort();
    await server.stop();
  });

  /** Opens the public stream as `address`; a stream (200) stays open until aborted, with its first frame read. */
  async function stream(address: string): Promise<{ status: number; body: unknown; controller: AbortController }> {
    const controller = new AbortController();
    open.push(controller);
    const res = await fetch(`${server.http}/api/tournaments/${tournamentId}/events`, { headers: { 'X-Forwarded-For': address }, signal: controller.signal });
    if (res.status !== 200) return { status: res.status, body: await res.json(), controller };
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    let text = '';
    while (!text.includes('event: tournament')) {
      const chunk = await reader.read();
      if (chunk.done) break;
      text += new TextDecoder().decode(chunk.value);
    }
    expect(text).toContain('event: tournament');
    return { status: 200, body: null, controller };
  }

  it('refuses the cap+1-th stream from one address with a JSON error; another address still gets one', async () => {
    const first: AbortController[] = [];
    for (let i = 0; i < CAP; i++) {
      const s = await stream('198.51.100.1');
      expect(s.status).toBe(200);
      first.push(s.controller);
    }
    const refused = await stream('198.51.100.1');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'too_many_streams' });
    expect((await stream('198.51.100.2')).status).toBe(200);

    // Closing a stream gives the address its slot back.
    first[0].abort();
    await eventually(async () => {
      const again = await stream('198.51.100.1');
      if (again.status !== 200) return false;
      return true;
    }, 30_000, 'a freed slot');
  });
});
