/**
 * A new guest's default name is in the client's language (issue 27: a French page showed
 * "Guest594#055"): POST /api/identity { lang } on a real server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootServer, type TestServer } from '../support/server.js';

let server: TestServer;
beforeAll(async () => { server = await bootServer(); });
afterAll(async () => { await server.stop(); });

async function newGuest(body?: unknown): Promise<{ status: number; json: { identity?: { name: string; display: string }; code?: string } }> {
  const res = await fetch(`${server.http}/api/identity`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: await res.json() as { identity?: { name: string; display: string }; code?: string } };
}

describe('a new guest is named in the client\'s language', () => {
  it('French: "Invité123"; English and no language: "Guest123"', async () => {
    const fr = await newGuest({ lang: 'fr' });
    expect(fr.status).toBe(201);
    expect(fr.json.identity!.name).toMatch(/^Invité\d{3}$/);
    expect(fr.json.identity!.display).toMatch(/^Invité\d{3}#\d{4}$/);
    expect((await newGuest({ lang: 'en' })).json.identity!.name).toMatch(/^Guest\d{3}$/);
    expect((await newGuest()).json.identity!.name).toMatch(/^Guest\d{3}$/);
  });

  it('any other language is refused with a code', async () => {
    for (const lang of ['de', 42, '<script>', '']) {
      const r = await newGuest({ lang });
      expect(r.status, String(lang)).toBe(400);
      expect(r.json.code).toBe('bad_request');
    }
  });
});
