/** The tournament HTTP API as the integration tests drive it (docs/protocol.md "Tournaments"). */
import type { TestServer } from './server.js';

export interface Json { [k: string]: any } // eslint-disable-line @typescript-eslint/no-explicit-any

export interface Player { name: string; token: string; seatId: string; playerId: string }

/** One call to `/api/tournaments<url>`: its status and JSON body (`{}` when empty). */
export async function api(server: TestServer, method: string, url: string, body?: unknown, token?: string): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${server.http}/api/tournaments${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) as Json : {} };
}

/** The same call, which must succeed: its body, or an error naming the call and the answer. */
export async function ok(server: TestServer, method: string, url: string, body?: unknown, token?: string): Promise<Json> {
  const r = await api(server, method, url, body, token);
  if (r.status >= 300) throw new Error(`${method} ${url} → ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}
